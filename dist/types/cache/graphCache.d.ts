import { type CallGraphOptions } from '../graph/callGraph.js';
import type { Edge, FileRecord } from '../model.js';
import { type FileCache } from './fileCache.js';
/** Bump when the resolver (graph/) makes any edge differently, as CACHE_FORMAT_VERSION for extraction. */
export declare const GRAPH_FORMAT_VERSION = 4;
export declare const MAX_GRAPH_ENTRIES = 8;
export type CallGraphBuilder = (files: readonly FileRecord[], options: CallGraphOptions) => Edge[];
/** `record` is a tree file's record exactly as extracted from the text whose blob id is `blob`. */
export declare function noteScannedRecord(record: FileRecord, blob: string | undefined): void;
/** What eviction needs of the file system (reads and writes go through the FileCache). */
export interface GraphCacheDeps {
    /** Entry names in the folder with their last use (ms), [] when there is no folder. */
    list: (folder: string) => {
        name: string;
        usedMs: number;
    }[];
    touch: (path: string) => void;
    unlink: (path: string) => void;
}
export declare const defaultGraphCacheDeps: GraphCacheDeps;
/** buildCallGraph over records whose facts are fields (lazyFacts.ts plainFacts: resolution reads them all). */
export declare const resolveCallGraph: CallGraphBuilder;
/** resolveCallGraph, answered from `cache` when it holds the graph of exactly these files and options. */
export declare function cachedCallGraph(cache: FileCache, deps?: GraphCacheDeps): CallGraphBuilder;
/** The key of these files and options, or undefined (see MAX_UNSCANNED). */
export declare function treeKey(files: readonly FileRecord[], options: CallGraphOptions): string | undefined;
