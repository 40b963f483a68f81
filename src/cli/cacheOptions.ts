// The CLI's cache options: `--cache-dir DIR` (default: the user's cache folder, cache/cacheDir.ts) and
// `--no-cache`. What the cache could not trust or write is printed, one line each (at most
// MAX_PROBLEM_LINES, then a count); hits and misses are not, so a run's stderr is the same warm or cold.
import { resolve } from 'node:path';
import { defaultCacheDir } from '../cache/cacheDir.js';
import { type FileCache, openFileCache } from '../cache/fileCache.js';
import { visibleText } from '../shared/visibleText.js';

const MAX_PROBLEM_LINES = 10;

export interface CacheFlags {
  /** false with --no-cache. */
  cache?: boolean;
  cacheDir?: string;
}

export function cacheFrom(flags: CacheFlags): FileCache | undefined {
  if (flags.cache === false) return undefined;
  return openFileCache(flags.cacheDir !== undefined ? resolve(flags.cacheDir) : defaultCacheDir());
}

export function reportCache(cache: FileCache | undefined, stderr: (text: string) => void): void {
  if (cache === undefined) return;
  const problems = cache.stats().problems;
  for (const line of problems.slice(0, MAX_PROBLEM_LINES)) stderr(`warning: ${visibleText(line)}\n`);
  if (problems.length > MAX_PROBLEM_LINES) stderr(`warning: ${problems.length - MAX_PROBLEM_LINES} more cache entries ignored (same reasons)\n`);
}
