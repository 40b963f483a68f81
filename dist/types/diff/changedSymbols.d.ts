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
 * Head records plus the removed symbols, for building the graph the digest's "still called" check needs:
 * a removed symbol joins the head record of its (re-rooted) module, or a record of its own when the
 * whole file is gone, so name and import resolution can still find it; one whose id the files still
 * define is left out. Inputs are not mutated.
 */
export declare function withRemovedSymbols(headFiles: readonly FileRecord[], removedSymbols: readonly PySymbol[]): FileRecord[];
