
import type { PrChanges } from '../diff/prChanges.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import type { RepoIndex } from '../model.js';
import type { ChangedSymbolRow } from '../pack/document.js';
import type { PackResult } from '../pack/packer.js';
import { type ScannedFiles, scanRepository } from '../pipeline/indexRepository.js';
import { type PackSettings, withPackDefaults } from '../pipeline/packRepository.js';
import { createHeapGuard } from '../shared/heapGuard.js';
import { type OnDemandOutcome, type OnDemandStats, onDemandPr } from './onDemandRounds.js';
import { packPr } from './packPr.js';
import { type PreparedPr, prepareFromScan } from './prepare.js';
import type { PrDigestRequest } from './request.js';
import type { PrReview } from './review.js';
import { type PrSetup, setupPr } from './setup.js';

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
export async function preparePrPacks(
  request: Omit<PrDigestRequest, 'pack'>,
  packs: readonly PackSettings[],
  hooks: { onPrepared?: (prepared: PreparedPr) => void; withViewer?: boolean } = {},
): Promise<OnDemandOutcome> {
  if (request.index?.heapGuard === undefined) {
    // One heap guard for the whole run: every scan and resolution, the review steps and the packs. An on-demand
    // run's knows it is one (its line then offers no `--on-demand`).
    request = { ...request, index: { ...request.index, heapGuard: createHeapGuard(undefined, undefined, !request.fullIndex) } };
  }
  const setup = await setupPr(request);
  let told = false;
  const stages = {
    prepare: async (s: PrSetup, scanned: ScannedFiles) => {
      const prepared = await prepareFromScan(request, s, scanned);
      // The changed list is the same in every round (changed files are always parsed): told once, early.
      if (!told) hooks.onPrepared?.(prepared);
      told = true;
      return prepared;
    },
    pack: (prepared: PreparedPr) => packs.map((p) => packPr(prepared, p)),
  };
  if (request.fullIndex) {
    const scanned = await scanRepository(request.repoDir, { ...request.index, recall: setup.extract.recall });
    const prepared = await stages.prepare(setup, scanned);
    const total = scanned.files.length;
    return { prepared, results: stages.pack(prepared), stats: { mode: 'full', filesParsed: total, filesTotal: total, rounds: 1 } };
  }
  return onDemandPr(request.repoDir, request.index ?? {}, setup, stages, hooks.withViewer ?? false);
}

export async function prDigest(request: PrDigestRequest): Promise<PrDigest> {
  const { prepared, results, stats } = await preparePrPacks(request, [withPackDefaults(request.pack)]);
  return {
    indexing: stats,
    changes: prepared.changes,
    index: prepared.index,
    changed: prepared.changed,
    notes: prepared.notes,
    ...(prepared.warning ? { warning: prepared.warning } : {}),
    review: prepared.review,
    removedReferences: prepared.removedReferences,
    result: results[0]!,
  };
}
