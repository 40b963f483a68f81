import type { FileRecord } from '../model.js';
import type { EntrySink } from './entryFrame.js';
export interface CacheStats {
    hits: number;
    misses: number;
    written: number;
    /** One line per entry found but not trusted, and per write failure (the first only). */
    problems: string[];
    /** The whole tree's call graph (cache/graphCache.ts): read from the cache, or resolved and saved. */
    graph?: 'reused' | 'saved';
}
export interface FileCache {
    readonly dir: string;
    /**
     * The blob id of `text`, and the record cached for it at `path` when there is a trusted one.
     * `tally: false` (another version of a changed file, not a file of the tree) leaves hits and misses
     * alone, so the stats stay "of the tree's files"; the entry still counts as used. `extract` makes the
     * record from `text` when the entry's facts, decoded when first read, turn out malformed: the entry
     * is then reported, counted and rewritten as one found malformed at once, and the symbols get the
     * fresh record's facts.
     */
    lookup(path: string, text: string, extract: () => FileRecord, tally?: boolean): {
        blob: string;
        record?: FileRecord;
    };
    /** Remember `record`, extracted from `text` (blob id `blob`) at `path`; `tally: false` as for lookup. */
    store(path: string, blob: string, text: string, record: FileRecord, tally?: boolean): void;
    stats(): CacheStats;
    /** Entry files (relative to the namespace folder) this run read or wrote. */
    used(): ReadonlySet<string>;
    /** The blob id of the tree file at `path` as this run looked it up (tallied lookups only), for keys over a whole tree. */
    treeBlob(path: string): string | undefined;
    /** Whether `record` is one lookup read from an entry (made by JSON.parse), not one extracted in this run. */
    decoded(record: FileRecord): boolean;
    /**
     * Entries other than per-file ones (cache/graphCache.ts), by name relative to the namespace folder:
     * the bytes or undefined when there is none (other read errors are thrown); a write as atomic as
     * `store`'s, false when the folder cannot be written (one line, once). Then: an entry read and used,
     * a line to report, the graph's outcome.
     */
    readNamed(name: string): Buffer | undefined;
    writeNamed(name: string, data: string | ((sink: EntrySink) => void)): boolean;
    markUsed(name: string): void;
    report(problem: string): void;
    noteGraph(outcome: 'reused' | 'saved'): void;
}
export interface CacheDeps {
    /** The file's bytes, or undefined when it does not exist. */
    readFile: (path: string) => Buffer | undefined;
    /** A string, or bytes streamed into the file (entryFrame.ts EntrySink). */
    writeFile: (path: string, data: string | ((sink: EntrySink) => void)) => void;
    rename: (from: string, to: string) => void;
    mkdir: (path: string) => void;
    unlink: (path: string) => void;
}
export declare const defaultCacheDeps: CacheDeps;
export declare function openFileCache(dir: string, deps?: CacheDeps): FileCache;
/** The folder the entries of this build live in. */
export declare function namespaceFolder(dir: string): string;
