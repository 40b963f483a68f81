import { type FileCache } from '../cache/fileCache.js';
export interface CacheFlags {
    /** false with --no-cache. */
    cache?: boolean;
    cacheDir?: string;
}
export declare function cacheFrom(flags: CacheFlags): FileCache | undefined;
export declare function reportCache(cache: FileCache | undefined, stderr: (text: string) => void): void;
