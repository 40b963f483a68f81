import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import { type CallGraphOptions } from '../graph/callGraph.js';
import type { FileRecord, RepoIndex, SkippedFile } from '../model.js';
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
}
export declare function indexRepository(root: string, options?: IndexOptions): Promise<RepoIndex>;
export interface ScannedFiles {
    files: FileRecord[];
    skippedFiles: SkippedFile[];
}
/** Discover, read and extract every Python file; nothing cross-file yet. */
export declare function scanRepository(root: string, options?: IndexOptions): Promise<ScannedFiles>;
/** Pure: files -> the index with sorted symbols, lookup and edges. */
export declare function assembleIndex(root: string, files: FileRecord[], skippedFiles: SkippedFile[], graphOptions?: CallGraphOptions): RepoIndex;
/** The call-graph part of the index options. */
export declare function graphOptionsOf(options: IndexOptions): CallGraphOptions;
