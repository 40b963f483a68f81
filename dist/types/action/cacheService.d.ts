import { type BlobDeps } from './blobStorage.js';
import { type Run } from './cacheArchive.js';
import { type TwirpDeps } from './twirpClient.js';
export type CacheClientDeps = TwirpDeps & BlobDeps & {
    env: NodeJS.ProcessEnv;
    platform: NodeJS.Platform;
    /** What a leading `~` of a cache path stands for. */
    home: string;
    run: Run;
};
export declare function defaultCacheDeps(): CacheClientDeps;
/** Thrown for keys and paths @actions/cache refuses: a caller's mistake, not a service failure. */
export declare class CacheValidationError extends Error {
}
export declare function isCacheServiceAvailable(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean;
export declare function restoreCache(paths: string[], key: string, restoreKeys: string[], deps: CacheClientDeps): Promise<string | undefined>;
export declare function saveCache(paths: string[], key: string, deps: CacheClientDeps): Promise<number>;
