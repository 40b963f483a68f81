// The "Call sites to check" section of a PR digest (pure).
//
// Decisions:
// - Call sites are listed for every changed symbol that has any: "removed but still called"
//   alarms first and in full (the references come from diff/, checked against head's own bindings;
//   name-only matches are a quieter "unresolved, check" line), then symbols whose contract changed
//   (moved, renamed, signature), then the rest. When space is short the lists get more compact (one
//   line per file with line numbers, then counts), never silently shorter.
// - A symbol's call sites in test files, when more than MAX_TEST_SITES_LISTED, are one line per file even
//   in a full list: the tests section already names the tests that reach the change, and a line per test
//   call is the budget the callers' code needs (a class that tests construct everywhere would fill the
//   section with test lines and leave out its only caller outside the tests).
// - Likewise a symbol's call sites outside test files, when more than MAX_SITES_LISTED, are one line per
//   file even in a full list: so many are read as where the symbol is used, not one by one, and a line
//   each would crowd the code out (a widely used method's hundreds of call sites can take more of the
//   budget than all its neighbours' code).
// - Call-site lists are capped by tokens, not counts: past a share of the budget (SITES_SHARE, pr/levels.ts)
//   the longest lists fold to per-file counts, most first, until the rest fit (a default changed on a
//   function called from 440 lines took 1,951 tokens of line numbers). The count of sites stays.
// - A site listed on a line of its own shows the code of its call line: the line a reviewer checks,
//   even when its caller's code did not fit.
// - A removed symbol's own calls no longer exist in head: it is never listed or counted as a caller.
// - A function defined inside another, at any depth (a test's local `receive`/`send`, a closure, a
//   method of a class local to a test) has no list: its calls are in the enclosing function's code.
// - Token numbers are parameters: the packer's footer logic knows them only after packing.

import { isMechanical } from '../diff/changeClass.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { ImportRecord } from '../model.js';
import type { DataRecord } from '../pack/document.js';
import { compareStrings } from '../shared/compare.js';
import { codeSpan } from '../shared/fence.js';
import { plural } from '../shared/plural.js';
import { changeClause, liveCallers, type PrEntry, removedIds, type SitesLevel } from './sections.js';

/** Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `imports` gives import lines. */
export type LocateSymbol = (id: string) => { file: string; imports?: readonly ImportRecord[] } | undefined;

/** The code of line `line` of symbol `callerId`, which calls `name` there. */
export type LineText = (callerId: string, line: number, name: string) => string | undefined;

/** Ids of the symbols whose scope imports `id` (the graph's `imports` edges), sorted. */
export type ImportersOf = (id: string) => readonly string[];

/** One place that refers to a symbol: a call site (line in `file`) or an import. */
interface SiteRef {
  caller: string;
  file?: string;
  line?: number;
  /** `value`: the symbol is passed, stored or returned there (a `references` edge): "used by". */
  via?: 'call' | 'import' | 'value';
  /** The code of the line, when known (shown after the caller, cut to MAX_LINE_CHARS). */
  text?: string;
}

/** A call line longer than this is cut with `…` in a site list. */
export const MAX_LINE_CHARS = 100;

function siteLine(site: SiteRef): string {
  const where = site.file === undefined ? '' : `${codeSpan(site.line === undefined ? site.file : `${site.file}:${site.line}`)} in `;
  const via = site.via === 'import' ? ' (import)' : site.via === 'value' ? ' (used by: passed or stored as a value)' : '';
  const trimmed = site.text?.trim() ?? '';
  const text = trimmed === '' ? '' : `: ${codeSpan(trimmed.length > MAX_LINE_CHARS ? `${trimmed.slice(0, MAX_LINE_CHARS - 1)}…` : trimmed)}`;
  return `  - ${where}${codeSpan(site.caller)}${via}${text}`;
}

/** `pkg/a.py: 12, 40; pkg/b.py: 3` (sites without a line count as the file). */
function compactSites(sites: readonly SiteRef[]): string {
  const files = new Map<string, number[]>();
  for (const s of sites) {
    const file = s.file ?? s.caller;
    const list = files.get(file) ?? [];
    if (s.line !== undefined) list.push(s.line);
    files.set(file, list);
  }
  return [...files]
    .map(([file, lines]) => codeSpan(lines.length > 0 ? `${file}: ${[...new Set(lines)].sort((a, b) => a - b).join(', ')}` : file))
    .join('; ');
}

function callerSites(c: PrEntry, adjacency: Adjacency, locate: LocateSymbol, removed: ReadonlySet<string>, lineText?: LineText): { sites: SiteRef[]; guesses: number } {
  const sites: SiteRef[] = [];
  let guesses = 0;
  const name = c.id.slice(c.id.lastIndexOf('.') + 1).replace(/#\d+$/, '');
  for (const caller of liveCallers(c.id, adjacency, removed)) {
    const file = locate(caller.id)?.file;
    const lines = caller.lines.length > 0 ? caller.lines : [undefined];
    for (const line of lines) {
      const text = line === undefined ? undefined : lineText?.(caller.id, line, name);
      sites.push({ caller: caller.id, ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(text === undefined ? {} : { text }) });
      if (caller.resolution === 'heuristic') guesses++;
    }
  }
  // Functions used as values are called from wherever they are passed to: their users count as sites
  // (a line that also calls it, `map(f, xs)`, is listed once, as the call).
  const called = new Set(sites.map((s) => `${s.caller}\u0000${s.line}`));
  for (const user of adjacency.users(c.id).filter((n) => !removed.has(n.id))) {
    const file = locate(user.id)?.file;
    for (const line of user.lines.length > 0 ? user.lines : [undefined]) {
      if (line !== undefined && called.has(`${user.id}\u0000${line}`)) continue;
      sites.push({ caller: user.id, via: 'value', ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }) });
    }
  }
  // Read in file order, like the alarms (diff/removedReferences.ts).
  sites.sort((a, b) => compareStrings(a.file ?? a.caller, b.file ?? b.caller) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.caller, b.caller));
  return { sites, guesses };
}


export interface CallSitesInput {
  changed: readonly PrEntry[];
  adjacency: Adjacency;
  locate: LocateSymbol;
  /** Removed symbols head still refers to (diff/: computed against head's own bindings). */
  alarms: readonly RemovedReference[];
  /** Symbols whose contract changed (removed, moved, renamed, signature). */
  contract: SitesLevel;
  /** Every other changed symbol that has callers. */
  other: SitesLevel;
  /** Whether a file is a test file (python/testFiles.ts isTestModule); without it no site is folded as a test. */
  isTest?: (file: string) => boolean;
  /** The code of a caller's line that calls `name` (pack/callerView.ts callLineText); without it sites name no code. */
  lineText?: LineText;
  /** Whether a changed symbol is local to a function: its calls are in that function's code (see the decisions). */
  isLocal?: (id: string) => boolean;
  /**
   * The section's share of the budget, in tokens, and how to count them: lists past it are folded to
   * per-file counts, longest first (see the decision above). Without it no list is folded for its size.
   */
  cap?: { tokens: number; count: (text: string) => number };
}

/** Files named in one folded list at most; the rest are counted. */
export const MAX_FOLDED_FILES = 30;

/** `pkg/a.py` 12, `pkg/b.py` 3: a symbol's sites counted per file, most first, then by path. */
function perFileCounts(sites: readonly SiteRef[]): string {
  const files = new Map<string, number>();
  for (const s of sites) files.set(s.file ?? s.caller, (files.get(s.file ?? s.caller) ?? 0) + 1);
  const ranked = [...files].sort(([a, x], [b, y]) => y - x || compareStrings(a, b));
  const named = ranked.slice(0, MAX_FOLDED_FILES).map(([file, n]) => `${codeSpan(file)} ${n}`);
  const rest = ranked.length - named.length;
  return `${plural(ranked.length, 'file')}: ${named.join(', ')}${rest > 0 ? `, and ${rest} more files` : ''}`;
}

/**
 * The symbols whose site lists are folded to per-file counts so that the lists fit `input.cap`: the
 * longest list first, until the rest fit. A list already counted (level `counts`) is left as it is.
 */
function foldedBySize(input: CallSitesInput, lists: readonly { x: { c: PrEntry; sites: SiteRef[] }; level: SitesLevel }[]): Set<string> {
  const folded = new Set<string>();
  const cap = input.cap;
  if (cap === undefined) return folded;
  const sized = lists
    .filter((l) => l.level !== 'counts')
    .map((l) => {
      const listed = l.level === 'compact' ? compactSites(l.x.sites) : l.x.sites.map((s) => siteLine(s)).join('\n');
      return { id: l.x.c.id, tokens: cap.count(listed), foldedTokens: cap.count(perFileCounts(l.x.sites)) };
    })
    .sort((a, b) => b.tokens - a.tokens || compareStrings(a.id, b.id));
  let total = sized.reduce((sum, l) => sum + l.tokens, 0);
  for (const l of sized) {
    if (total <= cap.tokens) break;
    if (l.foldedTokens >= l.tokens) continue;
    folded.add(l.id);
    total -= l.tokens - l.foldedTokens;
  }
  return folded;
}

interface WithSites {
  c: PrEntry;
  sites: SiteRef[];
  guesses: number;
}

/** The changed symbols that have call sites: those whose contract changed, then the others. */
function symbolsWithSites(input: CallSitesInput): { contract: WithSites[]; other: WithSites[] } {
  const { changed, adjacency, locate } = input;
  const removed = removedIds(changed);
  // A mechanical change cannot change what a call does: its callers have nothing to check. A function
  // local to another is called from that function's code, not from places a reviewer must find.
  const listed = changed.filter((c) => c.change !== 'removed' && c.carriedBy === undefined && !isMechanical(c.changeClass) && input.isLocal?.(c.id) !== true);
  const withSites = listed.map((c) => ({ c, ...callerSites(c, adjacency, locate, removed, input.lineText) })).filter((x) => x.sites.length > 0);
  return { contract: withSites.filter((x) => x.c.contract !== undefined), other: withSites.filter((x) => x.c.contract === undefined) };
}

/** More call sites in test files than this, for one symbol, are listed one line per file (decision above). */
export const MAX_TEST_SITES_LISTED = 5;
/** More call sites outside test files than this, for one symbol, are listed one line per file (decision above). */
export const MAX_SITES_LISTED = 20;

/**
 * Call sites for every changed symbol that has any: alarms first (always in full), then the symbols
 * whose contract changed, then the rest; `contract` and `other` say how compact each group is. A
 * statement that no call site exists is made only when none exists, never because lines were cut.
 */
export function renderCallSites(input: CallSitesInput): string {
  const { changed } = input;
  const lines = ['### Call sites to check', ''];
  for (const alarm of input.alarms) {
    if (alarm.sites.length > 0) {
      const calls = alarm.sites.filter((s) => s.via !== 'import').length;
      const imports = alarm.sites.length - calls;
      const what = calls > 0 ? 'called' : 'imported';
      const counts = [...(calls > 0 ? [plural(calls, 'call site')] : []), ...(imports > 0 ? [plural(imports, 'import')] : [])].join(', ');
      const moved = alarm.movedTo === undefined ? '' : ` (now ${codeSpan(alarm.movedTo)})`;
      lines.push(`- **Removed but still ${what}:** ${codeSpan(alarm.id)}${moved}, ${counts}:`, ...alarm.sites.map((s) => siteLine(s)));
    }
    if (alarm.heuristicSites.length > 0) {
      lines.push(`- Unresolved, check: ${codeSpan(alarm.id)} (removed) has ${plural(alarm.heuristicSites.length, 'name-only match', 'name-only matches')}: ${compactSites(alarm.heuristicSites)}`);
    }
  }
  const { contract, other } = symbolsWithSites(input);
  const withSites = [...contract, ...other];
  if (input.alarms.length === 0 && withSites.length === 0) {
    const mechanical = changed.some((c) => isMechanical(c.changeClass));
    lines.push(mechanical ? '_No call sites to check: no change with callers changes what a call does (the others are annotation, docstring or formatting only)._' : '_No call sites of the changed symbols were found._');
    return lines.join('\n');
  }
  const folded = foldedBySize(input, [...contract.map((x) => ({ x, level: input.contract })), ...other.map((x) => ({ x, level: input.other }))]);
  const group = (entries: typeof withSites, level: SitesLevel, label: string) => {
    if (entries.length === 0) return;
    if (level === 'counts') {
      lines.push(`- ${label}: ${entries.map((x) => `${codeSpan(x.c.id)} ${x.sites.length}`).join(', ')}`);
      return;
    }
    for (const x of entries) {
      const guess = x.guesses > 0 ? ` (${x.guesses} by name match, unresolved)` : '';
      const head = `- ${codeSpan(x.c.id)} (${changeClause(x.c)}), ${plural(x.sites.length, 'call site')}${guess}`;
      if (folded.has(x.c.id)) {
        lines.push(`${head} in ${perFileCounts(x.sites)}`);
        continue;
      }
      if (level === 'compact') {
        lines.push(`${head}: ${compactSites(x.sites)}`);
        continue;
      }
      const inTests = x.sites.filter((s) => s.file !== undefined && input.isTest?.(s.file) === true);
      const tested = new Set(inTests);
      const elsewhere = x.sites.filter((s) => !tested.has(s));
      if (elsewhere.length > MAX_SITES_LISTED) {
        lines.push(`${head}:`, `  - ${elsewhere.length} outside test files: ${compactSites(elsewhere)}`);
        if (inTests.length > 0) lines.push(`  - ${inTests.length} in test files: ${compactSites(inTests)}`);
        continue;
      }
      if (inTests.length <= MAX_TEST_SITES_LISTED) {
        lines.push(`${head}:`, ...x.sites.map((s) => siteLine(s)));
        continue;
      }
      // Only test sites: the one line per file is the head line's, as in a compact list.
      if (elsewhere.length === 0) lines.push(`${head}: ${compactSites(inTests)}`);
      else lines.push(`${head}:`, ...elsewhere.map((s) => siteLine(s)), `  - ${inTests.length} in test files: ${compactSites(inTests)}`);
    }
  };
  group(contract, input.contract, 'Call sites of symbols whose signature or name changed (counts)');
  group(other, input.other, 'Call sites of the other changed symbols (counts)');
  return lines.join('\n');
}

function siteData(site: SiteRef): DataRecord {
  const code = site.text?.trim() ?? '';
  return {
    file: site.file,
    line: site.line,
    caller: site.caller,
    ...(site.via === 'import' || site.via === 'value' ? { via: site.via } : {}),
    ...(code === '' ? {} : { code: code.length > MAX_LINE_CHARS ? `${code.slice(0, MAX_LINE_CHARS - 1)}…` : code }),
  };
}

/** `{ file, count, lines }` per file, in path order (sites without a line count as the file). */
function byFileData(sites: readonly SiteRef[], withLines: boolean): DataRecord[] {
  const files = new Map<string, number[]>();
  for (const s of sites) files.set(s.file ?? s.caller, [...(files.get(s.file ?? s.caller) ?? []), ...(s.line === undefined ? [] : [s.line])]);
  return [...files].map(([file, lines]) => ({ file, count: sites.filter((s) => (s.file ?? s.caller) === file).length, ...(withLines && lines.length > 0 ? { lines: [...new Set(lines)].sort((a, b) => a - b).join(' ') } : {}) }));
}

/**
 * The call sites as data (the JSON digest's `callSites`, the XML digest's <callSites>): every site
 * when `complete`, else as compact as the levels say, by the rules renderCallSites follows: `sites`
 * lists the sites shown one each, `byFile` the rest per file, `sitesTotal` counts them all. Removed
 * symbols are not here: a reference to one is a breaking finding.
 */
export function callSiteData(input: CallSitesInput, complete: boolean): DataRecord[] {
  const { contract, other } = symbolsWithSites(input);
  const folded = complete ? new Set<string>() : foldedBySize(input, [...contract.map((x) => ({ x, level: input.contract })), ...other.map((x) => ({ x, level: input.other }))]);
  const entry = (x: WithSites, level: SitesLevel): DataRecord => {
    const head = { id: x.c.id, change: x.c.change, ...(x.c.contract === undefined ? {} : { contract: x.c.contract }), ...(x.guesses > 0 ? { byNameMatch: x.guesses } : {}) };
    if (complete) return { ...head, sites: x.sites.map(siteData) };
    const total = { sitesTotal: x.sites.length };
    if (level === 'counts') return { ...head, sites: [], ...total };
    if (folded.has(x.c.id)) return { ...head, sites: [], ...total, byFile: byFileData(x.sites, false).slice(0, MAX_FOLDED_FILES) };
    if (level === 'compact') return { ...head, sites: [], ...total, byFile: byFileData(x.sites, true) };
    const inTests = x.sites.filter((s) => s.file !== undefined && input.isTest?.(s.file) === true);
    const tested = new Set(inTests);
    const elsewhere = x.sites.filter((s) => !tested.has(s));
    const listed = [...(elsewhere.length > MAX_SITES_LISTED ? [] : elsewhere), ...(inTests.length > MAX_TEST_SITES_LISTED ? [] : inTests)];
    const shown = new Set(listed);
    const rest = x.sites.filter((s) => !shown.has(s));
    return { ...head, sites: x.sites.filter((s) => shown.has(s)).map(siteData), ...(rest.length > 0 ? { ...total, byFile: byFileData(rest, true) } : {}) };
  };
  return [...contract.map((x) => entry(x, input.contract)), ...other.map((x) => entry(x, input.other))];
}
