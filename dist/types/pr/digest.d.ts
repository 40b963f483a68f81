import type { PrChanges } from '../diff/prChanges.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import type { RepoIndex } from '../model.js';
import type { ChangedSymbolRow } from '../pack/document.js';
import type { PackResult } from '../pack/packer.js';
import { type PackSettings } from '../pipeline/packRepository.js';
import { type OnDemandOutcome, type OnDemandStats } from './onDemandRounds.js';
import { type PreparedPr } from './prepare.js';
import type { PrDigestRequest } from './request.js';
import type { PrReview } from './review.js';
export interface PrDigest {
    /** How the index was built: on demand (files parsed of the total) or full, and why full. */
    indexing: OnDemandStats;
    changes: PrChanges;
    index: RepoIndex;
    result: PackResult;
    changed: ChangedSymbolRow[];
    /** Every note of the digest header (the changes' notes plus the pipeline's own). */
    notes: string[];
    /** Set when the working tree is not head: the one line to show the user. */
    warning?: string;
    /** Breaking call sites, overrides, signature changes, tests that reach the change. */
    review: PrReview;
    /** Removed symbols head still references (the viewer marks these sites as likely broken). */
    removedReferences: RemovedReference[];
}
/**
 * Prepare once and pack once per settings: on demand (only the files the digest can need parsed,
 * onDemandRounds.ts), or every file with `fullIndex`. The packs are part of the on-demand rounds: what the
 * packer considers decides what else is parsed.
 */
export declare function preparePrPacks(request: Omit<PrDigestRequest, 'pack'>, packs: readonly PackSettings[], hooks?: {
    onPrepared?: (prepared: PreparedPr) => void;
    withViewer?: boolean;
}): Promise<OnDemandOutcome>;
export declare function prDigest(request: PrDigestRequest): Promise<PrDigest>;
