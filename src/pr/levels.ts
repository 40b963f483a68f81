
import { isMechanical } from '../diff/changeClass.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import { callLineText } from '../pack/callerView.js';
import type { ItemView } from '../pack/document.js';
import { ancestors } from '../pack/packState.js';
import { BudgetTooSmallError, type PackResult, rootsInDocument } from '../pack/packer.js';
import { createTokenCounter } from '../pack/tokens.js';
import { adjacencyOf, type PackSettings } from '../pipeline/packRepository.js';
import { isTestModule } from '../python/testFiles.js';
import { plural } from '../shared/plural.js';
import { renderCallSites } from './callSites.js';
import { renderMermaid } from './mermaid.js';
import { isTestIn, type PreparedPr } from './prepare.js';
import { type ReviewDetail, renderBreakingSection, renderTestsSection } from './reviewSections.js';
import {
  isSummary,
  type ListLevel,
  type PrEntry,
  type SitesLevel,
  type SummaryLevel,
} from './sections.js';

/**
 * How much of the PR sections the document carries: the preamble is sized against the code.
 * Levels go from fullest to most compact; each still accounts for every changed symbol. The Mermaid
 * graph goes first, then call sites of unchanged-contract symbols get compact (one line per file),
 * then counted, then the review lists are shortened (reviewSections.ts says what stays), then
 * the changed table becomes names per file, contract-changed call sites get compact, then counted,
 * then the review becomes counts, then the list becomes counts per file, then `brief` keeps the
 * overview's counts by class and the review's one line; the last resort, `summary`, is one line of
 * counts. The pack keeps the first level that shows every changed symbol in its best
 * view; else the one showing the most changed lines (of changed symbols and mechanical changes alike:
 * the plain diff shows them all), then the most changed symbols as code, then the most mechanical
 * changes, then the most in the document at all (signatures count), then the most in their best view,
 * fuller on a tie (changed lines within LINES_TIE_SHARE of each other are one, below).
 *
 * Call sites come before whole views: the levels of SITES_KEPT compact everything but the call-site
 * lists (which SITES_SHARE bounds on its own), and one of them is kept whenever it shows as many
 * changed lines, changed symbols as code, mechanical changes and changed symbols in the document as
 * the most compact level does. A call line is what a
 * reviewer checks a behaviour change against; an unchanged docstring that a whole view adds to the
 * change's hunks is not (a six-function change took every call list down to counts so that each
 * function could be shown whole).
 */
export interface SectionsLevel {
  mermaid: boolean;
  list: ListLevel | SummaryLevel;
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
  { mermaid: false, list: 'brief', contract: 'counts', other: 'counts', review: 'counts' },
  { mermaid: false, list: 'summary', contract: 'counts', other: 'counts', review: 'counts' },
];

/** The levels that keep every call-site list as full as its share allows, fullest first (see above). */
export const SITES_KEPT: readonly SectionsLevel[] = [
  { mermaid: true, list: 'table', contract: 'full', other: 'full', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'full', review: 'full' },
  { mermaid: false, list: 'table', contract: 'full', other: 'full', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'full', other: 'full', review: 'compact' },
  { mermaid: false, list: 'names', contract: 'full', other: 'full', review: 'counts' },
];

/** The review sections as a level renders them (markdown): equal texts are one level. */
function reviewText(prepared: PreparedPr, detail: ReviewDetail): string {
  const { findings, tests } = prepared.review;
  return `${renderBreakingSection(findings, detail)}\n${renderTestsSection(tests, detail)}`;
}

/** Whether the Mermaid graph is drawn for this format: never in XML (no one renders it there), never when turned off. */
export function mermaidWanted(pack: PackSettings): boolean {
  return pack.mermaid !== false && pack.format !== 'xml';
}

export function levelsFor(prepared: PreparedPr, pack: PackSettings, ladder: readonly SectionsLevel[] = LADDER): SectionsLevel[] {
  const hasGraph = mermaidWanted(pack) && graphOf(prepared) !== '';
  const sites = renderCallSites({ ...sitesInput(prepared, pack), contract: 'full', other: 'full' });
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
  for (const level of ladder) {
    const effective = {
      mermaid: level.mermaid && hasGraph,
      list: level.list,
      contract: hasContract ? level.contract : 'full',
      other: sites.includes('_No call sites') ? 'full' : level.other,
      review: isSummary(level.list) ? 'counts' : reviewOf(level.review),
    };
    const key = JSON.stringify(effective);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(effective as SectionsLevel);
  }
  return out;
}

// Mechanical changes (diff/changeClass.ts) cannot change what a call does: no node of their own.
export const graphOf = perPrepared((prepared: PreparedPr) => {
  const mechanical = new Set(prepared.entries.filter((e) => isMechanical(e.changeClass)).map((e) => e.id));
  return renderMermaid(prepared.shown.filter((c) => !mechanical.has(c.id)), adjacencyOf(prepared.index), { isTest: isTestIn(prepared.index) });
});

/** Memoise on the prepared PR (it is immutable once built). */
export function perPrepared<T>(build: (prepared: PreparedPr) => T): (prepared: PreparedPr) => T {
  const cache = new WeakMap<PreparedPr, T>();
  return (prepared) => {
    if (!cache.has(prepared)) cache.set(prepared, build(prepared));
    return cache.get(prepared)!;
  };
}

/**
 * How many roots are in the document as code (a diff, hunks or whole code: not a signature alone,
 * which shows none of the changed lines), how many at all, and how many in their best view.
 */
export function scoreOf(prepared: PreparedPr, result: PackResult): Score {
  let score = scores.get(result);
  if (score === undefined) scores.set(result, (score = scoreNow(prepared, result)));
  return score;
}

/** Each pack's score, once (a result belongs to one prepared PR). */
const scores = new WeakMap<PackResult, Score>();

function scoreNow(prepared: PreparedPr, result: PackResult): Score {
  const best = new Map(result.packed.map((p) => [p.id, prepared.views.get(p.id)?.[0]?.mode === p.mode]));
  const roots = new Set(result.roots);
  const inside = result.skipped.filter((s) => s.within !== undefined && roots.has(s.id)).length;
  const asCode = result.packed.filter((p) => roots.has(p.id) && p.mode !== 'signature').length + inside;
  // Then the mechanical changes shown (pack/tailItems.ts). They rank after the changes in behaviour,
  // and before everything else: their lines are part of the change (the plain diff shows them), where
  // a call-site list or a fuller review list is context.
  const mechanical = result.packed.filter((p) => p.direction === 'mechanical').length;
  return [changedLinesShown(result), asCode, mechanical, rootsInDocument(result), result.roots.filter((id) => best.get(id) === true).length + inside];
}

/**
 * The change's own lines the result shows: the `+`/`-` lines of its diffs (changed symbols and
 * mechanical changes) and every line of added or removed code shown whole, blank lines aside. The plain
 * diff at the same budget is the yardstick a reviewer holds the digest to; counting symbols instead let
 * a level keep its call-site lists by showing one more small test while a large function fell to
 * hunks, or to its signature, for the lists' room.
 */
function changedLinesShown(result: PackResult): number {
  let lines = 0;
  for (const item of result.packed) lines += changedLinesIn({ ...item, text: item.code });
  return lines;
}

/** The change's own lines a view shows: its diff's `+`/`-` lines, or the lines of added or removed code shown whole, blank lines aside. */
function changedLinesIn(view: Pick<ItemView, 'text' | 'mode' | 'fence' | 'change'>): number {
  if (view.mode === 'signature') return 0;
  const diff = view.fence === 'diff';
  if (!diff && view.change !== 'added' && view.change !== 'removed') return 0;
  let lines = 0;
  for (const line of view.text.split('\n')) {
    if (diff ? (line[0] === '+' || line[0] === '-') && line.slice(1).trim() !== '' : line.trim() !== '') lines++;
  }
  return lines;
}

/**
 * The share of the change's lines that are mechanical changes' (each symbol counted by its fullest view
 * that shows its change on its own): the share of the budget they may take ahead of the context
 * (pack/tailItems.ts). The plain diff shows a sweep's annotation edits as they come; at a fixed
 * quarter, a refactor whose lines were mostly such edits showed its callers' context in their room
 * and fell below the plain diff.
 */
export const mechanicalShareOf = perPrepared((prepared: PreparedPr): number => {
  const linesOf = (id: string) => {
    const view = prepared.views.get(id)?.find((v) => v.holds === undefined && v.mode !== 'signature');
    return view === undefined ? 0 : changedLinesIn(view);
  };
  const mechanical = prepared.tail.reduce((sum, id) => sum + linesOf(id), 0);
  const all = mechanical + prepared.roots.reduce((sum, id) => sum + linesOf(id), 0);
  return all === 0 ? 0 : mechanical / all;
});

/** Whether `result` shows every changed symbol as code and every mechanical change: no level can show more of the change. */
export function showsEverything(prepared: PreparedPr, result: PackResult): boolean {
  const [, asCode, mechanical] = scoreOf(prepared, result);
  return asCode === result.roots.length && mechanical === prepared.tail.length;
}

/** Whether `a` shows more of the change than `b`: more changed lines, then more changed symbols as code, then more mechanical changes (a tie within the band goes to `b`, see asGoodAs). */
export function showsMoreOfChange(prepared: PreparedPr, a: PackResult | undefined, b: PackResult): boolean {
  if (a === undefined) return false;
  return !asGoodAs(scoreOf(prepared, b), scoreOf(prepared, a), tieBand(prepared, a), 3);
}

type Score = [number, number, number, number, number];

/** Whether score `a` is at least `b` (lexicographic). */
function atLeast(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return true;
}

/**
 * Changed lines within this share of what a more compact layout shows are a tie, which the fuller
 * layout wins when it shows as many changed symbols as code: on a change too large to show whole, the
 * overview's counts by kind or the changed list are worth the line or two of diff they cost (a sweep
 * of 235 annotation edits lost its overview at 3,000 tokens for two more of them).
 */
export const LINES_TIE_SHARE = 0.02;

/** The tie band against `compact`: at least one edited line's `-`/`+` pair; none when it shows the whole change (then the plain diff fits too, and every line counts). */
function tieBand(prepared: PreparedPr, compact: PackResult): number {
  return showsEverything(prepared, compact) ? 0 : Math.max(2, Math.floor(scoreOf(prepared, compact)[0] * LINES_TIE_SHARE));
}

/** Whether a fuller layout's score shows the change as well as a more compact one's, over the first `upTo` measures (lexicographic, with the tie band on changed lines). */
function asGoodAs(fuller: Score, compact: Score, band: number, upTo: number): boolean {
  const gap = compact[0] - fuller[0];
  if (gap > 0 && gap <= band) return fuller[1] >= compact[1];
  return atLeast(fuller.slice(0, upTo), compact.slice(0, upTo));
}

/** Whether `kept` shows as many changed lines (within the tie band), then changed symbols as code, then mechanical changes, then roots in the document, as `compact` (their best views aside). */
export function showsAsMuch(prepared: PreparedPr, kept: PackResult, compact: PackResult): boolean {
  return asGoodAs(scoreOf(prepared, kept), scoreOf(prepared, compact), tieBand(prepared, compact), 4);
}

/**
 * The level that shows the most changed lines (then the most changed symbols as code, the most
 * mechanical changes, the most at all, the most in their best view), fuller on a tie (within the
 * tie band on changed lines).
 * What a level shows grows as its preamble shrinks, so the levels are not all packed: the most compact
 * one gives the best score, then a binary search finds the fullest level that reaches it (a few packs
 * instead of one per level: a PR with many changed symbols makes each pack costly).
 */
export function bestOf(
  prepared: PreparedPr,
  levels: readonly SectionsLevel[],
  packAt: (level: SectionsLevel) => PackResult,
): { result?: PackResult; error?: unknown } {
  let error: unknown;
  const tried = new Map<number, { result?: PackResult; score?: Score }>();
  // At most the first, the last and a binary search between them: the progress line's total.
  const most = Math.min(levels.length, 2 + Math.ceil(Math.log2(Math.max(1, levels.length - 2))));
  const attempt = (i: number) => {
    const known = tried.get(i);
    if (known) return known;
    let outcome: { result?: PackResult; score?: Score } = {};
    try {
      const result = packAt(levels[i]!);
      outcome = { result, score: scoreOf(prepared, result) };
    } catch (error_) {
      if (!(error_ instanceof BudgetTooSmallError)) throw error_;
      error = error_;
    }
    tried.set(i, outcome);
    prepared.request.index?.heapGuard?.checkStep(tried.size, most, 'section layouts packed');
    prepared.request.onStep?.('pack', tried.size, most);
    return outcome;
  };
  if (levels.length === 0) return {};
  const first = attempt(0);
  // Every changed symbol as code and in its best view, every mechanical change: nothing to gain.
  if (first.result && showsEverything(prepared, first.result) && first.score![4] === first.result.roots.length) return { result: first.result };
  const last = attempt(levels.length - 1);
  if (!last.score) return first.result ? { result: first.result } : { error };
  const target = last.score;
  const band = tieBand(prepared, last.result!);
  const reaches = (i: number): boolean => {
    const o = attempt(i);
    return o.score !== undefined && asGoodAs(o.score, target, band, target.length);
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
  if (isSummary(level.list)) {
    const graph = graphCut ? ['The call graph of the changes is left out to fit the budget.'] : [];
    return [...graph, `${summaryOf(entries)}: their list and call sites were left out to fit the budget; the JSON digest lists every one; raise the budget to see them.`];
  }
  // One line for everything compacted: at the budgets where it applies, each line is code not shown.
  const cut: string[] = [];
  if (graphCut) cut.push('the call graph of the changes is left out');
  if (level.list === 'names') cut.push('the changed symbols are named per file (no table)');
  if (level.list === 'counts') cut.push('the changed symbols are counted per file');
  if (level.contract !== 'full' || level.other !== 'full') cut.push('some call sites are listed per file or counted');
  if (level.review !== 'full') cut.push('the review lists are shortened or counted');
  if (cut.length === 0) return [];
  const listed = cut.length > 1 || !graphCut ? "; the JSON digest and the Action's outputs list them all" : '';
  return [`To fit the budget, ${cut.length === 1 ? cut[0] : `${cut.slice(0, -1).join(', ')} and ${cut.at(-1)}`}${listed}.`];
}

function summaryOf(changed: readonly ChangedSymbol[]): string {
  const count = (change: string) => changed.filter((c) => c.change === change).length;
  return `${plural(changed.length, 'changed symbol')} (${count('added')} added, ${count('modified')} modified, ${count('removed')} removed)`;
}

/** The share of the budget the call-site lists may take before they fold to per-file counts (sections.ts). */
export const SITES_SHARE = 0.2;

export function sitesInput(prepared: PreparedPr, pack?: PackSettings) {
  const { index } = prepared;
  const cap = pack === undefined ? {} : { cap: { tokens: Math.floor(pack.budget * SITES_SHARE), count: (text: string) => createTokenCounter(pack.encoding).count(text) } };
  const lineText = (callerId: string, line: number, name: string) => {
    const caller = index.byId.get(callerId);
    return caller === undefined || prepared.removed.has(callerId) ? undefined : callLineText(index.byId, caller, line, name);
  };
  // Defined inside a function, at any depth (a method of a class local to a test).
  const isLocal = (id: string) => {
    const symbol = index.byId.get(id);
    return symbol !== undefined && ancestors(symbol, index.byId).some((a) => a.kind === 'function' || a.kind === 'method');
  };
  return { changed: prepared.entries, adjacency: adjacencyOf(index), locate: (id: string) => index.byId.get(id), alarms: prepared.removedReferences, isTest: isTestModule, lineText, isLocal, ...cap };
}
