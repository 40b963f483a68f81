import type { FileRecord } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
import type { FileCache } from './fileCache.js';
export declare function extractCached(parser: PythonParser, path: string, text: string, cache: FileCache | undefined): FileRecord;
