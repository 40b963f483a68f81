import fs from 'node:fs';
/** Python files larger than this are skipped (and reported) unless the caller raises the limit. */
export declare const DEFAULT_MAX_FILE_BYTES: number;
export type ReadResult = {
    ok: true;
    text: string;
    notes: string[];
} | {
    ok: false;
    reason: string;
};
/** The file system calls a reader makes, synchronous; defaults are node:fs. */
export interface ReadDeps {
    realpath: (p: string) => string;
    open: (p: string, flags: number) => number;
    fstat: (fd: number) => fs.Stats;
    read: (fd: number, buffer: Buffer, offset: number, length: number) => number;
    close: (fd: number) => void;
}
export declare const defaultReadDeps: ReadDeps;
export interface SourceReader {
    read(relPath: string): ReadResult;
}
export declare function isInside(rootReal: string, candidate: string): boolean;
/** A reader for one run over `root`: the root's realpath is resolved once, on the first read. */
export declare function createSourceReader(root: string, options: {
    maxBytes: number;
}, deps?: ReadDeps): SourceReader;
export declare function readPythonSource(root: string, relPath: string, options: {
    maxBytes: number;
}, deps?: ReadDeps): Promise<ReadResult>;
