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
    /** A class's direct members that are changed symbols of their own (shown on their own, never inside its smaller views). */
    changedMembers?: readonly PySymbol[];
    /** A new file's definitions at its top level, when every one is a plain addition: its module is shown as the whole file first. */
    fileMembers?: readonly PySymbol[];
}
/**
 * An added or removed class without the members shown on their own: its header, docstring and
 * class-level lines, each member's span left out (its stub would repeat the member's own block).
 */
export declare function classOwnText(symbol: PySymbol, members: readonly PySymbol[]): string;
/** What a `#N` suffix means, in words ("3rd definition of `f`, the implementation after two `@overload`s"). */
export declare function definitionNote(symbol: PySymbol, sameName: readonly PySymbol[]): string | undefined;
/**
 * The one view of a mechanical change (annotation, docstring or formatting only, diff/changeClass.ts):
 * its changed lines with one line of context, packed after everything else (pack/tailItems.ts).
 */
export declare function mechanicalViews(input: ViewInput, what: string): ItemView[];
/** The views of one changed symbol, best first (the packer packs the first that fits). */
export declare function viewsOf(input: ViewInput): ItemView[];
