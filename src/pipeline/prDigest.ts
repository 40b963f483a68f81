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
// - The scan root may be a folder inside the repository (prChanges.ts maps git's paths onto it).
// - A working tree that is not head is stated, not refused (diff/worktree.ts says why): one warning
//   (`PreparedPr.warning`, printed by the CLI) that is also the digest's first note.
// - The changed table takes its line spans from the index (the code shown) whenever the index has the
//   symbol: on GitHub's pull_request checkout the tree is the merge of head into base, whose lines can
//   differ from head's, and the table must point at the code below it. Changed symbols the index lacks
//   (the tree is not head) keep head's lines, are not packed, and a note names them.
import { stat } from 'node:fs/promises';
import type { RepoIndex } from '../model.js';
import { reboundInHead, withRemovedSymbols, type ChangedSymbol } from '../diff/changedSymbols.js';
// [diff semantics, helper B] live references to removed symbols, computed against head's own bindings.
import { removedStillReferenced, type RemovedReference } from '../diff/removedReferences.js';
import { inspectWorktree, worktreeWarning } from '../diff/worktree.js';
import { RepoDigestError } from '../shared/errors.js';
import { collectPrChanges, type PrChanges, type PrChangesDeps } from '../diff/prChanges.js';
import { extractFile } from '../python/extract.js';
import { loadPythonParser } from '../python/treeSitter.js';
import { runGitDefault } from '../diff/gitDiff.js';
import { BudgetTooSmallError, rootsInDocument, type PackResult } from '../pack/packer.js';
import type { ChangedSymbolRow } from '../render/document.js';
import { namedList, plural } from '../render/plural.js';
import { perIndex } from './perIndex.js';
import { renderMermaid } from '../render/mermaid.js';
import { renderCallSites, renderChangedSymbolsTable, renderPrHeader, renderPrSections, type ImportersOf } from '../render/prSections.js';
import { assembleIndex, graphOptionsOf, importIdOf, scanRepository, type IndexOptions } from './indexRepository.js';
import { changesWithIds } from '../diff/importIds.js';
import { adjacencyOf, packRoots, type PackSettings } from './packRepository.js';
// [review, helper H] breaking call sites, affected tests, secret redaction (issue 11).
import { reviewPr, type PrReview } from './prReview.js';
import { redactIndex, type IndexRedaction } from '../review/redactIndex.js';
import { renderBreakingSection, renderReviewSummary, renderTestsSection, reviewJson } from '../render/reviewSections.js';

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
}

/** The expensive half, done once per run: diff, index (with removed symbols put back), roots. */
export async function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr> {
  await requireDirectory(request.repoDir);
  const parser = await loadPythonParser();
  const git = { runGit: runGitDefault };
  // [diff semantics] computed on path-based ids; renamed to the index's ids below (changesWithIds).
  const pathChanges = await collectPrChanges(
    request.repoDir,
    request.base,
    request.head,
    parser,
    { git, extract: extractFile, ...(request.apiFallback ? { apiFallback: request.apiFallback } : {}) },
    {
      ...(request.index?.maxFileBytes === undefined ? {} : { maxFileBytes: request.index.maxFileBytes }),
      fetchMissing: request.fetchMissing ?? false,
      ...(request.scanPrefix === undefined ? {} : { scanPrefix: request.scanPrefix }),
      ...(request.index?.include ? { include: request.index.include } : {}),
      ...(request.index?.exclude ? { exclude: request.index.exclude } : {}),
    },
  );
  const warning =
    pathChanges.source === 'git' && pathChanges.head !== undefined
      ? worktreeWarning(await inspectWorktree(request.repoDir, pathChanges.head, git), request.head, pathChanges.head)
      : undefined;
  const scanned = await scanRepository(request.repoDir, request.index ?? {});
  const files = withRemovedSymbols(scanned.files, pathChanges.removedSymbols);
  const index = assembleIndex(request.repoDir, files, scanned.skippedFiles, graphOptionsOf(request.index ?? {}));
  // [review] Before anything is packed: every text of the index is redacted in place, so token counts are of what is shown.
  const redaction: IndexRedaction = request.index?.redact === false ? { table: new Map(), counts: [] } : await redactIndex(index);
  // [diff semantics] the index names modules as Python imports them (`src.flask.app` -> `flask.app`): so do the changes.
  const idOf = importIdOf(index);
  const changes = changesWithIds(pathChanges, idOf);
  // A module with no module-level code of its own (only definitions, e.g. a new or renamed module) would
  // be an empty code block: its definitions are changed symbols and roots themselves.
  const roots = changes.changed.map((c) => c.id).filter((id) => {
    const symbol = index.byId.get(id);
    return symbol !== undefined && !(symbol.kind === 'module' && symbol.full.trim() === '');
  });
  const shown = changes.changed.map((c) => spanInIndex(c, index));
  const changed: ChangedSymbolRow[] = shown.map((c) => ({ id: c.id, file: c.file, name: c.name, change: c.change }));
  const removed = new Set(changes.changed.filter((c) => c.change === 'removed').map((c) => c.id));
  const notes = [...(warning ? [warning] : []), ...changes.notes];
  // [diff semantics] A removed symbol whose name head binds again (e.g. imports it from its new home) is
  // not put back (it would shadow that binding): it is not "absent", its code is simply gone.
  const rebound = new Set(reboundInHead(scanned.files, pathChanges.removedSymbols).map(idOf));
  const absent = changes.changed.filter((c) => !index.byId.has(c.id) && !rebound.has(c.id)).map((c) => c.id);
  if (absent.length > 0) {
    notes.push(`${plural(absent.length, 'changed symbol')} ${absent.length === 1 ? 'is' : 'are'} not in the analysed code and not packed: ${namedList(absent)}`);
  }
  // [diff semantics] the "removed but still called" data (diff/removedReferences.ts).
  const removedReferences = removedStillReferenced({
    changed: changes.changed,
    adjacency: adjacencyOf(index),
    importers: importersOf(index),
    locate: (id) => index.byId.get(id),
  });
  // [review] signatures bound against their call sites, overrides, tests; the removed references folded in.
  const review = await reviewPr({ repoDir: request.repoDir, changes, index, removedReferences }, git);
  notes.push(...review.notes, ...redactionNotes(redaction));
  return { changes, index, roots, changed, shown, notes, ...(warning ? { warning } : {}), removed, removedReferences, review, redaction, request };
}

/** [review] The header line saying what redaction replaced. */
function redactionNotes(redaction: IndexRedaction): string[] {
  const total = redaction.counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return [];
  const kinds = redaction.counts.map((c) => `${c.kind} ${c.count}`).join(', ');
  return [`Redacted: ${plural(total, 'secret')} in the analysed code replaced by <redacted: KIND> (${kinds}).`];
}

async function requireDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info === null) throw new RepoDigestError(`No such directory: ${dir}`);
  if (!info.isDirectory()) throw new RepoDigestError(`Not a directory: ${dir}`, 'pass the folder to analyse');
}

/** A changed symbol with the file and lines of the code the index holds for it (removed ones: as in base). */
function spanInIndex(c: ChangedSymbol, index: RepoIndex): ChangedSymbol {
  const symbol = c.change === 'removed' ? undefined : index.byId.get(c.id);
  if (!symbol) return c;
  return { ...c, file: symbol.file, lines: [symbol.startLine, symbol.endLine] };
}

/**
 * How much of the PR sections the document carries. On a large PR the sections alone can exceed the
 * budget; rather than fail the run, each level drops more and says so in the header, and the last
 * level is one summary line. Only when even that does not fit is the budget an error. A level that
 * would drop nothing (no graph to leave out, no more than 30 changed symbols to cap) is not tried, so
 * a note never claims a cut that did not happen.
 */
export type SectionsLevel = 'full' | 'no-graph' | 'capped' | 'summary';
const CAPPED_ROWS = 30;

function levelsFor(prepared: PreparedPr): SectionsLevel[] {
  const hasGraph = renderMermaid(prepared.shown, adjacencyOf(prepared.index)) !== '';
  return [
    'full',
    ...(hasGraph ? (['no-graph'] as const) : []),
    ...(prepared.shown.length > CAPPED_ROWS ? (['capped'] as const) : []),
    'summary',
  ];
}

/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export function packPr(prepared: PreparedPr, pack: PackSettings): PackResult {
  // Code first: a fuller level that fits only by leaving changed code out is not taken while a
  // shorter one shows more of it (a walkthrough saw budget 700 give no code where 500 gave three
  // symbols). Levels are tried in order and the first that shows every changed symbol wins; else the
  // one showing the most, the fuller on a tie.
  const levels = levelsFor(prepared);
  let best: { result: PackResult; shown: number } | undefined;
  let lastError: unknown;
  for (const level of levels) {
    let result: PackResult;
    try {
      result = packPrAt(prepared, pack, level);
    } catch (error) {
      if (!(error instanceof BudgetTooSmallError)) throw error;
      lastError = error;
      continue;
    }
    const shown = rootsInDocument(result);
    if (shown === result.roots.length) return result;
    if (!best || shown > best.shown) best = { result, shown };
  }
  if (best) return best.result;
  throw lastError;
}


/** What the header says a level left out (empty at the full level). */
export function levelNotes(level: SectionsLevel, shown: readonly ChangedSymbol[], hasGraph: boolean): string[] {
  const total = shown.length;
  const graphNote = 'The call graph of the changes was left out to fit the budget.';
  if (level === 'no-graph') return [graphNote];
  if (level === 'capped') {
    return [
      ...(hasGraph ? [graphNote] : []),
      `Only the first ${CAPPED_ROWS} of ${total} changed symbols are listed and packed, to fit the budget; raise the budget for all of them.`,
    ];
  }
  if (level === 'summary') {
    if (total > CAPPED_ROWS) {
      return [`${summaryOf(shown)}: the list does not fit the budget, and only the first ${CAPPED_ROWS} are packed; raise the budget to see it.`];
    }
    const left = hasGraph ? 'their list, call sites and call graph were' : 'their list and call sites were';
    return [`${summaryOf(shown)}: ${left} left out to fit the budget; raise the budget to see them.`];
  }
  return [];
}

/** Who imports a symbol (the index's `imports` edges), built once per index. */
const importersOf = perIndex((index): ImportersOf => {
  const table = new Map<string, string[]>();
  for (const e of index.edges) {
    if (e.kind !== 'imports') continue;
    const list = table.get(e.to);
    if (list) list.push(e.from);
    else table.set(e.to, [e.from]);
  }
  for (const list of table.values()) list.sort();
  return (id) => table.get(id) ?? [];
});

function packPrAt(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): PackResult {
  const { changes, index, request, shown } = prepared;
  const adjacency = adjacencyOf(index);
  const importers = importersOf(index);
  const capped = level === 'capped' || level === 'summary';
  const changed = capped ? shown.slice(0, CAPPED_ROWS) : shown;
  // Capped levels also consider only those symbols as roots: the JSON `roots` list of a huge PR is
  // itself larger than a small budget, and listing roots that cannot be packed helps nobody.
  const roots = capped ? prepared.roots.filter((id) => changed.some((c) => c.id === id)) : prepared.roots;
  const hasGraph = renderMermaid(shown, adjacency) !== '';
  const notes = [...prepared.notes, ...levelNotes(level, shown, hasGraph)];
  return packRoots(index, roots, pack, {
    title: 'RepoDigest: pull request context',
    removed: prepared.removed,
    // The summary level drops the per-symbol list everywhere, the JSON `changed` included.
    ...(level === 'summary' ? {} : { changed: prepared.changed }),
    extra: reviewExtra(prepared, level),
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
        plain: usage.format === 'xml',
      };
      // [review] The verdicts come first, right after the header, before the list and the code.
      const { findings, tests } = prepared.review;
      const review = [renderBreakingSection(findings, header.plain), renderTestsSection(tests, header.plain)];
      if (level === 'full') {
        const graph = renderMermaid(changed, adjacency);
        return [
          renderPrHeader(header),
          ...review,
          renderChangedSymbolsTable(changed, adjacency, changes.nonPython),
          renderCallSites(changed, adjacency, (id) => index.byId.get(id), importers),
          ...(graph ? [`### Call graph of the changes\n\n${graph}`] : []),
        ];
      }
      if (level === 'summary') return [renderPrHeader(header), renderReviewSummary(findings, tests, header.plain)];
      return [
        renderPrHeader(header),
        ...review,
        renderChangedSymbolsTable(changed, adjacency, changes.nonPython),
        renderCallSites(changed, adjacency, (id) => index.byId.get(id), importers),
      ];
    },
  });
}

/**
 * [review] The JSON metadata of the review. While the JSON wrapper counts against the budget, the
 * shortened levels keep only what a workflow acts on (breaking sites, tests, redactions).
 */
function reviewExtra(prepared: PreparedPr, level: SectionsLevel): Record<string, unknown> {
  const full = reviewJson(prepared.review.findings, prepared.review.tests, prepared.redaction.counts);
  if (level === 'full' || level === 'no-graph') return full;
  return { breaking: full['breaking'], tests: full['tests'], redactions: full['redactions'] };
}

function summaryOf(changed: readonly ChangedSymbol[]): string {
  const count = (change: string) => changed.filter((c) => c.change === change).length;
  return `${plural(changed.length, 'changed symbol')} (${count('added')} added, ${count('modified')} modified, ${count('removed')} removed)`;
}

export async function prDigest(request: PrDigestRequest): Promise<PrDigest> {
  const prepared = await preparePr(request);
  return {
    changes: prepared.changes,
    index: prepared.index,
    changed: prepared.changed,
    notes: prepared.notes,
    ...(prepared.warning ? { warning: prepared.warning } : {}),
    review: prepared.review,
    result: packPr(prepared, request.pack),
  };
}
