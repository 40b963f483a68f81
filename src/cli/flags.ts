// The CLI's flags as commander hands them over, and their mapping to index options.
import type { FileCache } from '../cache/fileCache.js';
import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import type { IndexOptions } from '../pipeline/indexRepository.js';
import { type CacheFlags, cacheFrom } from './cacheOptions.js';
import { parseGlobList, parsePositiveInteger } from './options.js';

export interface ScanFlags extends CacheFlags {
  include?: string[];
  exclude?: string[];
  maxFileBytes?: string;
  parameterFlow?: boolean;
  /** False with `--no-redact`. */
  redact?: boolean;
  debug?: boolean;
  /** `--quiet`: no progress line (warnings and skipped-file notes still print: nothing is lost silently). */
  quiet?: boolean;
}

export interface PackFlags extends ScanFlags {
  budget: string;
  format: string;
  encoding: string;
  resolution: string;
  signaturesOnly?: boolean;
  output?: string;
}

export function indexOptionsFrom(flags: ScanFlags): IndexOptions {
  const include = parseGlobList(flags.include);
  const exclude = parseGlobList(flags.exclude);
  return {
    ...(include ? { include } : {}),
    ...(exclude ? { exclude } : {}),
    maxFileBytes: parsePositiveInteger('--max-file-bytes', flags.maxFileBytes ?? String(DEFAULT_MAX_FILE_BYTES)),
    ...(flags.parameterFlow ? { parameterFlow: true } : {}),
    ...(flags.redact === false ? { redact: false } : {}),
    ...cacheOption(flags),
  };
}

function cacheOption(flags: ScanFlags): { cache?: FileCache } {
  const cache = cacheFrom(flags);
  return cache ? { cache } : {};
}
