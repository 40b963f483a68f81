import type { LineRange } from './hunks.js';
/** What diff/changedSymbols.ts adds to a changed symbol for moves and renames (optional on both ends). */
export interface MoveFields {
    movedFrom?: string;
    movedTo?: string;
    moveKind?: 'moved' | 'renamed';
    similarity?: number;
}
export interface SymbolChangeInfo {
    /** The whole symbol as diff lines (a module: its own lines only). */
    lines: DiffLine[];
    /** Set when the header (`def ...:` / `class ...:`) changed: both versions, whitespace collapsed. */
    signature?: {
        before: string;
        after: string;
    };
    /** Base text was not available: deleted lines are unknown. */
    baseUnknown?: true;
}
export type DiffTag = ' ' | '+' | '-';
export interface DiffLine {
    tag: DiffTag;
    text: string;
    /** Base line number (context and `-` lines). */
    oldLine?: number;
    /** Head line number (context and `+` lines). */
    newLine?: number;
    /** `+` lines cut from git's hunks: the base line they come after (where git's `-a,0` header points). */
    afterOld?: number;
}
export interface DiffSide {
    /** The whole file's lines (index 0 is line 1). */
    fileLines: readonly string[];
    /** The symbol's span in that file; for a module, the whole file. */
    span: LineRange;
    /** Lines of the span that belong to nested definitions and are not this symbol's (modules only). */
    notOwn?: (line: number) => boolean;
}
export interface SameFileDiffInput {
    base?: DiffSide;
    head?: DiffSide;
    /** Base lines git removed (the file's hunks). */
    removedLines: readonly LineRange[];
    /** Head lines git added. */
    addedLines: readonly LineRange[];
    /** Git gave no lines (e.g. the API omitted the patch): every line of both spans counts as changed. */
    linesUnknown?: boolean;
}
/** The symbol's diff within one file, from git's hunks (see the decisions above). */
export declare function sameFileDiff(input: SameFileDiffInput): DiffLine[];
/** A line of text with its line number in its file. */
export interface NumberedLine {
    text: string;
    line: number;
}
/** The lines of a text, numbered from `start`, leaving out those `skip` says (a class's methods). */
export declare function numbered(text: string, start: number, skip?: (line: number) => boolean): NumberedLine[];
/** Line diff of two texts (moved or renamed symbols); line numbers start at the given first lines. */
export declare function textDiff(oldText: string, newText: string, oldStart?: number, newStart?: number): DiffLine[];
/** Line diff of two numbered line lists (longest common subsequence). */
export declare function linesDiff(oldLines: readonly NumberedLine[], newLines: readonly NumberedLine[]): DiffLine[];
export declare function hasChange(lines: readonly DiffLine[]): boolean;
/** Head line numbers of the added lines, ascending. */
export declare function changedHeadLines(lines: readonly DiffLine[]): number[];
