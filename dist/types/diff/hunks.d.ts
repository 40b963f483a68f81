import { compareStrings } from '../shared/compare.js';
export type FileChangeStatus = 'added' | 'modified' | 'removed' | 'renamed';
/** Inclusive, 1-based line span. */
export type LineRange = readonly [start: number, end: number];
export interface FileChange {
    status: FileChangeStatus;
    /** Path in head (the base path for removed files). */
    path: string;
    /** Path in base when it differs (renames and copies). */
    oldPath?: string;
    isPython: boolean;
    /** Lines removed from the base file. */
    oldLines: LineRange[];
    /** Lines added in the head file. */
    newLines: LineRange[];
    /** The subset of oldLines / newLines that is blank: a blank-line edit changes no symbol. */
    blankOldLines?: LineRange[];
    blankNewLines?: LineRange[];
    /** Git reported "Binary files ... differ": no line information exists. */
    binary?: boolean;
    /** Lines are unknown (e.g. GitHub omitted the patch): treat the whole file as changed. */
    linesUnknown?: boolean;
}
export declare function isPythonPath(path: string): boolean;
export interface HunkLines {
    oldLines: LineRange[];
    newLines: LineRange[];
    blankOldLines: LineRange[];
    blankNewLines: LineRange[];
}
/** Lines changed by a hunks-only patch, as GitHub's `patch` field carries (no file headers). */
export declare function parsePatchHunks(patch: string): HunkLines;
/**
 * Decode a git C-quoted name starting at `text[start] === '"'`.
 * Returns the name and the index just past the closing quote.
 */
export declare function unquoteCPath(text: string, start?: number): {
    value: string;
    end: number;
};
/** Parse the output of `git diff` (any context size, with or without -M) into per-file changes, sorted by path. */
export declare function parseUnifiedDiff(text: string): FileChange[];
export { compareStrings };
