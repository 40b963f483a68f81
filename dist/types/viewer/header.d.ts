import type { PySymbol } from '../model.js';
export declare function symbolHeader(symbol: PySymbol): string;
export declare function symbolDoc(symbol: PySymbol): string;
