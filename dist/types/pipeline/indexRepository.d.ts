import type { FileCache } from '../cache/fileCache.js';
import { type CallGraphBuilder } from '../cache/graphCache.js';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import type { CallGraphOptions } from '../graph/callGraph.js';
import type { FileRecord, RepoIndex, SkippedFile } from '../model.js';
import { type PythonParser } from '../python/treeSitter.js';
import { type HeapGuard } from '../shared/heapGuard.js';
export { DEFAULT_MAX_FILE_BYTES };
export interface IndexOptions {
    include?: string[];
    exclude?: string[];
    maxFileBytes?: number;
    maxHeuristicTargets?: number;
    /** Follow functions passed as arguments into the callee's calls of that parameter (costs ~20% more resolution). */
    parameterFlow?: boolean;
    /** Called after each file; for progress display only. */
    onProgress?: (done: number, total: number) => void;
    /** Python files found so far while the tree is walked (before any is parsed). */
    onFound?: (count: number) => void;
    /** Called after each file the resolver has worked through (the progress line's resolve phase). */
    onResolve?: (done: number, total: number) => void;
    /** Replace credentials in the code by `<redacted: KIND>` before anything uses it (default true). */
    redact?: boolean;
    /** Per-file extraction results keyed by content (src/cache/); absent: every file is extracted. */
    cache?: FileCache;
    /**
     * Records this run has already extracted from the same path and text (a PR digest's head versions of
     * its changed files, read from git before the scan), used when there is no cache: the cache serves
     * them otherwise, and counts them.
     */
    recall?: (path: string, text: string) => FileRecord | undefined;
    /** Bytes of JS heap in use, read per file read from the cache (python/compactRecord.ts compactsDecoded); default: V8's. */
    heapInUse?: () => number;
    /** Stops the run with one line when the JS heap is nearly full (shared/heapGuard.ts); default: this process's heap. */
    heapGuard?: HeapGuard;
    /**
     * false: every symbol's `full`, `signature` and `docstring` are left empty once its file is extracted, so
     * the source is not kept (python/dropText.ts): for output that prints no code (`graph`). Default true.
     */
    keepText?: boolean;
}
export declare function indexRepository(root: string, options?: IndexOptions): Promise<RepoIndex>;
export interface ScannedFiles {
    files: FileRecord[];
    skippedFiles: SkippedFile[];
    /** How to resolve these files: through the cache when the scan had one (cache/graphCache.ts). */
    callGraph?: CallGraphBuilder;
}
/** Discover, read and extract every Python file; nothing cross-file yet. */
export declare function scanRepository(root: string, options?: IndexOptions): Promise<ScannedFiles>;
/**
 * One read file -> its record, or the reason it is skipped. The one per-file step of every scan (the
 * full one above, the on-demand one of pr/onDemandRounds.ts), so what wraps it serves both.
 */
export declare function extractRead(parser: PythonParser, path: string, read: {
    text: string;
    notes: string[];
}, cache?: FileCache, recall?: IndexOptions['recall']): {
    record: FileRecord;
} | {
    skipped: SkippedFile;
};
/** Pure: files (path-based ids) -> the index with import-name ids, sorted symbols, lookup and edges. */
export declare function assembleIndex(root: string, pathFiles: FileRecord[], skippedFiles: SkippedFile[], graphOptions?: CallGraphOptions, callGraph?: CallGraphBuilder): RepoIndex;
/**
 * The renaming assembleIndex applied: a path-based id (from files extracted outside the index, e.g. a
 * PR's base and head blobs, or an id typed by a user) -> the id the index uses.
 */
export declare function importIdOf(index: RepoIndex): (pathId: string) => string;
/** The call-graph part of the index options. */
export declare function graphOptionsOf(options: IndexOptions): CallGraphOptions;
