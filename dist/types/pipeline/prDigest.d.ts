import type { RepoIndex } from '../model.js';
import { type ChangedSymbol } from '../diff/changedSymbols.js';
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
    /**
     * repoDir relative to the repository's top level (POSIX). Asked of git when absent; pass it when git
     * may be unable to answer (the API fallback on a checkout without .git), or the API's paths are
     * taken as relative to repoDir.
     */
    scanPrefix?: string;
}
export interface PrDigest {
    changes: PrChanges;
    index: RepoIndex;
    result: PackResult;
    changed: ChangedSymbolRow[];
    /** Every note of the digest header (the changes' notes plus the pipeline's own). */
    notes: string[];
    /** Set when the working tree is not head: the one line to show the user. */
    warning?: string;
}
export interface PreparedPr {
    changes: PrChanges;
    index: RepoIndex;
    roots: string[];
    changed: ChangedSymbolRow[];
    /** The changed symbols as the digest shows them: line spans from the index where it has the symbol. */
    shown: ChangedSymbol[];
    /** Every note of the digest header. */
    notes: string[];
    /** Set when the working tree is not head (see the decisions above). */
    warning?: string;
    /** Ids of the removed symbols (in the index as they were in base). */
    removed: ReadonlySet<string>;
    request: Omit<PrDigestRequest, 'pack'>;
}
/** The expensive half, done once per run: diff, index (with removed symbols put back), roots. */
export declare function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr>;
/**
 * How much of the PR sections the document carries. On a large PR the sections alone can exceed the
 * budget; rather than fail the run, each level drops more and says so in the header, and the last
 * level is one summary line. Only when even that does not fit is the budget an error. A level that
 * would drop nothing (no graph to leave out, no more than 30 changed symbols to cap) is not tried, so
 * a note never claims a cut that did not happen.
 */
export type SectionsLevel = 'full' | 'no-graph' | 'capped' | 'summary';
/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export declare function packPr(prepared: PreparedPr, pack: PackSettings): PackResult;
/** What the header says a level left out (empty at the full level). */
export declare function levelNotes(level: SectionsLevel, shown: readonly ChangedSymbol[], hasGraph: boolean): string[];
export declare function prDigest(request: PrDigestRequest): Promise<PrDigest>;
