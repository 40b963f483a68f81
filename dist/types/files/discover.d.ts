import { type Dirent } from 'node:fs';
import type { SkippedFile } from '../model.js';
export interface DiscoverOptions {
    include?: string[];
    exclude?: string[];
    /** Told the number of Python files found so far, as the walk finds them (for a progress line). */
    onFound?: (count: number) => void;
}
export interface DiscoverResult {
    python: string[];
    skipped: SkippedFile[];
}
/** The file system calls a walk makes, synchronous; defaults are node:fs. */
export interface DiscoverDeps {
    readdir: (dir: string) => Dirent[];
    readFile: (file: string) => string;
    realpath: (p: string) => string;
    stat: (p: string) => {
        isDirectory(): boolean;
        isFile(): boolean;
    };
}
export declare const defaultDiscoverDeps: DiscoverDeps;
export declare function discoverPythonFiles(root: string, options?: DiscoverOptions, deps?: DiscoverDeps): Promise<DiscoverResult>;
