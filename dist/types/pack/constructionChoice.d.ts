import type { PySymbol } from '../model.js';
import type { PackMode } from './document.js';
import type { Candidate } from './expansion.js';
import type { PackRun } from './packRun.js';
export interface ConstructionChoice {
    text: string;
    notes: readonly string[];
    /** Constructors whose full code the text holds. */
    inside: readonly string[];
    mode: PackMode;
}
/** Whether code in the document, or a root, calls class `id`. */
export declare function constructedHere(run: PackRun, id: string): boolean;
/**
 * The construction view of a class reached as a callee, constructors in full when that fits, else as
 * stubs; undefined when its full code (allowed in `mode`, and small enough) or its signature (nothing
 * to leave out) stays the choice. `members`: the symbols nested in the class.
 */
export declare function constructionChoice(run: PackRun, symbol: PySymbol, members: readonly string[], candidate: Candidate, mode: PackMode): ConstructionChoice | undefined;
