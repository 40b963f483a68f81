import type { PySymbol } from '../model.js';
export declare const TEST_FACTOR = 0.3;
export declare const TEST_FACTOR_WHEN_ASKED = 0.8;
export declare function isTestCode(symbol: PySymbol): boolean;
export declare function isVendored(file: string): boolean;
/** Whether a question is about tests: then tests keep most of their weight. */
export declare function asksAboutTests(query: string): boolean;
/** The query-independent factor of a symbol (the test factor applies later, per query). */
export declare function staticPrior(symbol: PySymbol, callers: number): number;
