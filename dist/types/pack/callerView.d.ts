import type { PySymbol } from '../model.js';
import type { ItemView } from './document.js';
import type { PackRun } from './packRun.js';
export declare const WHOLE_LINES = 24;
export declare const CONTEXT = 3;
export declare const MAX_MODULE_LINES = 12;
export interface CallerViewInput {
    symbol: PySymbol;
    /** Head lines of the calls to what the document holds, with the called name (last dotted part). */
    calls: readonly {
        line: number;
        name: string;
    }[];
    /** The file's symbols (for the text of a module-level line). */
    fileSymbols: readonly PySymbol[];
}
/** The view of a caller, or undefined when it is shown whole (short, or no call line known). */
export declare function callerView(input: CallerViewInput): ItemView | undefined;
/**
 * The text of line `line` of `caller` (a definition or module-level code), the call there being to
 * `name`; undefined when it cannot be told (see the top of the file).
 */
export declare function callLineText(symbols: ReadonlyMap<string, PySymbol>, caller: PySymbol, line: number, name: string): string | undefined;
/** A caller's view in a pack: its calls to what the document holds (roots, packed symbols and what they contain). */
export declare function callerViewIn(run: PackRun, symbol: PySymbol): ItemView | undefined;
