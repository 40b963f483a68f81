// Per-file extraction through the cache: the one call indexRepository makes per file, so whatever
// decides WHICH files get extracted (a full scan, or a PR digest's on-demand selection) gets the cache
// by calling this instead of extractFile. A failed extraction is not cached (the caller reports it).
import type { FileRecord } from '../model.js';
import { extractFile } from '../python/extract.js';
import type { PythonParser } from '../python/treeSitter.js';
import type { FileCache } from './fileCache.js';

export function extractCached(parser: PythonParser, path: string, text: string, cache: FileCache | undefined, tally = true): FileRecord {
  if (cache === undefined) return extractFile(parser, path, text);
  const found = cache.lookup(path, text, () => extractFile(parser, path, text), tally);
  if (found.record !== undefined) return found.record;
  const record = extractFile(parser, path, text);
  cache.store(path, found.blob, text, record, tally);
  return record;
}

/**
 * The extraction a PR digest uses for the other versions of its changed files (base and head as git
 * holds them, read by the diff, the symbol diffs and the review): through the cache, untallied, so a
 * warm run parses nothing at all (not even the parser's first-use cost is paid). Without a cache,
 * plain extraction.
 */
export function revisionExtractor(cache: FileCache | undefined): (parser: PythonParser, path: string, text: string) => FileRecord {
  return cache === undefined ? extractFile : (parser, path, text) => extractCached(parser, path, text, cache, false);
}
