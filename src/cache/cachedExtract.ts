// Per-file extraction through the cache: the one call indexRepository makes per file, so whatever
// decides WHICH files get extracted (a full scan, or a PR digest's on-demand selection) gets the cache
// by calling this instead of extractFile. A failed extraction is not cached (the caller reports it).
import type { FileRecord } from '../model.js';
import { extractFile } from '../python/extract.js';
import type { PythonParser } from '../python/treeSitter.js';
import type { FileCache } from './fileCache.js';

export function extractCached(parser: PythonParser, path: string, text: string, cache: FileCache | undefined): FileRecord {
  if (cache === undefined) return extractFile(parser, path, text);
  const found = cache.lookup(path, text);
  if (found.record !== undefined) return found.record;
  const record = extractFile(parser, path, text);
  cache.store(path, found.blob, text, record);
  return record;
}
