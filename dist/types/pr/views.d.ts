import { type MoveFields, type SymbolChangeInfo } from '../diff/symbolDiff.js';
import type { PySymbol } from '../model.js';
import type { ItemView } from '../pack/document.js';
export interface ViewInput {
    change: 'added' | 'modified' | 'removed';
    symbol: PySymbol;
    info?: SymbolChangeInfo;
    move?: MoveFields;
    /** Other definitions of the same scope (for `#2` ids), in source order; the symbol itself included. */
    sameName?: readonly PySymbol[];
}
/** What a `#N` suffix means, in words ("3rd definition of `f`, the implementation after two `@overload`s"). */
export declare function definitionNote(symbol: PySymbol, sameName: readonly PySymbol[]): string | undefined;
/** The views of one changed symbol, best first (the packer packs the first that fits). */
export declare function viewsOf(input: ViewInput): ItemView[];
