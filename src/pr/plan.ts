// The order in which a PR digest spends its budget (pure).
//
// The plan, one rule per line, ties always ending on the id:
// 1. Changed non-test code, by risk: call sites the change breaks first, then contract changed
//    (removed, moved, renamed, signature), then more live callers, then no test reaching it before
//    tested, then public names (no leading `_`) before private ones, then definitions before
//    module-level code, then file and line. Mechanical changes (annotation, docstring, formatting
//    only) are not planned: prepare.ts folds them into the overview.
// 2. Call sites of the symbols whose contract changed (their callers that are not themselves
//    changed): those are the places the change can break. Most contract-changed callees first. Only
//    callers outside test files: a test that a change breaks fails in CI, and the tests section
//    and the call-site list name them all; their code waits for step 4 (otherwise a change to a
//    constructor packs every test that builds the class ahead of any of its callees). Needs
//    `isTest`; without it every caller.
// 3. Changed tests, in file and line order (a test's own impact is not a reason to read it first).
// 4. Neighbours, hop by hop (pack/expansion.ts): in each round (a callee hop, a caller hop), what the
//    changed code reaches in both hops before what only the changed tests reach (expansion.ts late
//    roots); each part ranked: code before example code (isExamplePath), more call sites first, resolved
//    before name-only, same top-level package as a changed symbol, non-test before test, then id.
//    Example code first of all because it is written to be read, not imported: example functions that
//    call a changed helper several times each would otherwise outrank, and push out, the library's own
//    callers with one call site each.
// Within steps 1 and 3, a changed symbol shown whole (added, removed, or a function's whole diff) goes
// right before the first of its changed descendants: its text holds theirs, so they are `contained in`
// it instead of shown twice (an added class packed after its added methods would repeat them). A class
// shown as its own changed lines holds nothing and keeps its place. A descendant shown as a diff inside
// a holder shown as plain code (a method moved into an added class, diffed against its old body) goes
// before the holder instead: the holder's code would hold its new lines but not its deleted ones, so
// the holder refers to it (pack/elideMembers.ts).
// A changed symbol always comes before any neighbour: the packer packs no neighbour while a changed
// symbol is out of the document (pack/packer.ts `changedFirst`), and a changed symbol that does not fit
// whole is shown as its hunks (views.ts).

import { type Adjacency, confidenceOf, isProved, RESOLUTION_RANK } from '../graph/adjacency.js';
import type { Reached } from '../pack/expansion.js';
import { isTestPath } from '../python/testFiles.js';
import { compareStrings } from '../shared/compare.js';

/** Folders of code written to be read or run by hand, not imported by the project. */
const EXAMPLE_DIRS = new Set(['examples', 'example', 'docs', 'doc', 'demo', 'demos', 'samples', 'sample']);

/** Example or documentation code: under an `examples`, `docs`, `demo` or `samples` folder (or the singular). */
export function isExamplePath(file: string): boolean {
  return file.split('/').slice(0, -1).some((p) => EXAMPLE_DIRS.has(p));
}

export interface PlanEntry {
  id: string;
  file: string;
  name: string;
  kind: string;
  startLine: number;
  /** Set when the symbol's contract changed (what breaks its callers). */
  contract?: string;
  /** The id whose callers the contract change affects (a moved/renamed symbol: the old id). */
  contractOf?: string;
  /** Ids of the enclosing symbols, innermost first. */
  ancestors?: readonly string[];
  /** Set when the symbol's first view is its whole text, which holds its descendants' text. */
  whole?: boolean;
  /** Set when the first view is a diff (`+`/`-` lines): plain code holding it would lose its `-` lines. */
  diff?: boolean;
}

/** What the review knows of a changed id's risk (pr/review.ts); without it nothing is known. */
export interface Risk {
  /** The change breaks a call site (a resolved caller fails under the new signature, or calls a removed symbol). */
  breaking(id: string): boolean;
  /** No test reaches the change within the review's hops. */
  untested(id: string): boolean;
}

const NO_RISK: Risk = { breaking: () => false, untested: () => false };

export interface Plan {
  /** Changed symbols in budget order: non-test code ranked, then tests. */
  roots: string[];
  /** How many of `roots` are non-test code (the call sites of step 2 go after them). */
  nonTest: number;
  /** Step 2: callers of contract-changed symbols, ranked. */
  callSites: string[];
}


/** `isTest`: whether a caller is test code (step 2 leaves those out); without it no caller is known to be a test. */
export function planPr(entries: readonly PlanEntry[], adjacency: Adjacency, isChanged: (id: string) => boolean, isTest: (id: string) => boolean = () => false, risk: Risk = NO_RISK): Plan {
  const callers = (e: PlanEntry) => adjacency.callers(e.id).filter((n) => !isChanged(n.id)).length;
  const isPrivate = (e: PlanEntry) => (e.name.split('.').pop() ?? '').startsWith('_') && !/^__.*__$/.test(e.name.split('.').pop() ?? '');
  const code = entries.filter((e) => !isTestPath(e.file));
  const tests = entries.filter((e) => isTestPath(e.file));
  const ranked = holdersFirst([...code].sort(
    (a, b) =>
      Number(risk.breaking(b.contractOf ?? b.id)) - Number(risk.breaking(a.contractOf ?? a.id)) ||
      Number(b.contract !== undefined) - Number(a.contract !== undefined) ||
      callers(b) - callers(a) ||
      Number(risk.untested(b.id)) - Number(risk.untested(a.id)) ||
      Number(isPrivate(a)) - Number(isPrivate(b)) ||
      Number(a.kind === 'module') - Number(b.kind === 'module') ||
      compareStrings(a.file, b.file) ||
      a.startLine - b.startLine ||
      compareStrings(a.id, b.id),
  ));
  const orderedTests = holdersFirst([...tests].sort((a, b) => compareStrings(a.file, b.file) || a.startLine - b.startLine || compareStrings(a.id, b.id)));
  // Step 2: who calls what changed contract, most such callees first.
  const hits = new Map<string, number>();
  for (const e of entries) {
    if (e.contract === undefined) continue;
    for (const n of adjacency.callers(e.contractOf ?? e.id)) {
      if (isChanged(n.id) || !isProved(n.resolution) || isTest(n.id)) continue;
      hits.set(n.id, (hits.get(n.id) ?? 0) + 1);
    }
  }
  const callSites = [...hits].sort(([a, x], [b, y]) => y - x || compareStrings(a, b)).map(([id]) => id);
  return { roots: [...ranked, ...orderedTests].map((e) => e.id), nonTest: ranked.length, callSites };
}

/** Each entry preceded by its ancestors shown whole and not yet placed, outermost first (see the top of the file). */
function holdersFirst(ordered: readonly PlanEntry[]): PlanEntry[] {
  const holders = new Map(ordered.filter((e) => e.whole).map((e) => [e.id, e] as const));
  const placed = new Set<string>();
  const out: PlanEntry[] = [];
  const place = (e: PlanEntry) => {
    if (placed.has(e.id)) return;
    placed.add(e.id);
    out.push(e);
  };
  const placeHolder = (holder: PlanEntry) => {
    if (!holder.diff) for (const d of ordered) if (d.diff && d.ancestors?.includes(holder.id)) place(d);
    place(holder);
  };
  for (const e of ordered) {
    // Every holder, not only the outermost: when the outer one does not fit whole, the inner one still
    // comes before what it holds.
    const enclosing = (e.ancestors ?? []).flatMap((id) => holders.get(id) ?? []);
    for (let i = enclosing.length - 1; i >= 0; i--) placeHolder(enclosing[i]!);
    if (holders.has(e.id)) placeHolder(e);
    else place(e);
  }
  return out;
}

/** The neighbour order of step 4; `fileOf` places an id, `packages` are the changed symbols' top-level packages. */
export function neighbourOrder(fileOf: (id: string) => string | undefined, packages: ReadonlySet<string>): (a: Reached, b: Reached) => number {
  const packageOf = (id: string) => id.split('.')[0] ?? id;
  const fileIs = (is: (file: string) => boolean) => (id: string) => {
    const file = fileOf(id);
    return file !== undefined && is(file);
  };
  const test = fileIs(isTestPath);
  const example = fileIs(isExamplePath);
  return (a, b) =>
    Number(example(a.id)) - Number(example(b.id)) ||
    b.sites - a.sites ||
    RESOLUTION_RANK[a.resolution] - RESOLUTION_RANK[b.resolution] ||
    confidenceOf(b) - confidenceOf(a) ||
    Number(!packages.has(packageOf(a.id))) - Number(!packages.has(packageOf(b.id))) ||
    Number(test(a.id)) - Number(test(b.id)) ||
    compareStrings(a.id, b.id);
}
