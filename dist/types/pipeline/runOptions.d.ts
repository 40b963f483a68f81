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
export declare const DEFAULT_BUDGET = 8000;
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
export declare function indexOptionsOf(choices: Readonly<ScanChoices>, cache: FileCache | undefined): IndexOptions;
/** The pack settings for one output format (the Action renders several from one run). */
export declare function packSettingsOf(choices: Readonly<PackChoices>, format?: DigestFormat): PackSettings;
