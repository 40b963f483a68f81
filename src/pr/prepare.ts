// The expensive half of a PR digest, done once per run before any packing: the index (removed symbols
// put back, every text redacted), the changed symbols with their diffs, how each can be shown, the
// budget plan and the review.
import { CLASS_LABEL, classifyChange, isMechanical, MECHANICAL } from '../diff/changeClass.js';
import { type ChangedSymbol, reboundInHead, withRemovedSymbols } from '../diff/changedSymbols.js';
import { unifiedDiff } from '../diff/diffText.js';
import type { FileChange } from '../diff/hunks.js';
import { changesWithIds } from '../diff/importIds.js';
import type { PrChanges } from '../diff/prChanges.js';
import { stillAnsweredOf } from '../diff/removedAnswers.js';
import { type RemovedReference, removedStillReferenced } from '../diff/removedReferences.js';
import { changedHeadLines, hasChange, type MoveFields, type SymbolChangeInfo } from '../diff/symbolDiff.js';
import { baseIndex } from '../graph/classNeighbours.js';
import type { PySymbol, RepoIndex } from '../model.js';
import type { ChangedSymbolRow, ItemView } from '../pack/document.js';
import type { Reached } from '../pack/expansion.js';
import { ancestors } from '../pack/packState.js';
import { assembleIndex, graphOptionsOf, importIdOf, type ScannedFiles, scanRepository } from '../pipeline/indexRepository.js';
import { adjacencyOf, subclassesOf } from '../pipeline/packRepository.js';
import { perIndex } from '../pipeline/perIndex.js';
import { isTestPath } from '../python/testFiles.js';
import { addCounts, sortedCounts } from '../review/redact.js';
import { redactDiffs } from '../review/redactDiffs.js';
import { type IndexRedaction, redactIndex } from '../review/redactIndex.js';
import { nameSecrets } from '../review/redactNames.js';
import { pushTo } from '../shared/arrays.js';
import { createHeapGuard } from '../shared/heapGuard.js';
import { namedList, plural } from '../shared/plural.js';
import { attributeReaders } from './attributeFlow.js';
import type { ImportersOf } from './callSites.js';
import { neighbourOrder, type Plan, planPr, type Risk } from './plan.js';
import type { PrDigestRequest } from './request.js';
import { type PrReview, reviewPr } from './review.js';
import type { PrEntry } from './sections.js';
import { type PrSetup, setupPr } from './setup.js';
import { collectSymbolDiffs } from './symbolDiffs.js';
import { mechanicalViews, viewsOf } from './views.js';

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
export async function preparePr(request: Omit<PrDigestRequest, 'pack'>): Promise<PreparedPr> {
  const setup = await setupPr(request);
  return prepareFromScan(request, setup, await scanRepository(request.repoDir, { ...request.index, recall: setup.extract.recall }));
}

/** The review's steps told to `onStep`: redaction, references, diffs, verdicts and tests. */
const REVIEW_STEPS = 4;

/** Index the scanned files (every file, or the on-demand selection with the others as empty modules) and prepare the digest. */
export async function prepareFromScan(request: Omit<PrDigestRequest, 'pack'>, setup: PrSetup, scanned: ScannedFiles): Promise<PreparedPr> {
  const { git, extract, pathChanges, warning } = setup;
  const files = withRemovedSymbols(scanned.files, pathChanges.removedSymbols);
  const index = assembleIndex(request.repoDir, files, scanned.skippedFiles, graphOptionsOf(request.index ?? {}), scanned.callGraph);
  // The review has no per-file loop for the heap guard: the heap is judged before and after each of its steps.
  const heap = request.index?.heapGuard ?? createHeapGuard();
  heap.checkStep(0, REVIEW_STEPS, 'review steps done');
  // Before anything is packed: every text of the index is redacted in place, so token counts are of what is shown.
  const redaction: IndexRedaction = request.index?.redact === false ? { table: new Map(), counts: [] } : await redactIndex(index);
  const step = (done: number) => {
    heap.checkStep(done, REVIEW_STEPS, 'review steps done');
    request.onStep?.('review', done, REVIEW_STEPS);
  };
  step(1);
  // The index names modules as Python imports them (`src.flask.app` -> `flask.app`): so do the changes.
  const idOf = importIdOf(index);
  const changes = changesWithIds(pathChanges, idOf);
  // Names only the change holds (the title, removed and non-Python files, paths outside the scan root) join the table every output is filtered with.
  if (request.index?.redact !== false) index.secrets = await nameSecrets(changeNames(request.title, changes), index.secrets);
  const shown = changes.changed.map((c) => spanInIndex(c, index));
  const removed = new Set(changes.changed.filter((c) => c.change === 'removed').map((c) => c.id));
  // A removed symbol whose name head binds again (e.g. imports it from its new home) is not put back
  // (it would shadow that binding): it is not "absent", its code is simply gone.
  const rebound = new Set(reboundInHead(scanned.files, pathChanges.removedSymbols).map(idOf));
  const notes = [...(warning ? [warning] : []), ...changes.notes, ...absentNotes(changes, index, rebound)];
  const answered = stillAnsweredOf(index.byId, index.edges, removed);
  const removedReferences = removedStillReferenced({
    changed: changes.changed,
    adjacency: adjacencyOf(index),
    importers: importersOf(index),
    locate: (id) => index.byId.get(id),
    symbolsIn: symbolsInFile(index),
    answered,
  });
  const inherited = new Map([...removed].flatMap((id) => {
    const answer = answered(id);
    return answer?.by === 'inherited' ? [[id, answer.from] as const] : [];
  }));
  step(2);
  const diffs = await readSymbolDiffs(request, setup, changes, index, idOf, redaction);
  step(3);
  const { infos } = diffs;
  notes.push(...diffs.notes);
  const entries = carried(shown.map((c) => entryOf(c, infos.get(c.id))), infos, index);
  notes.push(...reboundGoneNotes(entries, rebound, index));
  const changed = entries.map((c) => manifestRow(c, infos.get(c.id), changes.files));
  const mechanical = new Set(entries.filter((c) => c.changeClass !== undefined && MECHANICAL.has(c.changeClass)).map((c) => c.id));
  const inert = new Set(entries.filter((c) => c.changeClass === 'docstring' || c.changeClass === 'formatting').map((c) => c.id));
  // Signatures bound against their call sites, overrides, tests; the removed references folded in.
  const review = await reviewPr({ repoDir: request.repoDir, changes, index, removedReferences, inherited, extract, mechanical, inert, ...(request.index?.redact === false ? {} : { secrets: redaction.table }) }, git);
  step(4);
  const packable = packableEntries(entries, index);
  const views = viewsOfEach(packable, index, infos);
  const plan = planOf(packable, views, entries, index, riskOf(review));
  const tail = tailOf(entries, index, infos, views);
  const readers = readersOf(entries, infos, index);
  notes.push(...review.notes);
  const packages = new Set(entries.map((c) => c.id.split('.')[0] ?? c.id));
  const compareNeighbours = neighbourOrder((id) => index.byId.get(id)?.file, packages);
  return { changes, index, roots: plan.roots, tail, readers, changed, shown, notes, ...(warning ? { warning } : {}), removed, request, entries, views, plan, compareNeighbours, removedReferences, review, redaction };
}

function changeNames(title: string | undefined, changes: PrChanges): string[] {
  const paths = changes.files.flatMap((f) => (f.oldPath === undefined ? [f.path] : [f.path, f.oldPath]));
  return [...(title === undefined ? [] : [title]), ...paths, ...changes.outside, ...changes.nonPython];
}

/** The header note naming changed symbols the analysed code does not hold (not rebound in head). */
function absentNotes(changes: PrChanges, index: RepoIndex, rebound: ReadonlySet<string>): string[] {
  const absent = changes.changed.filter((c) => !index.byId.has(c.id) && !rebound.has(c.id)).map((c) => c.id);
  if (absent.length === 0) return [];
  return [`${plural(absent.length, 'changed symbol')} ${absent.length === 1 ? 'is' : 'are'} not in the analysed code and not packed: ${namedList(absent)}`];
}

/**
 * The changed symbols' diffs, read from git (a failure is said in a note, the code is then shown
 * without them). Git's text is not the redacted index's: the diffs are redacted here, deleted lines
 * included, and their counts join the index's.
 */
async function readSymbolDiffs(
  request: Omit<PrDigestRequest, 'pack'>,
  setup: PrSetup,
  changes: PrChanges,
  index: RepoIndex,
  idOf: (pathId: string) => string,
  redaction: IndexRedaction,
): Promise<{ infos: Map<string, SymbolChangeInfo>; notes: string[] }> {
  const { parser, git, extract } = setup;
  let infos = new Map<string, SymbolChangeInfo>();
  const notes: string[] = [];
  try {
    infos = await collectSymbolDiffs({ repoDir: request.repoDir, changes, headSymbol: (id) => index.byId.get(id), headMembers: (id) => index.symbols.filter((s) => s.id.startsWith(`${id}.`)), parser, git, extract, idOf });
  } catch (error) {
    notes.push(`the changed symbols' diffs could not be read (${(error as Error).message}); their code is shown without them`);
  }
  if (request.index?.redact !== false && infos.size > 0) {
    const removedCounts = await redactDiffs(infos, redaction);
    if (removedCounts.size > 0) {
      const all = new Map(redaction.counts.map((c) => [c.kind, c.count] as const));
      addCounts(all, removedCounts);
      redaction.counts = sortedCounts(all);
    }
  }
  return { infos, notes };
}

/**
 * A removed symbol whose name head binds again without a move (a method that became a class
 * attribute) has no code in the index to pack: said in a note, not lost.
 */
function reboundGoneNotes(entries: readonly PrEntry[], rebound: ReadonlySet<string>, index: RepoIndex): string[] {
  const gone = entries.filter((c) => rebound.has(c.id) && c.movedTo === undefined && !index.byId.has(c.id)).map((c) => c.id);
  if (gone.length === 0) return [];
  return [`${plural(gone.length, 'removed symbol')} whose name head binds again ${gone.length === 1 ? 'is' : 'are'} not packed as code: ${namedList(gone)} (the JSON digest carries ${gone.length === 1 ? 'its' : "each one's"} diff)`];
}

/**
 * The entries packed as code. Not packed: a module with no module-level code of its own (an empty
 * code block; its definitions are roots themselves), the removed end of a move or a member carried
 * by a moved ancestor (shown once, at its new place), a nested function whose enclosing function is a
 * changed symbol shown itself (its diff holds the nested lines), and mechanical changes (annotation, docstring or
 * formatting only: each class is one line of the overview, overview.ts, and their diffs are in the JSON
 * manifest), which must never take the budget of a change in behaviour.
 */
function packableEntries(entries: readonly PrEntry[], index: RepoIndex): PrEntry[] {
  const inEnclosingDiff = shownInEnclosingDiff(entries, index);
  return entries.filter((c) => {
    const symbol = index.byId.get(c.id);
    if (symbol === undefined || c.movedTo !== undefined || c.carriedBy !== undefined) return false;
    if (c.changeClass !== undefined && MECHANICAL.has(c.changeClass)) return false;
    if (inEnclosingDiff(symbol)) return false;
    return !(symbol.kind === 'module' && symbol.full.trim() === '');
  });
}

/**
 * Whether a symbol's lines are in the diff of a changed function around it. A function's diff holds the
 * lines of everything defined inside it, at any depth (only a class's or module's leaves its members
 * out): a nested function, or a method of a class local to a changed function, added or removed, is
 * shown in that function's diff, once. `byMechanical`: a mechanical change's diff counts too (the
 * mechanical changes nested in one are in its diff already).
 */
function shownInEnclosingDiff(entries: readonly PrEntry[], index: RepoIndex, byMechanical = false): (symbol: PySymbol) => boolean {
  const changed = new Map(entries.map((c) => [c.id, c]));
  const shownBy = (holder: PrEntry | undefined) => holder !== undefined && holder.movedTo === undefined && (byMechanical || !isMechanical(holder.changeClass));
  return (symbol) => ancestors(symbol, index.byId).some((a) => (a.kind === 'function' || a.kind === 'method') && shownBy(changed.get(a.id)));
}

/** Readers of the attributes the behaviour changes assign (attributeFlow.ts). */
function readersOf(entries: readonly PrEntry[], infos: ReadonlyMap<string, SymbolChangeInfo>, index: RepoIndex): string[] {
  const changedIds = new Set(entries.map((e) => e.id));
  const changed = entries
    .filter((e) => e.change !== 'removed' && !isMechanical(e.changeClass))
    .map((e) => ({ id: e.id, lines: (infos.get(e.id)?.lines ?? []).filter((l) => l.tag !== ' ').map((l) => l.text) }))
    .filter((c) => c.lines.length > 0);
  if (changed.length === 0) return [];
  const children = new Map<string, string[]>();
  for (const s of index.symbols) if (s.parent !== undefined) pushTo(children, s.parent, s.id);
  return attributeReaders({
    changed,
    symbols: index.byId,
    isChanged: (id) => changedIds.has(id),
    children: (id) => children.get(id) ?? [],
    subclasses: subclassesOf(index),
    bases: baseIndex(index.edges),
  });
}

/** The mechanical entries the index holds, in file and line order, their one view added to `views`. */
function tailOf(entries: readonly PrEntry[], index: RepoIndex, infos: ReadonlyMap<string, SymbolChangeInfo>, views: Map<string, ItemView[]>): string[] {
  const tail: string[] = [];
  const inEnclosingDiff = shownInEnclosingDiff(entries, index, true);
  for (const c of entries) {
    const symbol = index.byId.get(c.id);
    if (symbol === undefined || !isMechanical(c.changeClass) || inEnclosingDiff(symbol)) continue;
    const info = infos.get(c.id);
    const shown = mechanicalViews({ change: c.change, symbol, ...(info ? { info } : {}) }, CLASS_LABEL[c.changeClass!].replace(/^./, (ch) => ch.toUpperCase()));
    if (shown.length === 0) continue;
    views.set(c.id, shown);
    tail.push(c.id);
  }
  return tail;
}

/** How each packable entry can be shown, best first (views.ts). */
function viewsOfEach(packable: readonly PrEntry[], index: RepoIndex, infos: ReadonlyMap<string, SymbolChangeInfo>): Map<string, ItemView[]> {
  const views = new Map<string, ItemView[]>();
  const packed = new Set(packable.map((c) => c.id));
  const membersOf = new Map<string, PySymbol[]>();
  for (const s of index.symbols) {
    if (s.parent === undefined || !packed.has(s.id) || !packed.has(s.parent)) continue;
    membersOf.set(s.parent, [...(membersOf.get(s.parent) ?? []), s]);
  }
  const fileMembers = newFileMembers(packable, index);
  for (const c of packable) {
    const symbol = index.byId.get(c.id)!;
    const sameName = /#\d+$/.test(c.id) ? index.symbols.filter((s) => s.parent === symbol.parent && s.name === symbol.name).sort((a, b) => a.startLine - b.startLine) : undefined;
    const info = infos.get(c.id);
    const changedMembers = membersOf.get(c.id);
    const members = fileMembers.get(c.id);
    views.set(c.id, viewsOf({ change: c.change, symbol, ...(info ? { info } : {}), move: c, ...(sameName ? { sameName } : {}), ...(changedMembers ? { changedMembers } : {}), ...(members ? { fileMembers: members } : {}) }));
  }
  return views;
}

/**
 * The top-level definitions of each new file whose module is packed and whose every changed symbol is
 * a plain addition (views.ts shows such a file whole). A symbol moved into the file is shown as a diff
 * against its old body, which the file's plain code would lose: that file is shown symbol by symbol.
 */
function newFileMembers(packable: readonly PrEntry[], index: RepoIndex): Map<string, PySymbol[]> {
  const notPlain = new Set(packable.filter((c) => c.change !== 'added' || c.movedFrom !== undefined).map((c) => c.file));
  const modules = new Map(packable.filter((c) => c.kind === 'module' && !notPlain.has(c.file)).map((c) => [c.id, c.file]));
  const out = new Map<string, PySymbol[]>();
  if (modules.size === 0) return out;
  for (const s of index.symbols) if (s.parent !== undefined && modules.get(s.parent) === s.file) pushTo(out, s.parent, s);
  for (const members of out.values()) members.sort((a, b) => a.startLine - b.startLine);
  return out;
}

/** What the review says of each changed id that the plan ranks by: breaking call sites, and no test reaching it. */
function riskOf(review: PrReview): Risk {
  const breaking = new Set(review.findings.breaking.filter((b) => b.certainty === 'broken').map((b) => b.symbol));
  const untested = new Set(review.tests.unreached);
  return { breaking: (id) => breaking.has(id), untested: (id) => untested.has(id) };
}

/** The budget plan over the packable entries (plan.ts). */
function planOf(packable: readonly PrEntry[], views: ReadonlyMap<string, readonly ItemView[]>, entries: readonly PrEntry[], index: RepoIndex, risk: Risk): Plan {
  const changedIds = new Set(entries.map((c) => c.id));
  const fileHolder = new Map(packable.filter((c) => c.kind === 'module' && views.get(c.id)?.[0]?.holds !== undefined).map((c) => [c.file, c.id]));
  const holderOf = (c: PrEntry): string[] => {
    const holder = fileHolder.get(c.file);
    return holder === undefined || holder === c.id ? [] : [holder];
  };
  return planPr(
    packable.map((c) => ({
      id: c.id,
      file: c.file,
      name: c.name,
      kind: c.kind,
      startLine: c.lines[0],
      ...(c.contract === undefined ? {} : { contract: c.contract }),
      ...(c.movedFrom === undefined ? {} : { contractOf: c.movedFrom }),
      // A new file shown whole holds its definitions as a class holds its methods (plan.ts holdersFirst).
      ancestors: [...ancestors(index.byId.get(c.id)!, index.byId).map((a) => a.id), ...holderOf(c)],
      whole: views.get(c.id)?.[0]?.mode === 'full',
      diff: views.get(c.id)?.[0]?.fence === 'diff',
    })),
    adjacencyOf(index),
    (id) => changedIds.has(id),
    isTestIn(index),
    risk,
  );
}

/** A changed symbol with its move links (diff/changedSymbols.ts, when present), its class (diff/changeClass.ts) and whether its contract changed. */
function entryOf(c: ChangedSymbol, info: SymbolChangeInfo | undefined): PrEntry {
  const move = c as ChangedSymbol & MoveFields;
  const moved = move.movedFrom !== undefined || move.movedTo !== undefined;
  const changeClass = classifyChange({ change: c.change, moved, ...(info ? { lines: info.lines } : {}), ...(info?.baseUnknown ? { baseUnknown: true } : {}) });
  let contract: PrEntry['contract'];
  if (c.change === 'removed' && move.movedTo === undefined) contract = 'removed';
  else if (c.change === 'added' && move.movedFrom !== undefined) contract = move.moveKind === 'renamed' ? 'renamed' : 'moved';
  else if (info?.signature && !MECHANICAL.has(changeClass)) contract = 'signature';
  return { ...c, changeClass, ...(contract ? { contract } : {}) };
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
    ...(c.changeClass === undefined ? {} : { changeClass: c.changeClass }),
    changedLines: info ? changedHeadLines(info.lines) : [],
    diff: info ? unifiedDiff(info.lines, oldPath, newPath) : '',
  };
}

/** A changed symbol with the file and lines of the code the index holds for it (removed ones: as in base). */
function spanInIndex(c: ChangedSymbol, index: RepoIndex): ChangedSymbol {
  const symbol = c.change === 'removed' ? undefined : index.byId.get(c.id);
  if (!symbol) return c;
  return { ...c, file: symbol.file, lines: [symbol.startLine, symbol.endLine] };
}

/** The symbols of each file of the index, built once per index. */
const symbolsInFile = perIndex((index): ((file: string) => readonly PySymbol[]) => {
  const table = new Map(index.files.map((f) => [f.path, f.symbols]));
  return (file) => table.get(file) ?? [];
});

/** Who imports a symbol (the index's `imports` edges), built once per index. */
export const importersOf = perIndex((index): ImportersOf => {
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

/** Whether a symbol of `index` is test code (its file is a test file). */
export function isTestIn(index: RepoIndex): (id: string) => boolean {
  return (id) => {
    const file = index.byId.get(id)?.file;
    return file !== undefined && isTestPath(file);
  };
}
