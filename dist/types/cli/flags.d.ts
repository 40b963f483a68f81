import type { IndexOptions } from '../pipeline/indexRepository.js';
import { type CacheFlags } from './cacheOptions.js';
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
export declare function indexOptionsFrom(flags: ScanFlags): IndexOptions;
