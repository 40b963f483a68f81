// The "Call sites to check" section of a PR digest (pure).
//
// Decisions:
// - Call sites are listed for every changed symbol that has any: "removed but still called"
//   alarms first and in full (the references come from diff/, checked against head's own bindings;
//   name-only matches are a quieter "unresolved, check" line), then symbols whose contract changed
//   (moved, renamed, signature), then the rest. When space is short the lists get more compact (one
//   line per file with line numbers, then counts), never silently shorter.
// - A symbol's call sites in test files, when more than MAX_TEST_SITES_LISTED, are counted per file even
//   in a full list: the tests section already names the tests that reach the change, and a line (or a
//   line number) per test call is the budget the callers' code needs (a class that tests construct
//   everywhere would fill the section with test lines and leave out its only caller outside the tests).
// - Call-site lists are capped by tokens, not counts (SITES_SHARE of the budget, pr/levels.ts). Every
//   site outside the tests is first in its file's line of numbers; then sites get a line of their own,
//   with their code, while the share lasts: outside test files before inside, callers outside the
//   change before callers the change's own code shows, contract changes before the others, one site of
//   each symbol in turn, so that a symbol with hundreds of sites does not take the share from the rest
//   (a widely used method's call lines took more of the budget than all its neighbours' code, while a
//   six-function change's own callers were cut to counts). When even the lines of numbers exceed the
//   share, the longest fold to per-file counts, most first, until the rest fit (a default changed on a
//   function called from 440 lines took 1,951 tokens of line numbers). The count of sites stays.
// - A site listed on a line of its own shows the code of its call line: the line a reviewer checks,
//   even when its caller's code did not fit.
// - A removed symbol's own calls no longer exist in head: it is never listed or counted as a caller.
// - A constructor call is a site of the class and of its `__init__`: when both changed, it is listed
//   once, under `__init__` (the signature a call binds to).
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

/**
 * Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `name` is its
 * qualified name inside the file (`Class.method`, `''` for the module), `imports` gives import lines.
 */
export type LocateSymbol = (id: string) => { file: string; name?: string; imports?: readonly ImportRecord[] } | undefined;

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
  /** The caller's qualified name inside its file (`Class.method`, `''` for module-level code), when known. */
  callerName?: string;
}

/** A call line longer than this is cut with `…` in a site list. */
export const MAX_LINE_CHARS = 100;

/**
 * How a site names its caller: as its file reads it when known (the file is on the line), else by id;
 * module-level code by the module's name.
 */
function callerOf(site: SiteRef): string {
  return site.callerName === undefined || site.callerName === '' || site.file === undefined ? site.caller : site.callerName;
}

/** `` `caller` (used by: …): `code` ``: what a site line says after where it is. */
function siteTail(site: SiteRef): string {
  const via = site.via === 'import' ? ' (import)' : site.via === 'value' ? ' (used by: passed or stored as a value)' : '';
  const trimmed = site.text?.trim() ?? '';
  const text = trimmed === '' ? '' : `: ${codeSpan(trimmed.length > MAX_LINE_CHARS ? `${trimmed.slice(0, MAX_LINE_CHARS - 1)}…` : trimmed)}`;
  return `${codeSpan(callerOf(site))}${via}${text}`;
}

/** A site alone in its file: `` - `pkg/c.py:12` in `use`: `code` ``. */
function siteLine(site: SiteRef): string {
  const where = site.file === undefined ? '' : `${codeSpan(site.line === undefined ? site.file : `${site.file}:${site.line}`)} in `;
  return `  - ${where}${siteTail(site)}`;
}

/** A site under its file's line: `` - 12 in `use`: `code` ``. */
function nestedSiteLine(site: SiteRef): string {
  return `    - ${site.line === undefined ? '' : `${site.line} in `}${siteTail(site)}`;
}

/** The line that heads a file's sites. */
const fileLine = (file: string): string => `  - ${codeSpan(file)}:`;

/**
 * Sites one line each, in the order given (sorted by file): several in one file under a line naming
 * the file, each by its line number (the path and the caller's module written once, not per site).
 */
function siteLines(sites: readonly SiteRef[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < sites.length; ) {
    const file = sites[i]!.file;
    const run = file === undefined ? 1 : sites.slice(i).findIndex((s) => s.file !== file);
    const j = run < 0 ? sites.length : i + run;
    if (j - i === 1) out.push(siteLine(sites[i]!));
    else out.push(fileLine(file!), ...sites.slice(i, j).map(nestedSiteLine));
    i = j;
  }
  return out;
}

/** `{ callerName }` of `id` when the lookup knows its name inside its file. */
function namedBy(locate: LocateSymbol, id: string): { callerName?: string } {
  const name = locate(id)?.name;
  return name === undefined ? {} : { callerName: name };
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
      sites.push({ caller: caller.id, ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(text === undefined ? {} : { text }), ...namedBy(locate, caller.id) });
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
      sites.push({ caller: user.id, via: 'value', ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...namedBy(locate, user.id) });
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

/** `pkg/a.py` 12, `pkg/b.py` 3: sites counted per file, most first, then by path; and how many files. */
function fileCounts(sites: readonly SiteRef[]): { files: number; text: string } {
  const files = new Map<string, number>();
  for (const s of sites) files.set(s.file ?? s.caller, (files.get(s.file ?? s.caller) ?? 0) + 1);
  const ranked = [...files].sort(([a, x], [b, y]) => y - x || compareStrings(a, b));
  const named = ranked.slice(0, MAX_FOLDED_FILES).map(([file, n]) => `${codeSpan(file)} ${n}`);
  const rest = ranked.length - named.length;
  return { files: ranked.length, text: `${named.join(', ')}${rest > 0 ? `, and ${rest} more files` : ''}` };
}

/** `2 files: \`pkg/a.py\` 12, \`pkg/b.py\` 3`: a symbol's sites folded to per-file counts. */
function perFileCounts(sites: readonly SiteRef[]): string {
  const { files, text } = fileCounts(sites);
  return `${plural(files, 'file')}: ${text}`;
}

/** `12 in test files: \`tests/test_a.py\` 9, \`tests/test_b.py\` 3`: test sites not on lines of their own. */
function testCounts(sites: readonly SiteRef[]): string {
  return `${sites.length} in test files: ${fileCounts(sites).text}`;
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
  const all = listed.map((c) => ({ c, ...callerSites(c, adjacency, locate, removed, input.lineText) }));
  // A constructor call is a call site of the class and of its `__init__`: listed once, under `__init__`.
  const byId = new Map(all.map((x) => [x.c.id, x]));
  const withSites = all
    .map((x) => {
      const init = x.c.kind === 'class' ? byId.get(`${x.c.id}.__init__`) : undefined;
      if (init === undefined) return x;
      const atInit = new Set(init.sites.map((s) => `${s.caller}\u0000${s.line}`));
      return { ...x, sites: x.sites.filter((s) => !atInit.has(`${s.caller}\u0000${s.line}`)) };
    })
    .filter((x) => x.sites.length > 0);
  return { contract: withSites.filter((x) => x.c.contract !== undefined), other: withSites.filter((x) => x.c.contract === undefined) };
}

/** More call sites in test files than this, for one symbol, are counted per file (decision above). */
export const MAX_TEST_SITES_LISTED = 5;

/** How one symbol's sites are shown: folded to per-file counts, or these sites on lines of their own and the rest per file. */
interface Shown {
  folded: boolean;
  listed: ReadonlySet<SiteRef>;
}

/** A symbol's sites split by where they are: outside test files, and in them. */
function splitByTests(input: CallSitesInput, sites: readonly SiteRef[]): { elsewhere: SiteRef[]; inTests: SiteRef[] } {
  const inTests = sites.filter((s) => s.file !== undefined && input.isTest?.(s.file) === true);
  const tested = new Set(inTests);
  return { elsewhere: sites.filter((s) => !tested.has(s)), inTests };
}

/** A full list's sites in the order they get lines of their own (the decision above): four queues, one list per symbol each. */
function siteQueues(input: CallSitesInput, lists: readonly WithSites[]): SiteRef[][][] {
  const changedIds = new Set(input.changed.map((c) => c.id));
  const queues: SiteRef[][][] = [[], [], [], []];
  for (const x of lists) {
    const { elsewhere, inTests } = splitByTests(input, x.sites);
    queues[x.c.contract === undefined ? 1 : 0]!.push(elsewhere.filter((s) => !changedIds.has(s.caller)));
    queues[2]!.push(elsewhere.filter((s) => changedIds.has(s.caller)));
    if (inTests.length <= MAX_TEST_SITES_LISTED) queues[3]!.push(inTests);
  }
  return queues;
}

/**
 * How each symbol's sites are shown at its level, within `input.cap` (the decision above): a `full`
 * list puts every site in its file's line of numbers, then gives sites lines of their own while the
 * cap lasts; a `compact` list stays per file; past the cap the longest lists fold to per-file counts.
 * Without a cap every site of a full list has a line of its own.
 */
function allocate(input: CallSitesInput, lists: readonly { x: WithSites; level: SitesLevel }[]): Map<string, Shown> {
  const shown = new Map<string, Shown>();
  const cap = input.cap;
  const open = lists.filter((l) => l.level !== 'counts');
  if (cap === undefined) {
    for (const l of open) {
      const { elsewhere, inTests } = splitByTests(input, l.x.sites);
      const listed = l.level !== 'full' ? [] : [...elsewhere, ...(inTests.length > MAX_TEST_SITES_LISTED ? [] : inTests)];
      shown.set(l.x.c.id, { folded: false, listed: new Set(listed) });
    }
    return shown;
  }
  // First every list per file; the longest fold to counts until the rest fit.
  const sized = open
    .map((l) => {
      const { elsewhere, inTests } = splitByTests(input, l.x.sites);
      const perFile = [...(elsewhere.length > 0 ? [compactSites(elsewhere)] : []), ...(inTests.length > 0 ? [testCounts(inTests)] : [])].join('\n');
      return { id: l.x.c.id, tokens: cap.count(perFile), foldedTokens: cap.count(perFileCounts(l.x.sites)) };
    })
    .sort((a, b) => b.tokens - a.tokens || compareStrings(a.id, b.id));
  let total = sized.reduce((sum, l) => sum + l.tokens, 0);
  const folded = new Set<string>();
  for (const l of sized) {
    if (total <= cap.tokens) break;
    if (l.foldedTokens >= l.tokens) continue;
    folded.add(l.id);
    total -= l.tokens - l.foldedTokens;
  }
  // Then lines of their own, queue by queue, one site of each symbol in turn.
  const listed = new Map(open.map((l) => [l.x.c.id, new Set<SiteRef>()]));
  const owner = new Map(open.flatMap((l) => l.x.sites.map((site) => [site, l.x.c.id] as const)));
  let spare = cap.tokens - total;
  // A site costs its line under its file's; the first of a symbol's sites in a file, that line too.
  const filesOpened = new Set<string>();
  for (const queue of siteQueues(input, open.filter((l) => l.level === 'full' && !folded.has(l.x.c.id)).map((l) => l.x))) {
    const rounds = Math.max(0, ...queue.map((sites) => sites.length));
    for (let round = 0; round < rounds; round++) {
      for (const sites of queue) {
        const site = sites[round];
        if (site === undefined) continue;
        const id = owner.get(site)!;
        const opens = site.file !== undefined && !filesOpened.has(`${id}\u0000${site.file}`);
        const cost = cap.count(nestedSiteLine(site)) + (opens ? cap.count(fileLine(site.file!)) : 0);
        if (cost > spare) continue;
        spare -= cost;
        if (opens) filesOpened.add(`${id}\u0000${site.file}`);
        listed.get(id)!.add(site);
      }
    }
  }
  for (const l of open) shown.set(l.x.c.id, { folded: folded.has(l.x.c.id), listed: listed.get(l.x.c.id)! });
  return shown;
}

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
      lines.push(`- **Removed but still ${what}:** ${codeSpan(alarm.id)}${moved}, ${counts}:`, ...siteLines(alarm.sites.map((s) => ({ ...s, ...namedBy(input.locate, s.caller) }))));
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
  const shown = allocate(input, [...contract.map((x) => ({ x, level: input.contract })), ...other.map((x) => ({ x, level: input.other }))]);
  const group = (entries: typeof withSites, level: SitesLevel, label: string) => {
    if (entries.length === 0) return;
    if (level === 'counts') {
      lines.push(`- ${label}: ${entries.map((x) => `${codeSpan(x.c.id)} ${x.sites.length}`).join(', ')}`);
      return;
    }
    for (const x of entries) {
      const guess = x.guesses > 0 ? ` (${x.guesses} by name match, unresolved)` : '';
      const head = `- ${codeSpan(x.c.id)} (${changeClause(x.c)}), ${plural(x.sites.length, 'call site')}${guess}`;
      const { folded, listed } = shown.get(x.c.id)!;
      if (folded) {
        lines.push(`${head} in ${perFileCounts(x.sites)}`);
        continue;
      }
      const own = x.sites.filter((s) => listed.has(s));
      const { elsewhere, inTests } = splitByTests(input, x.sites.filter((s) => !listed.has(s)));
      // A compact list, or nothing on a line of its own in one kind of file: the head line has the numbers.
      if (level === 'compact' || (own.length === 0 && (elsewhere.length === 0 || inTests.length === 0))) {
        lines.push(level === 'full' && elsewhere.length === 0 && inTests.length > MAX_TEST_SITES_LISTED ? `${head} in ${perFileCounts(x.sites)}` : `${head}: ${compactSites(x.sites)}`);
        continue;
      }
      const more = own.some((s) => s.file === undefined || input.isTest?.(s.file) !== true) ? ' more' : '';
      lines.push(`${head}:`, ...siteLines(own));
      if (elsewhere.length > 0) lines.push(`  - ${elsewhere.length}${more} outside test files: ${compactSites(elsewhere)}`);
      if (inTests.length > 0) lines.push(`  - ${testCounts(inTests)}`);
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
  const shown = complete ? new Map<string, Shown>() : allocate(input, [...contract.map((x) => ({ x, level: input.contract })), ...other.map((x) => ({ x, level: input.other }))]);
  const entry = (x: WithSites, level: SitesLevel): DataRecord => {
    const head = { id: x.c.id, change: x.c.change, ...(x.c.contract === undefined ? {} : { contract: x.c.contract }), ...(x.guesses > 0 ? { byNameMatch: x.guesses } : {}) };
    if (complete) return { ...head, sites: x.sites.map(siteData) };
    const total = { sitesTotal: x.sites.length };
    if (level === 'counts') return { ...head, sites: [], ...total };
    const { folded, listed } = shown.get(x.c.id)!;
    if (folded) return { ...head, sites: [], ...total, byFile: byFileData(x.sites, false).slice(0, MAX_FOLDED_FILES) };
    const rest = x.sites.filter((s) => !listed.has(s));
    return { ...head, sites: x.sites.filter((s) => listed.has(s)).map(siteData), ...(rest.length > 0 ? { ...total, byFile: byFileData(rest, true) } : {}) };
  };
  return [...contract.map((x) => entry(x, input.contract)), ...other.map((x) => entry(x, input.other))];
}
