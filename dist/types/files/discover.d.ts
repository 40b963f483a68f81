import type { Dirent } from 'node:fs';
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
export interface DiscoverDeps {
    readdir: (dir: string) => Promise<Dirent[]>;
    readFile: (file: string) => Promise<string>;
    realpath: (p: string) => Promise<string>;
    stat: (p: string) => Promise<{
        isDirectory(): boolean;
        isFile(): boolean;
    }>;
}
export declare function discoverPythonFiles(root: string, options?: DiscoverOptions, deps?: DiscoverDeps): Promise<DiscoverResult>;
