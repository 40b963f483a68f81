import type { PySymbol } from '../model.js';
import type { DigestItem, PackMode } from './document.js';
/** The outermost items packed in full (or in one of `modes`) whose symbol lies inside `symbol`. */
export declare function packedInside(symbol: PySymbol, items: readonly DigestItem[], symbols: ReadonlyMap<string, PySymbol>, modes?: readonly PackMode[]): PySymbol[];
/** `symbol.full` with each of `members` (inside it, in line order) replaced by its reference line. */
export declare function elideMembers(symbol: PySymbol, members: readonly PySymbol[]): string;
