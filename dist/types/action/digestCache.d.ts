import { type FileCache } from '../cache/fileCache.js';
/** As written to the cache service (an entry's version hashes the path text). */
export declare const ACTION_CACHE_PATH = "~/.cache/repodigest-action";
export interface CacheService {
    isFeatureAvailable: () => boolean;
    restoreCache: (paths: string[], key: string, restoreKeys: string[]) => Promise<string | undefined>;
    saveCache: (paths: string[], key: string) => Promise<number>;
}
export interface CacheLog {
    info: (line: string) => void;
    warning: (line: string) => void;
}
export interface RestoredCache {
    /** The local folder the analysis reads and writes (ACTION_CACHE_PATH expanded). */
    dir: string;
    key: string;
    /** The key the service matched, if any. */
    matched?: string;
    /** False when the service is not there or failed: nothing is saved then. */
    online: boolean;
}
/** The local folder of ACTION_CACHE_PATH. */
export declare function actionCacheDir(home?: string): string;
export declare function cacheKeys(scanPath: string, head: string, base: string | undefined): {
    key: string;
    restoreKeys: string[];
};
export declare function restoreDigestCache(where: {
    scanPath: string;
    head: string;
    base: string | undefined;
}, log: CacheLog, service?: CacheService): Promise<RestoredCache>;
export declare function saveDigestCache(restored: RestoredCache, log: CacheLog, service?: CacheService): Promise<void>;
/** The analysis side (in the worker): the cache folder's FileCache when the input is on. */
export declare function analysisCache(enabled: boolean): FileCache | undefined;
/**
 * After the analysis: the log line with the counts (a warm run shows its reuse here), one warning per
 * entry that could not be trusted, and the folder pruned to what this run used.
 */
export declare function finishAnalysisCache(cache: FileCache | undefined): {
    info: string[];
    warnings: string[];
};
