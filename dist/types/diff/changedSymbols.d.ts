import type { FileRecord, PySymbol, SymbolKind } from '../model.js';
import { type FileChange, type LineRange } from './hunks.js';
export type SymbolChange = 'added' | 'modified' | 'removed';
export interface ChangedSymbol {
    id: string;
    /** Head path; for a removed symbol, the base path its lines refer to. */
    file: string;
    name: string;
    kind: SymbolKind;
    change: SymbolChange;
    /** Head span; base span for a removed symbol. */
    lines: LineRange;
    /** On an added symbol that is a removed one moved or renamed (moves.ts): the removed end's (base) id. */
    movedFrom?: string;
    /** On a removed symbol that moved or was renamed: the added end's (head) id. */
    movedTo?: string;
    /** Set on both ends of a move: 'renamed' when the simple name differs, else 'moved'. */
    moveKind?: 'moved' | 'renamed';
    /** Set on both ends of a move: body similarity, 0..1 (moves.ts). */
    similarity?: number;
}
export interface ChangedSymbolsInput {
    changes: readonly FileChange[];
    /** Base-side records by base path (read at the merge base). */
    baseFiles: readonly FileRecord[];
    /** Head-side records by head path. */
    headFiles: readonly FileRecord[];
}
export interface ChangedSymbolsResult {
    changed: ChangedSymbol[];
    /** Base symbols that head no longer has; ids (and module/parent) re-rooted at the head path of a renamed file. */
    removedSymbols: PySymbol[];
    /** Changed files that are not Python: listed, not analysed. */
    nonPython: string[];
    notes: string[];
}
/** Which symbols the changes added, modified and removed; sorted by file, start line, id. */
export declare function computeChangedSymbols(input: ChangedSymbolsInput): ChangedSymbolsResult;
/**
 * Removed symbols whose name the head scope that held them binds again (`from .new_home import f` in the
 * module that defined `f`, `g = other` in place of `def g`): head's binding is what the name means now.
 * Members of those are included. Sorted ids.
 */
export declare function reboundInHead(headFiles: readonly FileRecord[], removedSymbols: readonly PySymbol[]): string[];
/**
 * Head records plus the removed symbols, for building the graph the digest's "still called" check needs:
 * a removed symbol joins the head record of its (re-rooted) module, or a record of its own when the
 * whole file is gone, so name and import resolution can still find it; one whose id the files still
 * define is left out, and so is one whose name head binds again in the same scope (reboundInHead): the
 * base copy would shadow head's own binding (an import from the symbol's new home) and turn every use
 * of it into a false "removed but still called". Inputs are not mutated.
 */
export declare function withRemovedSymbols(headFiles: readonly FileRecord[], removedSymbols: readonly PySymbol[]): FileRecord[];
