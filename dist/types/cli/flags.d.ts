import type { IndexOptions } from '../pipeline/indexRepository.js';
import type { PackSettings } from '../pipeline/packRepository.js';
import { type PackChoices, type ScanChoices } from '../pipeline/runOptions.js';
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
/** The scan flags, validated (exit 2 on a bad value). */
export declare function scanChoicesFrom(flags: ScanFlags): ScanChoices;
/** The pack flags, validated (exit 2 on a bad value); `mermaid` is false only with `pr --no-mermaid`. */
export declare function packChoicesFrom(flags: PackFlags & {
    mermaid?: boolean;
}): PackChoices;
export declare function indexOptionsFrom(flags: ScanFlags): IndexOptions;
export declare function packSettingsFrom(flags: PackFlags & {
    mermaid?: boolean;
}): PackSettings;
