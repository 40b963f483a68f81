import { type ChangedSymbol } from '../diff/changedSymbols.js';
import type { PrChanges } from '../diff/prChanges.js';
import { type RemovedReference } from '../diff/removedReferences.js';
import type { RepoIndex } from '../model.js';
import type { ChangedSymbolRow, ItemView } from '../pack/document.js';
import type { Reached } from '../pack/expansion.js';
import { type ScannedFiles } from '../pipeline/indexRepository.js';
import { type IndexRedaction } from '../review/redactIndex.js';
import type { ImportersOf } from './callSites.js';
import { type Plan } from './plan.js';
import type { PrDigestRequest } from './request.js';
import { type PrReview } from './review.js';
import type { PrEntry } from './sections.js';
import { type PrSetup } from './setup.js';
export interface PreparedPr {
    changes: PrChanges;
    index: RepoIndex;
    roots: string[];
    /** Methods that read attributes the changed code assigns (attributeFlow.ts), offered right after the call sites of changed contracts. */
    readers: string[];
    /** Mechanical changes, packed after everything else when they fit (pack/tailItems.ts); their views are in `views`. */
    tail: string[];
    changed: ChangedSymbolRow[];
    /** The changed symbols as the digest shows them: line spans from the index where it has the symbol. */
    shown: ChangedSymbol[];
    /** Every note of the digest header. */
    notes: string[];
    /** Set when the working tree is not head (setup.ts). */
    warning?: string;
    /** Ids of the removed symbols (in the index as they were in base). */
    removed: ReadonlySet<string>;
    /** Removed symbols head still references (resolved: alarms; heuristic only: "check"). */
    removedReferences: RemovedReference[];
    /** Breaking call sites, overrides, signature changes, tests that reach the change. */
    review: PrReview;
    /** What redaction replaced (empty when `redact: false`). */
    redaction: IndexRedaction;
    request: Omit<PrDigestRequest, 'pack'>;
    /** `shown` with move links and contract changes, for the PR sections. */
    entries: PrEntry[];
    /** How each root can be shown, best first (views.ts). */
    views: ReadonlyMap<string, readonly ItemView[]>;
    /** Budget order (plan.ts). */
    plan: Plan;
    compareNeighbours: (a: Reached, b: Reached) => number;
}
/**
 * The full index (every file parsed), then the digest prepared over it. preparePrPacks / prDigest
 * build the index on demand instead (onDemandRounds.ts) unless `fullIndex`: the CLI and the Action
 * pass it unless `--on-demand` / `on-demand: true`, since on a large tree the on-demand index still
 * parses most files over several rounds and costs more CPU (README).
 */
export declare function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr>;
/** Index the scanned files (every file, or the on-demand selection with the others as empty modules) and prepare the digest. */
export declare function prepareFromScan(request: Omit<PrDigestRequest, 'pack'>, setup: PrSetup, scanned: ScannedFiles): Promise<PreparedPr>;
/** Who imports a symbol (the index's `imports` edges), built once per index. */
export declare const importersOf: (index: RepoIndex) => ImportersOf;
/** Whether a symbol of `index` is test code (its file is a test file). */
export declare function isTestIn(index: RepoIndex): (id: string) => boolean;
