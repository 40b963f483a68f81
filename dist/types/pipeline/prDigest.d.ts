import type { FileRecord, RepoIndex } from '../model.js';
import { type ChangedSymbol } from '../diff/changedSymbols.js';
import { type RemovedReference } from '../diff/removedReferences.js';
import { type PrChanges, type PrChangesDeps } from '../diff/prChanges.js';
import { type PythonParser } from '../python/treeSitter.js';
import { type GitDeps } from '../diff/gitDiff.js';
import { type PackResult } from '../pack/packer.js';
import { type Plan } from '../pack/prPlan.js';
import type { Reached } from '../pack/expansion.js';
import type { ChangedSymbolRow, ItemView } from '../render/document.js';
import { type ListLevel, type PrEntry, type SitesLevel } from '../render/prSections.js';
import { type IndexOptions, type ScannedFiles } from './indexRepository.js';
import { type PackSettings } from './packRepository.js';
import { type OnDemandOutcome, type OnDemandStats } from './onDemandPr.js';
import { type PrReview } from './prReview.js';
import { type IndexRedaction } from '../review/redactIndex.js';
import { type ReviewDetail } from '../render/reviewSections.js';
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
    /** Parse every file instead of only those the digest can need (pipeline/onDemandPr.ts); same digest, slower. */
    fullIndex?: boolean;
}
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
    /** [review] Breaking call sites, overrides, signature changes, tests that reach the change. */
    review: PrReview;
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
    /** [diff semantics] Removed symbols head still references (resolved: alarms; heuristic only: "check"). */
    removedReferences: RemovedReference[];
    /** [review] Breaking call sites, overrides, signature changes, tests that reach the change. */
    review: PrReview;
    /** [review] What redaction replaced (empty when `redact: false`). */
    redaction: IndexRedaction;
    request: Omit<PrDigestRequest, 'pack'>;
    /** `shown` with move links and contract changes, for the PR sections. */
    entries: PrEntry[];
    /** How each root can be shown, best first (render/prViews.ts). */
    views: ReadonlyMap<string, readonly ItemView[]>;
    /** Budget order (pack/prPlan.ts). */
    plan: Plan;
    compareNeighbours: (a: Reached, b: Reached) => number;
}
/** What a PR digest knows before any file of the tree is parsed: the diff (git or API) and the parser. */
export interface PrSetup {
    parser: PythonParser;
    git: GitDeps;
    /** How the versions of changed files read from git are extracted: through the cache when there is one. */
    extract: (parser: PythonParser, path: string, text: string) => FileRecord;
    pathChanges: PrChanges;
    warning?: string;
}
/**
 * The expensive half, done once per run: diff, index (with removed symbols put back), roots. This is the
 * full index (every file parsed); preparePrPacks / prDigest build it on demand (onDemandPr.ts) unless
 * `fullIndex` (the CLI and the Action pass it unless `--on-demand` / `on-demand: true`: on Django the
 * on-demand index still parses 61% of the files over two rounds and costs 1.1-1.2x the CPU, README).
 */
export declare function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr>;
/** The diff of the PR, read once per run (git, or the API fallback). */
export declare function setupPr(request: Omit<PrDigestRequest, 'pack'>): Promise<PrSetup>;
/** Index the scanned files (every file, or the on-demand selection with the others as empty modules) and prepare the digest. */
export declare function prepareFromScan(request: Omit<PrDigestRequest, 'pack'>, setup: PrSetup, scanned: ScannedFiles): Promise<PreparedPr>;
/**
 * How much of the PR sections the document carries (issue 8: the preamble is sized against the code).
 * Levels go from fullest to most compact; each still accounts for every changed symbol. The Mermaid
 * graph goes first, then call sites of unchanged-contract symbols get compact (one line per file),
 * then counted, then the review lists are shortened (render/reviewSections.ts says what stays), then
 * the changed table becomes names per file, contract-changed call sites get compact, then counted,
 * then the review becomes counts, then the list becomes counts per file. The last resort, `summary`,
 * is one line of counts. The pack keeps the first level that shows every changed symbol in its best
 * view; else the one showing the most changed symbols (then the most in their best view), fuller on a tie.
 */
export interface SectionsLevel {
    mermaid: boolean;
    list: ListLevel | 'summary';
    contract: SitesLevel;
    other: SitesLevel;
    review: ReviewDetail;
}
/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export declare function packPr(prepared: PreparedPr, pack: PackSettings): PackResult;
/** What the header says a level left out or compacted (nothing at the fullest level). */
export declare function levelNotes(level: SectionsLevel, entries: readonly PrEntry[], graphCut: boolean): string[];
/**
 * Prepare once and pack once per settings: on demand (only the files the digest can need parsed,
 * onDemandPr.ts), or every file with `fullIndex`. The packs are part of the on-demand rounds: what the
 * packer considers decides what else is parsed.
 */
export declare function preparePrPacks(request: Omit<PrDigestRequest, 'pack'>, packs: readonly PackSettings[], hooks?: {
    onPrepared?: (prepared: PreparedPr) => void;
    withViewer?: boolean;
}): Promise<OnDemandOutcome>;
export declare function prDigest(request: PrDigestRequest): Promise<PrDigest>;
