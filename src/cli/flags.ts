// The CLI's flags as commander hands them over, validated into the run's choices, which
// pipeline/runOptions.ts maps onto the index and the packer as it does the Action's inputs.
import { DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import { RESOLUTION_FILTERS } from '../graph/adjacency.js';
import type { DigestFormat } from '../pack/document.js';
import { TOKEN_ENCODINGS, type TokenEncoding } from '../pack/tokens.js';
import type { IndexOptions } from '../pipeline/indexRepository.js';
import type { PackSettings } from '../pipeline/packRepository.js';
import { indexOptionsOf, type PackChoices, packSettingsOf, type ScanChoices } from '../pipeline/runOptions.js';
import { DIGEST_FORMATS } from '../render/renderers.js';
import { type CacheFlags, cacheFrom } from './cacheOptions.js';
import { parseChoice, parseGlobList, parsePositiveInteger } from './options.js';

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

/** The scan flags, validated (exit 2 on a bad value). */
export function scanChoicesFrom(flags: ScanFlags): ScanChoices {
  return {
    include: parseGlobList(flags.include) ?? [],
    exclude: parseGlobList(flags.exclude) ?? [],
    maxFileBytes: parsePositiveInteger('--max-file-bytes', flags.maxFileBytes ?? String(DEFAULT_MAX_FILE_BYTES)),
    parameterFlow: flags.parameterFlow === true,
    redact: flags.redact !== false,
  };
}

/** The pack flags, validated (exit 2 on a bad value); `mermaid` is false only with `pr --no-mermaid`. */
export function packChoicesFrom(flags: PackFlags & { mermaid?: boolean }): PackChoices {
  return {
    budget: parsePositiveInteger('--budget', flags.budget),
    encoding: parseChoice<TokenEncoding>('--encoding', flags.encoding, TOKEN_ENCODINGS),
    format: parseChoice<DigestFormat>('--format', flags.format, DIGEST_FORMATS),
    signaturesOnly: flags.signaturesOnly === true,
    resolution: parseChoice('--resolution', flags.resolution, RESOLUTION_FILTERS),
    mermaid: flags.mermaid !== false,
  };
}

export function indexOptionsFrom(flags: ScanFlags): IndexOptions {
  return indexOptionsOf(scanChoicesFrom(flags), cacheFrom(flags));
}

export function packSettingsFrom(flags: PackFlags & { mermaid?: boolean }): PackSettings {
  return packSettingsOf(packChoicesFrom(flags));
}
