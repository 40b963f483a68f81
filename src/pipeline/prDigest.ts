// The pull-request digest: changed symbols become the roots of one pack over the head tree.
//
// Decisions:
// - The index is the working tree (what the reviewer's checkout holds); changed symbols come from
//   git (merge-base(base, head)..head), or the REST API when git cannot answer.
// - Removed symbols are put back into the index as they were in base ("ghosts") before the call graph
//   is built. Imports and calls of a removed name then resolve to it, so "removed but still called"
//   shows up as a caller edge, and the removed code itself is shown from base as a root, its heading
//   marked "(removed; code as in base)" (status="removed" in XML and JSON), so it is never read as live
//   code. The mark is given for every level of the sections below, the summary one included.
// - The PR sections (header, changed table, call sites, Mermaid) are the digest's preamble: they are
//   inside the budget like everything else, and the header states the document's exact token count.
import type { RepoIndex } from '../model.js';
import { withRemovedSymbols } from '../diff/changedSymbols.js';
import { collectPrChanges, type PrChanges, type PrChangesDeps } from '../diff/prChanges.js';
import { extractFile } from '../python/extract.js';
import { loadPythonParser } from '../python/treeSitter.js';
import { runGitDefault } from '../diff/gitDiff.js';
import { BudgetTooSmallError, type PackResult } from '../pack/packer.js';
import type { ChangedSymbolRow } from '../render/document.js';
import { plural } from '../render/plural.js';
import { renderCallSites, renderChangedSymbolsTable, renderPrHeader, renderPrSections } from '../render/prSections.js';
import { assembleIndex, graphOptionsOf, scanRepository, type IndexOptions } from './indexRepository.js';
import { adjacencyOf, packRoots, type PackSettings } from './packRepository.js';

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
export async function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr> {
  const parser = await loadPythonParser();
  const changes = await collectPrChanges(
    request.repoDir,
    request.base,
    request.head,
    parser,
    { git: { runGit: runGitDefault }, extract: extractFile, ...(request.apiFallback ? { apiFallback: request.apiFallback } : {}) },
    {
      ...(request.index?.maxFileBytes === undefined ? {} : { maxFileBytes: request.index.maxFileBytes }),
      fetchMissing: request.fetchMissing ?? false,
    },
  );
  const scanned = await scanRepository(request.repoDir, request.index ?? {});
  const files = withRemovedSymbols(scanned.files, changes.removedSymbols);
  const index = assembleIndex(request.repoDir, files, scanned.skippedFiles, graphOptionsOf(request.index ?? {}));
  const roots = changes.changed.map((c) => c.id).filter((id) => index.byId.has(id));
  const changed: ChangedSymbolRow[] = changes.changed.map((c) => ({ id: c.id, file: c.file, name: c.name, change: c.change }));
  const removed = new Set(changes.changed.filter((c) => c.change === 'removed').map((c) => c.id));
  return { changes, index, roots, changed, removed, request };
}

/**
 * How much of the PR sections the document carries. On a large PR the sections alone can exceed the
 * budget; rather than fail the run, each level drops more and says so in the header, and the last
 * level is one summary line. Only when even that does not fit is the budget an error.
 */
type SectionsLevel = 'full' | 'no-graph' | 'capped' | 'summary';
const SECTIONS_LEVELS: readonly SectionsLevel[] = ['full', 'no-graph', 'capped', 'summary'];
const CAPPED_ROWS = 30;

/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export function packPr(prepared: PreparedPr, pack: PackSettings): PackResult {
  for (const [i, level] of SECTIONS_LEVELS.entries()) {
    try {
      return packPrAt(prepared, pack, level);
    } catch (error) {
      if (!(error instanceof BudgetTooSmallError) || i === SECTIONS_LEVELS.length - 1) throw error;
    }
  }
  throw new Error('unreachable: the last sections level rethrows');
}

function packPrAt(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): PackResult {
  const { changes, index, request } = prepared;
  const adjacency = adjacencyOf(index);
  const capped = level === 'capped' || level === 'summary';
  const changed = capped ? changes.changed.slice(0, CAPPED_ROWS) : changes.changed;
  // Capped levels also consider only those symbols as roots: the JSON `roots` list of a huge PR is
  // itself larger than a small budget, and listing roots that cannot be packed helps nobody.
  const roots = capped ? prepared.roots.filter((id) => changed.some((c) => c.id === id)) : prepared.roots;
  const notes = [...changes.notes];
  if (level === 'no-graph') notes.push('The call graph of the changes was left out to fit the budget.');
  if (level === 'capped' && changes.changed.length > CAPPED_ROWS) {
    notes.push(`Only the first ${CAPPED_ROWS} of ${changes.changed.length} changed symbols are listed and packed, to fit the budget; raise the budget for all of them.`);
  }
  if (level === 'summary') {
    notes.push(`${summaryOf(changes.changed)}: the list does not fit the budget, and only the first ${CAPPED_ROWS} are packed; raise the budget to see it.`);
  }
  return packRoots(index, roots, pack, {
    title: 'RepoDigest: pull request context',
    removed: prepared.removed,
    // The summary level drops the per-symbol list everywhere, the JSON `changed` included.
    ...(level === 'summary' ? {} : { changed: prepared.changed }),
    preamble: (usage) => {
      const header = {
        ...(request.prNumber !== undefined ? { prNumber: request.prNumber } : {}),
        ...(request.title !== undefined ? { title: request.title } : {}),
        base: changes.mergeBase ?? request.base,
        head: changes.head ?? request.head,
        tokensUsed: usage.used,
        budget: usage.budget,
        encoding: usage.encoding,
        incomplete: changes.incomplete,
        notes,
      };
      if (level === 'full') {
        return [renderPrSections({ ...header, changed, nonPython: changes.nonPython, adjacency, locate: (id) => index.byId.get(id) })];
      }
      if (level === 'summary') return [renderPrHeader(header)];
      return [
        renderPrHeader(header),
        renderChangedSymbolsTable(changed, adjacency, changes.nonPython),
        renderCallSites(changed, adjacency, (id) => index.byId.get(id)),
      ];
    },
  });
}

function summaryOf(changed: PrChanges['changed']): string {
  const count = (change: string) => changed.filter((c) => c.change === change).length;
  return `${plural(changed.length, 'changed symbol')} (${count('added')} added, ${count('modified')} modified, ${count('removed')} removed)`;
}

export async function prDigest(request: PrDigestRequest): Promise<PrDigest> {
  const prepared = await preparePr(request);
  return { changes: prepared.changes, index: prepared.index, changed: prepared.changed, result: packPr(prepared, request.pack) };
}
