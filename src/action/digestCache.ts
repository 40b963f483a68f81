// The Action's per-file cache across runs: the cache folder (cache/fileCache.ts) is restored from the
// Actions cache before the analysis and saved after it, through our cache service v2 client
// (cacheService.ts: what @actions/cache does there, its archives and versions included).
//
// Decisions:
// - Key `repodigest-<namespace>-<path tag>-<head sha>`; restore keys: the same with the base sha (the
//   cache the base branch's push run saved for that commit), then the bare prefix (the newest cache the
//   service lets this ref read: its own branch's, then the base branch's). So a PR's first run starts
//   from the base branch's entries and only the files the PR touches are analysed again.
// - The folder is `~/.cache/repodigest-action`: an entry's version hashes the path string as written
//   (cacheArchive.ts), so it must be the same in every run (RUNNER_TEMP is not, on some runners), and
//   `~` is expanded by the client. The CLI's own cache folder is not used, so pruning never touches it.
// - Before saving, entries this run did not use are deleted (cache/pruneCache.ts): the saved cache is
//   the analysed tree's, its size follows the repository rather than the number of runs.
// - An exact hit is not saved again (a cache key is immutable). Any failure of the cache service is a
//   warning and the run goes on uncached.
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { cacheNamespace } from '../cache/cacheKey.js';
import { type FileCache, openFileCache } from '../cache/fileCache.js';
import { pruneCache } from '../cache/pruneCache.js';
import { defaultCacheDeps, isCacheServiceAvailable, restoreCache, saveCache } from './cacheService.js';

/** As written to the cache service (an entry's version hashes the path text). */
export const ACTION_CACHE_PATH = '~/.cache/repodigest-action';

export interface CacheService {
  isFeatureAvailable: () => boolean;
  restoreCache: (paths: string[], key: string, restoreKeys: string[]) => Promise<string | undefined>;
  saveCache: (paths: string[], key: string) => Promise<number>;
}

const defaultService: CacheService = {
  isFeatureAvailable: () => isCacheServiceAvailable(process.env, process.platform),
  restoreCache: (paths, key, restoreKeys) => restoreCache(paths, key, restoreKeys, defaultCacheDeps()),
  saveCache: (paths, key) => saveCache(paths, key, defaultCacheDeps()),
};

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
export function actionCacheDir(home: string = homedir()): string {
  return join(home, ACTION_CACHE_PATH.slice(2));
}

export function cacheKeys(scanPath: string, head: string, base: string | undefined): { key: string; restoreKeys: string[] } {
  const tag = createHash('sha1').update(scanPath).digest('hex').slice(0, 8);
  const prefix = `repodigest-${cacheNamespace()}-${tag}-`;
  return { key: `${prefix}${head}`, restoreKeys: [...(base && base !== head ? [`${prefix}${base}`] : []), prefix] };
}

export async function restoreDigestCache(
  where: { scanPath: string; head: string; base: string | undefined },
  log: CacheLog,
  service: CacheService = defaultService,
): Promise<RestoredCache> {
  const dir = actionCacheDir();
  const { key, restoreKeys } = cacheKeys(where.scanPath, where.head, where.base);
  if (!service.isFeatureAvailable()) {
    log.info('Cache: the Actions cache service is not available to this run; files are analysed without it.');
    return { dir, key, online: false };
  }
  try {
    const matched = await service.restoreCache([ACTION_CACHE_PATH], key, restoreKeys);
    log.info(matched === undefined ? `Cache: nothing saved yet for ${key} or its restore keys.` : `Cache: restored ${matched}.`);
    return { dir, key, ...(matched !== undefined ? { matched } : {}), online: true };
  } catch (error) {
    log.warning(`Cache: restore failed (${oneLine(error)}); files are analysed without it.`);
    return { dir, key, online: false };
  }
}

export async function saveDigestCache(restored: RestoredCache, log: CacheLog, service: CacheService = defaultService): Promise<void> {
  if (!restored.online) return;
  if (restored.matched === restored.key) {
    log.info(`Cache: ${restored.key} was restored exactly; not saved again.`);
    return;
  }
  try {
    const id = await service.saveCache([ACTION_CACHE_PATH], restored.key);
    if (id !== -1) log.info(`Cache: saved ${restored.key}.`);
  } catch (error) {
    log.warning(`Cache: save failed (${oneLine(error)}); the next run analyses these files again.`);
  }
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

/** The analysis side (in the worker): the cache folder's FileCache when the input is on. */
export function analysisCache(enabled: boolean): FileCache | undefined {
  return enabled ? openFileCache(actionCacheDir()) : undefined;
}

/**
 * After the analysis: the log line with the counts (a warm run shows its reuse here), one warning per
 * entry that could not be trusted, and the folder pruned to what this run used.
 */
export function finishAnalysisCache(cache: FileCache | undefined): { info: string[]; warnings: string[] } {
  if (cache === undefined) return { info: [], warnings: [] };
  const { hits, misses, written, problems, graph } = cache.stats();
  const pruned = pruneCache(cache.dir, cache.used());
  const graphPart = graph === undefined ? '' : `, call graph ${graph}`;
  const info = [`Cache: ${hits} of ${hits + misses} files reused, ${misses} analysed, ${written} saved${graphPart}${pruned > 0 ? `, ${pruned} stale entries dropped` : ''}.`];
  return { info, warnings: problems.map((p) => `Cache: ${p}`) };
}
