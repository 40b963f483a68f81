// What a user chooses for a run, whichever entry read it (the CLI's flags, the Action's inputs), and
// its one mapping onto the index and the packer. The entries validate their own spelling of each
// choice (`--budget`, the `budget` input) and then hand the values here, so a new option is mapped
// once and both entries agree on what it means.
import type { FileCache } from '../cache/fileCache.js';
import type { ResolutionFilter } from '../graph/adjacency.js';
import type { DigestFormat } from '../pack/document.js';
import type { TokenEncoding } from '../pack/tokens.js';
import type { IndexOptions } from './indexRepository.js';
import type { PackSettings } from './packRepository.js';

/**
 * The token budget of a CLI or Action run when none is given: room for a PR's changes with their
 * callers and tests. (The package API's packRepository keeps its own smaller default.)
 */
export const DEFAULT_BUDGET = 8000;

/** What is analysed, and how. */
export interface ScanChoices {
  include: readonly string[];
  exclude: readonly string[];
  maxFileBytes: number;
  /** Also follow objects passed as arguments into parameters used as receivers. */
  parameterFlow: boolean;
  /** Replace credentials in the analysed code by `<redacted: KIND>`. */
  redact: boolean;
}

/** How the result is packed and written. */
export interface PackChoices {
  budget: number;
  encoding: TokenEncoding;
  format: DigestFormat;
  signaturesOnly: boolean;
  resolution: ResolutionFilter;
  /** PR digests: draw the Mermaid call graph (markdown and JSON only). */
  mermaid: boolean;
}

export function indexOptionsOf(choices: Readonly<ScanChoices>, cache: FileCache | undefined): IndexOptions {
  return {
    ...(choices.include.length > 0 ? { include: [...choices.include] } : {}),
    ...(choices.exclude.length > 0 ? { exclude: [...choices.exclude] } : {}),
    maxFileBytes: choices.maxFileBytes,
    ...(choices.parameterFlow ? { parameterFlow: true } : {}),
    ...(choices.redact ? {} : { redact: false }),
    ...(cache ? { cache } : {}),
  };
}

/** The pack settings for one output format (the Action renders several from one run). */
export function packSettingsOf(choices: Readonly<PackChoices>, format: DigestFormat = choices.format): PackSettings {
  return {
    budget: choices.budget,
    encoding: choices.encoding,
    format,
    signaturesOnly: choices.signaturesOnly,
    resolution: choices.resolution,
    ...(choices.mermaid ? {} : { mermaid: false }),
  };
}
