import type { FileRecord } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
import type { FileCache } from './fileCache.js';
export declare function extractCached(parser: PythonParser, path: string, text: string, cache: FileCache | undefined, tally?: boolean): FileRecord;
/**
 * The extraction a PR digest uses for the other versions of its changed files (base and head as git
 * holds them, read by the diff, the symbol diffs and the review): through the cache, untallied, so a
 * warm run parses nothing at all (not even the parser's first-use cost is paid). Without a cache,
 * plain extraction.
 */
export declare function revisionExtractor(cache: FileCache | undefined): (parser: PythonParser, path: string, text: string) => FileRecord;
