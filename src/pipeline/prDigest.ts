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
// - The PR sections (header, changed list, call sites, Mermaid) are the digest's preamble: they are
//   inside the budget like everything else, and the header states the document's exact token count.
//   How compact they are is chosen against the code (SectionsLevel below); what gets budget, in which
//   order, is pack/prPlan.ts; how each changed symbol is shown (its diff) is render/prViews.ts.
// - The JSON digest is the markdown digest (`content`, byte for byte, what the budget bounds) wrapped in
//   metadata that is never cut: the complete `changed` manifest with each symbol's diff (render/json.ts).
// - The scan root may be a folder inside the repository (prChanges.ts maps git's paths onto it).
// - A working tree that is not head is stated, not refused (diff/worktree.ts says why): one warning
//   (`PreparedPr.warning`, printed by the CLI) that is also the digest's first note.
// - The changed table takes its line spans from the index (the code shown) whenever the index has the
//   symbol: on GitHub's pull_request checkout the tree is the merge of head into base, whose lines can
//   differ from head's, and the table must point at the code below it. Changed symbols the index lacks
//   (the tree is not head) keep head's lines, are not packed, and a note names them.
import { stat } from 'node:fs/promises';
import type { FileRecord, RepoIndex } from '../model.js';
import type { FileChange } from '../diff/hunks.js';
import { reboundInHead, withRemovedSymbols, type ChangedSymbol } from '../diff/changedSymbols.js';
// [diff semantics, helper B] live references to removed symbols, computed against head's own bindings.
import { removedStillReferenced, type RemovedReference } from '../diff/removedReferences.js';
import { inspectWorktree, worktreeWarning } from '../diff/worktree.js';
import { RepoDigestError } from '../shared/errors.js';
import { collectPrChanges, type PrChanges, type PrChangesDeps } from '../diff/prChanges.js';
import { revisionExtractor } from '../cache/cachedExtract.js';
import { loadPythonParser, type PythonParser } from '../python/treeSitter.js';
import { runGitDefault, type GitDeps } from '../diff/gitDiff.js';
import { BudgetTooSmallError, rootsInDocument, type PackResult } from '../pack/packer.js';
import { neighbourOrder, planPr, type Plan, isTestPath } from '../pack/prPlan.js';
import { ancestors } from '../pack/packState.js';
import type { Reached } from '../pack/expansion.js';
import { changedHeadLines, hasChange, type MoveFields, type SymbolChangeInfo } from '../diff/symbolDiff.js';
import { unifiedDiff } from '../diff/diffText.js';
import type { ChangedSymbolRow, ItemView } from '../render/document.js';
import { jsonAroundMarkdown } from '../render/json.js';
import { namedList, plural } from '../render/plural.js';
import { perIndex } from './perIndex.js';
import { renderMermaid } from '../render/mermaid.js';
import { viewsOf } from '../render/prViews.js';
import {
  renderCallSites,
  renderChangedList,
  renderPrHeader,
  type ImportersOf,
  type ListLevel,
  type PrEntry,
  type SitesLevel,
} from '../render/prSections.js';
import { assembleIndex, graphOptionsOf, importIdOf, scanRepository, type IndexOptions, type ScannedFiles } from './indexRepository.js';
import { changesWithIds } from '../diff/importIds.js';
import { adjacencyOf, packRoots, type PackSettings } from './packRepository.js';
import { collectSymbolDiffs } from './prSymbolDiffs.js';
import { onDemandPr, type OnDemandOutcome, type OnDemandStats } from './onDemandPr.js';
import { createHeapGuard } from '../shared/heapGuard.js';
// [review, helper H] breaking call sites, affected tests, secret redaction (issue 11).
import { reviewPr, type PrReview } from './prReview.js';
import { redactIndex, type IndexRedaction } from '../review/redactIndex.js';
import { redactDiffs } from '../review/redactDiffs.js';
import { isTestFile } from '../review/affectedTests.js';
import { addCounts, sortedCounts } from '../render/redact.js';
import { renderBreakingSection, renderReviewSummary, renderTestsSection, reviewJson, type ReviewDetail } from '../render/reviewSections.js';

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
export async function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr> {
  const setup = await setupPr(request);
  return prepareFromScan(request, setup, await scanRepository(request.repoDir, request.index ?? {}));
}

/** The diff of the PR, read once per run (git, or the API fallback). */
export async function setupPr(request: Omit<PrDigestRequest, 'pack'>): Promise<PrSetup> {
  await requireDirectory(request.repoDir);
  const parser = await loadPythonParser();
  const git = { runGit: runGitDefault };
  const extract = revisionExtractor(request.index?.cache);
  // [diff semantics] computed on path-based ids; renamed to the index's ids below (changesWithIds).
  const pathChanges = await collectPrChanges(
    request.repoDir,
    request.base,
    request.head,
    parser,
    { git, extract, ...(request.apiFallback ? { apiFallback: request.apiFallback } : {}) },
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
  return { parser, git, extract, pathChanges, ...(warning === undefined ? {} : { warning }) };
}

/** Index the scanned files (every file, or the on-demand selection with the others as empty modules) and prepare the digest. */
export async function prepareFromScan(request: Omit<PrDigestRequest, 'pack'>, setup: PrSetup, scanned: ScannedFiles): Promise<PreparedPr> {
  const { parser, git, extract, pathChanges, warning } = setup;
  const files = withRemovedSymbols(scanned.files, pathChanges.removedSymbols);
  const index = assembleIndex(request.repoDir, files, scanned.skippedFiles, graphOptionsOf(request.index ?? {}), scanned.callGraph);
  // [review] Before anything is packed: every text of the index is redacted in place, so token counts are of what is shown.
  const redaction: IndexRedaction = request.index?.redact === false ? { table: new Map(), counts: [] } : await redactIndex(index);
  // [diff semantics] the index names modules as Python imports them (`src.flask.app` -> `flask.app`): so do the changes.
  const idOf = importIdOf(index);
  const changes = changesWithIds(pathChanges, idOf);
  // A module with no module-level code of its own (only definitions, e.g. a new or renamed module) would
  // be an empty code block: its definitions are changed symbols and roots themselves.
  const shown = changes.changed.map((c) => spanInIndex(c, index));
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
  let infos = new Map<string, SymbolChangeInfo>();
  try {
    infos = await collectSymbolDiffs({ repoDir: request.repoDir, changes, headSymbol: (id) => index.byId.get(id), headMembers: (id) => index.symbols.filter((s) => s.id.startsWith(`${id}.`)), parser, git, extract, idOf });
  } catch (error) {
    notes.push(`the changed symbols' diffs could not be read (${(error as Error).message}); their code is shown without them`);
  }
  // [review] The diffs come from git, not from the (redacted) index: redacted here, deleted lines included.
  if (request.index?.redact !== false && infos.size > 0) {
    const removedCounts = await redactDiffs(infos, redaction);
    if (removedCounts.size > 0) {
      const all = new Map(redaction.counts.map((c) => [c.kind, c.count] as const));
      addCounts(all, removedCounts);
      redaction.counts = sortedCounts(all);
    }
  }
  const entries = carried(shown.map((c) => entryOf(c, infos.get(c.id))), infos, index);
  // A removed symbol whose name head binds again without a move (flask c77a5203: the method
  // `App.should_ignore_error` became a class attribute) has no code in the index to pack: said, not lost.
  const reboundGone = entries.filter((c) => rebound.has(c.id) && c.movedTo === undefined && !index.byId.has(c.id)).map((c) => c.id);
  if (reboundGone.length > 0) {
    notes.push(`${plural(reboundGone.length, 'removed symbol')} whose name head binds again ${reboundGone.length === 1 ? 'is' : 'are'} not packed as code: ${namedList(reboundGone)} (the JSON digest carries ${reboundGone.length === 1 ? 'its' : "each one's"} diff)`);
  }
  const changed = entries.map((c) => manifestRow(c, infos.get(c.id), changes.files));
  // Not packed as code: a module with no module-level code of its own (its definitions are roots
  // themselves), and the removed end of a move (shown once, at its new place).
  const packable = entries.filter((c) => {
    const symbol = index.byId.get(c.id);
    if (symbol === undefined || c.movedTo !== undefined || c.carriedBy !== undefined) return false;
    return !(symbol.kind === 'module' && symbol.full.trim() === '');
  });
  const views = new Map<string, ItemView[]>();
  for (const c of packable) {
    const symbol = index.byId.get(c.id)!;
    const sameName = /#\d+$/.test(c.id) ? index.symbols.filter((s) => s.parent === symbol.parent && s.name === symbol.name).sort((a, b) => a.startLine - b.startLine) : undefined;
    const info = infos.get(c.id);
    views.set(c.id, viewsOf({ change: c.change, symbol, ...(info ? { info } : {}), move: c, ...(sameName ? { sameName } : {}) }));
  }
  const adjacency = adjacencyOf(index);
  const changedIds = new Set(entries.map((c) => c.id));
  const plan = planPr(
    packable.map((c) => ({
      id: c.id,
      file: c.file,
      name: c.name,
      kind: c.kind,
      startLine: c.lines[0],
      ...(c.contract === undefined ? {} : { contract: c.contract }),
      ...(c.movedFrom === undefined ? {} : { contractOf: c.movedFrom }),
      ancestors: ancestors(index.byId.get(c.id)!, index.byId).map((a) => a.id),
      whole: views.get(c.id)?.[0]?.mode === 'full',
    })),
    adjacency,
    (id) => changedIds.has(id),
    isTestIn(index),
  );
  // [review] signatures bound against their call sites, overrides, tests; the removed references folded in.
  const review = await reviewPr({ repoDir: request.repoDir, changes, index, removedReferences, extract, ...(request.index?.redact === false ? {} : { secrets: redaction.table }) }, git);
  notes.push(...review.notes, ...redactionNotes(redaction));
  const packages = new Set(entries.map((c) => c.id.split('.')[0] ?? c.id));
  const compareNeighbours = neighbourOrder((id) => index.byId.get(id)?.file, packages);
  return {
    changes,
    index,
    roots: plan.roots,
    changed,
    shown,
    notes,
    ...(warning ? { warning } : {}),
    removed,
    request,
    entries,
    views,
    plan,
    compareNeighbours,
    removedReferences,
    review,
    redaction,
  };
}

/** [review] The header line saying what redaction replaced. */
function redactionNotes(redaction: IndexRedaction): string[] {
  const total = redaction.counts.reduce((sum, c) => sum + c.count, 0);
  if (total === 0) return [];
  const kinds = redaction.counts.map((c) => `${c.kind} ${c.count}`).join(', ');
  return [`Redacted: ${plural(total, 'secret')} in the analysed code replaced by <redacted: KIND> (${kinds}).`];
}

/** A changed symbol with its move links (diff/changedSymbols.ts, when present) and whether its contract changed. */
function entryOf(c: ChangedSymbol, info: SymbolChangeInfo | undefined): PrEntry {
  const move = c as ChangedSymbol & MoveFields;
  let contract: PrEntry['contract'];
  if (c.change === 'removed' && move.movedTo === undefined) contract = 'removed';
  else if (c.change === 'added' && move.movedFrom !== undefined) contract = move.moveKind === 'renamed' ? 'renamed' : 'moved';
  else if (info?.signature) contract = 'signature';
  return { ...c, ...(contract ? { contract } : {}) };
}

/**
 * Members that moved with their moved class (or function), unchanged: `carriedBy` names the outermost
 * moved ancestor whose move explains theirs (old id = ancestor's old id + the same suffix). They are not
 * packed (the ancestor is) and the lists name them under it: a renamed class is one entry, not fifty.
 */
function carried(entries: PrEntry[], infos: ReadonlyMap<string, SymbolChangeInfo>, index: RepoIndex): PrEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  return entries.map((e) => {
    if (e.change !== 'added' || e.movedFrom === undefined || hasChange(infos.get(e.id)?.lines ?? [])) return e;
    let by: string | undefined;
    const guard = new Set<string>();
    for (let parent = index.byId.get(e.id)?.parent; parent !== undefined && !guard.has(parent); parent = index.byId.get(parent)?.parent) {
      guard.add(parent);
      const p = byId.get(parent);
      if (p?.movedFrom !== undefined && e.movedFrom === p.movedFrom + e.id.slice(parent.length)) by = parent;
    }
    return by === undefined ? e : { ...e, carriedBy: by };
  });
}

/** The JSON manifest's entry: every changed symbol, with its diff and the head lines it adds. */
function manifestRow(c: PrEntry, info: SymbolChangeInfo | undefined, files: readonly FileChange[]): ChangedSymbolRow {
  const file = files.find((f) => f.path === c.file);
  const oldPath = c.change === 'added' && c.movedFrom === undefined ? undefined : (file?.oldPath ?? c.file);
  const newPath = c.change === 'removed' ? undefined : c.file;
  return {
    id: c.id,
    file: c.file,
    name: c.name,
    kind: c.kind,
    change: c.change,
    startLine: c.lines[0],
    endLine: c.lines[1],
    ...(c.movedFrom === undefined ? {} : { movedFrom: c.movedFrom }),
    ...(c.movedTo === undefined ? {} : { movedTo: c.movedTo }),
    ...(c.moveKind === undefined ? {} : { moveKind: c.moveKind }),
    ...(c.similarity === undefined ? {} : { similarity: c.similarity }),
    changedLines: info ? changedHeadLines(info.lines) : [],
    diff: info ? unifiedDiff(info.lines, oldPath, newPath) : '',
  };
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

const LADDER: readonly SectionsLevel[] = [
  { mermaid: true, list: 'table', contract: 'full', other: 'full', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'full', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'compact', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'counts', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'counts', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'full', other: 'counts', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'compact', other: 'counts', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'counts', other: 'counts', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'counts', other: 'counts', review: 'counts' },
  { mermaid: false, list: 'counts', contract: 'counts', other: 'counts', review: 'counts' },
  { mermaid: false, list: 'summary', contract: 'counts', other: 'counts', review: 'counts' },
];

/** The review sections as a level renders them (markdown): equal texts are one level. */
function reviewText(prepared: PreparedPr, detail: ReviewDetail): string {
  const { findings, tests } = prepared.review;
  return `${renderBreakingSection(findings, false, detail)}\n${renderTestsSection(tests, false, detail)}`;
}

/** Whether the Mermaid graph is drawn for this format: never in XML (no one renders it there), never when turned off. */
function mermaidWanted(pack: PackSettings): boolean {
  return pack.mermaid !== false && pack.format !== 'xml';
}

function levelsFor(prepared: PreparedPr, pack: PackSettings): SectionsLevel[] {
  const hasGraph = mermaidWanted(pack) && graphOf(prepared) !== '';
  const sites = renderCallSites({ ...sitesInput(prepared), contract: 'full', other: 'full' });
  const hasContract = prepared.entries.some((e) => e.contract !== undefined && e.change !== 'removed');
  // A level's review is the shortest of its detail and the fuller ones: counting a list of two is longer
  // than the list, and a more compact level must never render a longer preamble (bestOf's search).
  const details = ['full', 'compact', 'counts'] as const;
  const lengths = details.map((d) => reviewText(prepared, d).length);
  const reviewOf = (detail: ReviewDetail): ReviewDetail => {
    let best = 0;
    for (let i = 1; i <= details.indexOf(detail); i++) if (lengths[i]! < lengths[best]!) best = i;
    return details[best]!;
  };
  const seen = new Set<string>();
  const out: SectionsLevel[] = [];
  for (const level of LADDER) {
    const effective = {
      mermaid: level.mermaid && hasGraph,
      list: level.list,
      contract: hasContract ? level.contract : 'full',
      other: sites.includes('_No call sites') ? 'full' : level.other,
      review: level.list === 'summary' ? 'counts' : reviewOf(level.review),
    };
    const key = JSON.stringify(effective);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(effective as SectionsLevel);
  }
  return out;
}

const graphOf = perPrepared((prepared: PreparedPr) =>
  renderMermaid(prepared.shown, adjacencyOf(prepared.index), { isTest: isTestIn(prepared.index) }),
);

/** Whether a symbol of `index` is test code (its file is a test file). */
function isTestIn(index: RepoIndex): (id: string) => boolean {
  return (id) => {
    const file = index.byId.get(id)?.file;
    return file !== undefined && isTestPath(file);
  };
}

/** Memoise on the prepared PR (it is immutable once built). */
function perPrepared<T>(build: (prepared: PreparedPr) => T): (prepared: PreparedPr) => T {
  const cache = new WeakMap<PreparedPr, T>();
  return (prepared) => {
    if (!cache.has(prepared)) cache.set(prepared, build(prepared));
    return cache.get(prepared)!;
  };
}

/** The cheap half, once per output format: pack the prepared roots with the PR sections as preamble. */
export function packPr(prepared: PreparedPr, pack: PackSettings): PackResult {
  if (pack.format === 'json') {
    // The budget bounds the document (`content`), which is the markdown digest byte for byte; the JSON
    // around it (the complete manifest, every skip) is metadata (render/json.ts).
    const markdown = packPrDocument(prepared, { ...pack, format: 'markdown' });
    return { ...markdown, content: jsonAroundMarkdown(markdown, prepared.changed, reviewExtra(prepared)) };
  }
  return packPrDocument(prepared, pack);
}

/** How many roots are in the document, and how many of those in their best view. */
function scoreOf(prepared: PreparedPr, result: PackResult): [number, number] {
  const best = new Map(result.packed.map((p) => [p.id, prepared.views.get(p.id)?.[0]?.mode === p.mode]));
  const roots = new Set(result.roots);
  const inside = result.skipped.filter((s) => s.within !== undefined && roots.has(s.id)).length;
  return [rootsInDocument(result), result.roots.filter((id) => best.get(id) === true).length + inside];
}

function packPrDocument(prepared: PreparedPr, pack: PackSettings): PackResult {
  // Levels that name every changed symbol (table, names) are chosen among by what they show; the
  // unnamed ones (counts, summary) only when none of those fits at all.
  const levels = levelsFor(prepared, pack);
  const named = levels.filter((l) => l.list === 'table' || l.list === 'names');
  const first = bestOf(prepared, pack, named);
  if (first.result) return first.result;
  const second = bestOf(prepared, pack, levels.filter((l) => !named.includes(l)));
  if (second.result) return second.result;
  throw second.error ?? first.error;
}

/**
 * The level that shows the most changed symbols (then the most in their best view), fuller on a tie.
 * What a level shows grows as its preamble shrinks, so the levels are not all packed: the most compact
 * one gives the best score, then a binary search finds the fullest level that reaches it (3-4 packs
 * instead of up to 8; sphinx 9257a4f1bb, 110 changed symbols: ~0.3 s per pack).
 */
function bestOf(prepared: PreparedPr, pack: PackSettings, levels: readonly SectionsLevel[]): { result?: PackResult; error?: unknown } {
  let error: unknown;
  const tried = new Map<number, { result?: PackResult; score?: [number, number] }>();
  const attempt = (i: number) => {
    const known = tried.get(i);
    if (known) return known;
    let outcome: { result?: PackResult; score?: [number, number] } = {};
    try {
      const result = packPrAt(prepared, pack, levels[i]!);
      outcome = { result, score: scoreOf(prepared, result) };
    } catch (error_) {
      if (!(error_ instanceof BudgetTooSmallError)) throw error_;
      error = error_;
    }
    tried.set(i, outcome);
    return outcome;
  };
  if (levels.length === 0) return {};
  const first = attempt(0);
  if (first.score && first.score[0] === first.result!.roots.length && first.score[1] === first.result!.roots.length) return { result: first.result! };
  const last = attempt(levels.length - 1);
  if (!last.score) return first.result ? { result: first.result } : { error };
  const target = last.score;
  const reaches = (i: number): boolean => {
    const o = attempt(i);
    return o.score !== undefined && (o.score[0] > target[0] || (o.score[0] === target[0] && o.score[1] >= target[1]));
  };
  let lo = 0;
  let hi = levels.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (reaches(mid)) hi = mid;
    else lo = mid + 1;
  }
  return { result: attempt(lo).result! };
}

/** What the header says a level left out or compacted (nothing at the fullest level). */
export function levelNotes(level: SectionsLevel, entries: readonly PrEntry[], graphCut: boolean): string[] {
  const notes: string[] = [];
  if (graphCut) notes.push('The call graph of the changes was left out to fit the budget.');
  if (level.list === 'summary') {
    notes.push(`${summaryOf(entries)}: their list and call sites were left out to fit the budget; the JSON digest lists every one; raise the budget to see them.`);
    return notes;
  }
  if (level.list === 'names') notes.push('To fit the budget, the changed symbols are named per file (no table).');
  if (level.list === 'counts') notes.push('To fit the budget, the changed symbols are counted per file; the JSON digest names every one.');
  if (level.contract !== 'full' || level.other !== 'full') notes.push('To fit the budget, some call sites are listed per file or counted.');
  if (level.review !== 'full') notes.push("To fit the budget, the review lists are shortened or counted; the JSON digest and the Action's outputs list them all.");
  return notes;
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

function sitesInput(prepared: PreparedPr) {
  const { index } = prepared;
  return { changed: prepared.entries, adjacency: adjacencyOf(index), locate: (id: string) => index.byId.get(id), alarms: prepared.removedReferences, isTest: isTestFile };
}

function packPrAt(prepared: PreparedPr, pack: PackSettings, level: SectionsLevel): PackResult {
  const { changes, index, request, entries } = prepared;
  const adjacency = adjacencyOf(index);
  const graph = mermaidWanted(pack) ? graphOf(prepared) : '';
  const notes = [...prepared.notes, ...levelNotes(level, entries, graph !== '' && !level.mermaid)];
  return packRoots(index, prepared.roots, pack, {
    title: 'RepoDigest: pull request context',
    removed: prepared.removed,
    changed: prepared.changed,
    views: (id) => prepared.views.get(id),
    priority: { ids: prepared.plan.callSites, before: prepared.plan.nonTest },
    changedFirst: true,
    compareNeighbours: prepared.compareNeighbours,
    preamble: (usage) => {
      const header = renderPrHeader({
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
      });
      // [review] The verdicts come first, right after the header, before the list and the code.
      const { findings, tests } = prepared.review;
      const plain = usage.format === 'xml';
      if (level.list === 'summary') return [header, renderReviewSummary(findings, tests, plain)];
      return [
        header,
        renderBreakingSection(findings, plain, level.review),
        renderTestsSection(tests, plain, level.review),
        renderChangedList(entries, adjacency, level.list, changes.nonPython),
        renderCallSites({ ...sitesInput(prepared), contract: level.contract, other: level.other }),
        ...(level.mermaid && graph !== '' ? [`### Call graph of the changes\n\n${graph}`] : []),
      ];
    },
  });
}

/** [review] The review's JSON metadata: complete at every budget, like the `changed` manifest. */
function reviewExtra(prepared: PreparedPr): Record<string, unknown> {
  return reviewJson(prepared.review.findings, prepared.review.tests, prepared.redaction.counts);
}

function summaryOf(changed: readonly ChangedSymbol[]): string {
  const count = (change: string) => changed.filter((c) => c.change === change).length;
  return `${plural(changed.length, 'changed symbol')} (${count('added')} added, ${count('modified')} modified, ${count('removed')} removed)`;
}

/**
 * Prepare once and pack once per settings: on demand (only the files the digest can need parsed,
 * onDemandPr.ts), or every file with `fullIndex`. The packs are part of the on-demand rounds: what the
 * packer considers decides what else is parsed.
 */
export async function preparePrPacks(
  request: Omit<PrDigestRequest, 'pack'>,
  packs: readonly PackSettings[],
  hooks: { onPrepared?: (prepared: PreparedPr) => void; withViewer?: boolean } = {},
): Promise<OnDemandOutcome> {
  if (!request.fullIndex && request.index?.heapGuard === undefined) {
    // One heap guard for every round, scan and resolution alike, that knows the run is on demand (its line then offers no `--on-demand`).
    request = { ...request, index: { ...request.index, heapGuard: createHeapGuard(undefined, undefined, true) } };
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
    const scanned = await scanRepository(request.repoDir, request.index ?? {});
    const prepared = await stages.prepare(setup, scanned);
    const total = scanned.files.length;
    return { prepared, results: stages.pack(prepared), stats: { mode: 'full', filesParsed: total, filesTotal: total, rounds: 1 } };
  }
  return onDemandPr(request.repoDir, request.index ?? {}, setup, stages, hooks.withViewer ?? false);
}

export async function prDigest(request: PrDigestRequest): Promise<PrDigest> {
  const { prepared, results, stats } = await preparePrPacks(request, [request.pack]);
  return {
    indexing: stats,
    changes: prepared.changes,
    index: prepared.index,
    changed: prepared.changed,
    notes: prepared.notes,
    ...(prepared.warning ? { warning: prepared.warning } : {}),
    review: prepared.review,
    result: results[0]!,
  };
}
