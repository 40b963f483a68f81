export type CompressionMethod = 'gzip' | 'zstd-without-long';
/** Runs a program (no shell); rejects with its stderr when it fails. */
export type Run = (file: string, args: readonly string[], cwd?: string) => Promise<string>;
export declare const runProgram: Run;
export declare function compressionMethod(run: Run): Promise<CompressionMethod>;
export declare function cacheFileName(method: CompressionMethod): string;
export declare function cacheVersion(paths: readonly string[], method: CompressionMethod): string;
/** `~/x` -> `<home>/x`; other paths resolved against the working directory. */
export declare function expandPath(path: string, home?: string): string;
/** The existing paths, relative to the workspace with '/' separators ('.' for the workspace itself). */
export declare function archivePaths(paths: readonly string[], workspace: string, home?: string): string[];
export interface ArchiveContext {
    run: Run;
    workspace: string;
    platform: NodeJS.Platform;
    env: NodeJS.ProcessEnv;
}
/** Packs `paths` (from archivePaths) into `<folder>/<cacheFileName>`; returns the archive's path. */
export declare function createArchive(folder: string, paths: readonly string[], method: CompressionMethod, ctx: ArchiveContext): Promise<string>;
export declare function extractArchive(archive: string, method: CompressionMethod, ctx: ArchiveContext): Promise<void>;
