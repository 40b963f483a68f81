import type { FileRecord } from '../model.js';
export interface CacheStats {
    hits: number;
    misses: number;
    written: number;
    /** One line per entry found but not trusted, and per write failure (the first only). */
    problems: string[];
}
export interface FileCache {
    readonly dir: string;
    /**
     * The blob id of `text`, and the record cached for it at `path` when there is a trusted one.
     * `tally: false` (another version of a changed file, not a file of the tree) leaves hits and misses
     * alone, so the stats stay "of the tree's files"; the entry still counts as used.
     */
    lookup(path: string, text: string, tally?: boolean): {
        blob: string;
        record?: FileRecord;
    };
    /** Remember `record`, extracted from `text` (blob id `blob`) at `path`; `tally: false` as for lookup. */
    store(path: string, blob: string, text: string, record: FileRecord, tally?: boolean): void;
    stats(): CacheStats;
    /** Entry files (relative to the namespace folder) this run read or wrote. */
    used(): ReadonlySet<string>;
}
export interface CacheDeps {
    /** The file's bytes, or undefined when it does not exist. */
    readFile: (path: string) => Buffer | undefined;
    writeFile: (path: string, data: string) => void;
    rename: (from: string, to: string) => void;
    mkdir: (path: string) => void;
    unlink: (path: string) => void;
}
export declare const defaultCacheDeps: CacheDeps;
export declare function openFileCache(dir: string, deps?: CacheDeps): FileCache;
/** The folder the entries of this build live in. */
export declare function namespaceFolder(dir: string): string;
