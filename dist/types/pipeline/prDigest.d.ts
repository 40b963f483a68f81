import type { RepoIndex } from '../model.js';
import { type PrChanges, type PrChangesDeps } from '../diff/prChanges.js';
import { type PackResult } from '../pack/packer.js';
import type { ChangedSymbolRow } from '../render/document.js';
import { type IndexOptions } from './indexRepository.js';
import { type PackSettings } from './packRepository.js';
export interface PrDigestRequest {
    repoDir: string;
    base: string;
    head: string;
    prNumber?: number;
    title?: string;
    index?: IndexOptions;
    pack: PackSettings;
    /** Fetch base/head from origin when a shallow checkout lacks them (the action; the CLI stays offline). */
    fetchMissing?: boolean;
    /** Only when git cannot answer: the REST API fallback (the action supplies it). */
    apiFallback?: PrChangesDeps['apiFallback'];
}
export interface PrDigest {
    changes: PrChanges;
    index: RepoIndex;
    result: PackResult;
    changed: ChangedSymbolRow[];
}
export interface PreparedPr {
    changes: PrChanges;
    index: RepoIndex;
    roots: string[];
    changed: ChangedSymbolRow[];
    /** Ids of the removed symbols (in the index as they were in base). */
    removed: ReadonlySet<string>;
    request: Omit<PrDigestRequest, 'pack'>;
}
/** The expensive half, done once per run: diff, index (with removed symbols put back), roots. */
export declare function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr>;
/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export declare function packPr(prepared: PreparedPr, pack: PackSettings): PackResult;
export declare function prDigest(request: PrDigestRequest): Promise<PrDigest>;
