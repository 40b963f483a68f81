// The tests that exercise a change (pure): pytest tests that reach a changed symbol over resolved
// caller edges, fixtures and framework reach, ranked nearest first, as pytest node ids a workflow can
// run as they are.
//
// The depth rule: every test within NEAR_HOPS (2) is listed; then each deeper level, whole, up to
// MAX_HOPS (10), while the list stays within MAX_SHARE (3/4) of the suite's tests; of the level that
// would cross the bound, the best-ranked tests that fit (more shortest caller chains to the change
// first, then more changed symbols reached, then node id). The tests left out are counted (`beyond`),
// and they still make their changed symbols tested.
// Why, from replays of 80 commits of four libraries against per-test coverage (docs/evaluation.md):
// command-line and web frameworks reach most code four to nine calls below the entry point a test
// drives (click's CliRunner.invoke -> main -> make_context -> parse_args -> get_params -> ...; flask's
// client -> Flask.__call__ -> wsgi_app -> ...), and the tests that do are most of the truth: recall
// rises to 9 hops and not after (10 keeps one hop of margin). A bound under the share those entry
// points fan out to (about 2/3 of the suite) cuts exactly those levels, so the bound is 3/4: beyond it
// the list is nearly the whole suite and saves nothing over the must-run tier. Dropping the crossing
// level whole threw away the tests nearest the bound with it; ranked, most of them stay (a test
// reached by more routes runs the change on more paths).
//
// Decisions:
// - The tests are what pytest collects (testItems.ts), inherited test methods under each class that
//   collects them.
// - A hop is a resolved call edge, a dispatch edge (a base method's `self.step()` to the subclass
//   overrides it may run: the receiver is unknown, the override is real), or a fixture in a test's
//   fixture closure (pytestFixtures.ts: every name resolved from the test, as pytest overrides them),
//   or a method the test calls on a fixture's value (frameworkReach.ts, fixture objects).
//   Name-only (heuristic) edges are not followed: a guess must not put a test on the list a CI runs.
// - A hop is also one of the edges frameworkReach.ts draws for what frameworks and Python run with
//   no call to show it (a callable handed to a runner, what a factory or an imported app hands out,
//   what a class statement or an import runs): each stands for one call, so it counts one hop.
// - A test module's or test class's own code runs for its tests: what it runs in a definition's
//   decorators (`parametrize`, `fixture(params=…)`) for that definition, the rest for all its tests,
//   at the hop that reached the module or class.
// - Changed top-level code of a module (imports, type aliases and constants, mostly) reaches no test
//   here: every test that imports the module runs that code, which is the must-run tier; what the code
//   calls is followed as usual (a function run at import reaches the tests importing its caller's module).
// - A changed test (or a changed class of tests) is its own reach at 0 hops: a PR's edited tests run.
//   Code nested in a test (a local helper) counts as the test.
// - Node ids are relative to the scanned folder, like the files of the digest.

import { type Adjacency, isProved } from '../graph/adjacency.js';
import type { Edge, PySymbol } from '../model.js';
import { isConftest, isTestModule } from '../python/testFiles.js';
import { fixtureObjectReach, frameworkReach, type Reach } from './frameworkReach.js';
import type { MustRunTests } from './mustRunTests.js';
import { fixtureSetups, fixtureUsers } from './pytestFixtures.js';
import { collectTests, isTestClass, type TestItem, type TestItems } from './testItems.js';

/** Tests this close to a change are always listed. */
export const NEAR_HOPS = 2;
/** The longest caller chain followed. */
export const MAX_HOPS = 10;
/** Deeper levels are listed while the list stays within this share of the suite's tests. */
export const MAX_SHARE = 0.75;

export interface AffectedTest {
  nodeId: string;
  /** Changed symbol ids this test reaches, sorted. */
  reaches: string[];
  /** Fewest hops from the test to one of them (0: the test itself changed). */
  hops: number;
  /** The node id of the method where the test is defined, when its class inherits it. */
  definedAt?: string;
}

export interface AffectedTestsInput {
  symbols: ReadonlyMap<string, PySymbol>;
  adjacency: Adjacency;
  changed: readonly { id: string; change: 'added' | 'modified' | 'removed' }[];
  maxHops?: number;
  /** Overrides MAX_SHARE. */
  maxShare?: number;
  /** Every edge: what frameworks run with no call edge (frameworkReach.ts) is followed like a caller. */
  edges?: readonly Edge[];
}

export interface AffectedTests {
  /** The most-likely tier: tests that reach a changed symbol (the depth rule above), nearest first, then by node id. */
  tests: AffectedTest[];
  /** Tests that reach the change but are left out of the list, which stays within MAX_SHARE of the suite. */
  beyond?: number;
  /** Changed functions, methods and classes outside tests that no test reaches in either tier. */
  unreached: string[];
  /** The must-run tier: test modules that import the changed code (mustRunTests.ts). */
  mustRun?: MustRunTests;
}

/**
 * Both tiers together: a changed symbol is untested only when no test calls it within MAX_HOPS and
 * no test module imports its file (a framework may call it where no call edge shows).
 */
export function withMustRun(mostLikely: AffectedTests, mustRun: MustRunTests, symbols: ReadonlyMap<string, PySymbol>): AffectedTests {
  const unreached = mostLikely.unreached.filter((id) => {
    const file = symbols.get(id)?.file;
    return file === undefined || !mustRun.covered.has(file);
  });
  return { ...mostLikely, unreached, mustRun };
}

/**
 * The tests a reached symbol runs as part of: its own (or the one it is nested in, under every class
 * that collects it); every test of a test class; every test of a test module, for the module's
 * top-level code runs before each.
 */
function testsRun(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>, items: TestItems): TestItem[] {
  if (sym.kind === 'class') return items.byClass.get(sym.id) ?? [];
  if (sym.kind === 'module') return isTestModule(sym.file) ? (items.byModule.get(sym.id) ?? []) : [];
  for (let cur: PySymbol | undefined = sym; cur && cur.kind !== 'module' && cur.kind !== 'class'; cur = cur.parent === undefined ? undefined : symbols.get(cur.parent)) {
    const own = items.bySymbol.get(cur.id);
    if (own) return own;
  }
  return [];
}

/**
 * Who runs a call made by `r.id` at `r.lines`: a test module or test class runs what sits in a
 * definition's decorators (`parametrize`, `fixture(params=…)`) for that definition alone, and the
 * rest of its top-level code for all of its tests.
 */
function runners(r: Reach, symbols: ReadonlyMap<string, PySymbol>, children: ReadonlyMap<string, readonly PySymbol[]>): string[] {
  const sym = symbols.get(r.id);
  if (!sym || r.lines === undefined || !(sym.kind === 'module' ? isTestModule(sym.file) : isTestClass(sym, symbols))) return [r.id];
  const out = new Set<string>();
  for (const line of r.lines) {
    let inside: string | undefined;
    for (const child of children.get(sym.id) ?? []) if (child.startLine <= line && line <= child.endLine) inside = child.id;
    out.add(inside ?? sym.id);
  }
  return [...out];
}

/** A test found, with the number of shortest caller chains that lead it to the change (its rank within a level). */
interface Found extends AffectedTest {
  routes: number;
}

/**
 * The tests within NEAR_HOPS, then each deeper level whole while the list stays within `maxShare`
 * of the suite; of the level that would cross it, the best-ranked tests that fit: more routes to the
 * change first, then more changed symbols reached, then by node id (`all` sorted by hops).
 */
function withinShare(all: readonly Found[], maxShare: number, suite: number): Found[] {
  const room = Math.floor(maxShare * suite);
  let end = 0;
  while (end < all.length && all[end]!.hops <= NEAR_HOPS) end++;
  while (end < all.length) {
    let next = end;
    while (next < all.length && all[next]!.hops === all[end]!.hops) next++;
    if (next > room) {
      const ranked = all.slice(end, next).sort((a, b) => b.routes - a.routes || b.reaches.length - a.reaches.length || byNodeId(a, b));
      return [...all.slice(0, end), ...ranked.slice(0, Math.max(0, room - end)).sort(byNodeId)];
    }
    end = next;
  }
  return all.slice(0, end);
}

function byNodeId(a: AffectedTest, b: AffectedTest): number {
  return a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0;
}

export function findAffectedTests(input: AffectedTestsInput): AffectedTests {
  const { symbols, adjacency } = input;
  const maxHops = input.maxHops ?? MAX_HOPS;
  const bases = new Map<string, string[]>();
  for (const e of input.edges ?? []) {
    if (e.kind !== 'inherits') continue;
    const list = bases.get(e.from);
    if (list) list.push(e.to);
    else bases.set(e.from, [e.to]);
  }
  const children = new Map<string, PySymbol[]>();
  for (const s of symbols.values()) {
    if (s.parent === undefined) continue;
    const list = children.get(s.parent);
    if (list) list.push(s);
    else children.set(s.parent, [s]);
  }
  const reach = input.edges === undefined ? new Map<string, Reach[]>() : frameworkReach(symbols, input.edges);
  const items = collectTests(symbols, bases);
  const runs = new Map<string, TestItem[]>();
  const run = (sym: PySymbol): TestItem[] => {
    let nodes = runs.get(sym.id);
    if (!nodes) runs.set(sym.id, (nodes = testsRun(sym, symbols, items)));
    return nodes;
  };
  const setups = fixtureSetups(symbols, bases, items.all);
  const usedBy = fixtureUsers(setups);
  const callsOnFixtures = input.edges === undefined ? new Map<string, TestItem[]>() : fixtureObjectReach(symbols, input.edges, setups);

  const found = new Map<string, { reaches: Set<string>; hops: number; routes: number; definedAt?: string }>();
  // `routes`: the shortest chains by which the test reaches a changed symbol, summed over those it reaches nearest.
  const note = (item: TestItem, changedId: string, hops: number, routes: number): void => {
    const had = found.get(item.nodeId);
    if (!had) found.set(item.nodeId, { reaches: new Set([changedId]), hops, routes, ...(item.definedAt === undefined ? {} : { definedAt: item.definedAt }) });
    else {
      had.reaches.add(changedId);
      if (hops < had.hops) Object.assign(had, { hops, routes });
      else if (hops === had.hops) had.routes += routes;
    }
  };
  const unreached: string[] = [];
  // A test the PR removes (or moves away) is in the graph from base, for its references: it is no node
  // pytest can run in head (a PR that moves tests to another file would list them under their old ids).
  const removed = new Set(input.changed.filter((c) => c.change === 'removed').map((c) => c.id));
  for (const c of input.changed) {
    if (c.change === 'removed') continue;
    const start = symbols.get(c.id);
    if (!start) continue;
    let reached = false;
    if (isTestClass(start, symbols)) {
      for (const item of items.byClass.get(start.id) ?? []) note(item, c.id, 0, 1);
      continue;
    }
    const seen = new Map<string, number>([[c.id, 0]]);
    // Symbol -> the shortest caller chains from it to the change.
    const routes = new Map<string, number>([[c.id, 1]]);
    let frontier = [c.id];
    for (let hops = 0; hops <= maxHops && frontier.length > 0; hops++) {
      const next: string[] = [];
      for (const id of frontier) {
        const sym = symbols.get(id);
        // Changed top-level code (imports, type aliases, constants, mostly) runs in every test that
        // imports its module: that is the must-run tier's; this one follows it only from what it calls.
        const topLevel = hops === 0 && sym?.kind === 'module';
        for (const item of sym && !topLevel ? run(sym) : []) {
          note(item, c.id, hops, routes.get(id)!);
          reached = true;
        }
        if (hops === maxHops) continue;
        // A fixture runs for every test whose closure holds it, and a method for the tests that call it
        // on a fixture's value: those tests are one hop up.
        for (const item of [...(usedBy.get(id) ?? []), ...(callsOnFixtures.get(id) ?? [])]) {
          note(item, c.id, hops + 1, routes.get(id)!);
          reached = true;
        }
        const callers: Reach[] = adjacency.callers(id).filter((n) => isProved(n.resolution));
        const ups = [...callers, ...(topLevel ? [] : (reach.get(id) ?? []))];
        for (const up of ups.flatMap((r) => runners(r, symbols, children))) {
          if (removed.has(up)) continue;
          if (seen.get(up) === hops + 1) routes.set(up, routes.get(up)! + routes.get(id)!);
          if (seen.has(up)) continue;
          seen.set(up, hops + 1);
          routes.set(up, routes.get(id)!);
          next.push(up);
        }
      }
      frontier = next;
    }
    const inTests = isTestModule(start.file) || isConftest(start.file);
    if (!reached && !inTests && start.kind !== 'module') unreached.push(c.id);
  }
  const all: Found[] = [...found].map(([nodeId, v]) => ({ nodeId, reaches: [...v.reaches].sort(), hops: v.hops, routes: v.routes, ...(v.definedAt === undefined ? {} : { definedAt: v.definedAt }) }));
  all.sort((a, b) => a.hops - b.hops || byNodeId(a, b));
  const tests = withinShare(all, input.maxShare ?? MAX_SHARE, items.all.length).map((t) => ({ nodeId: t.nodeId, reaches: t.reaches, hops: t.hops, ...(t.definedAt === undefined ? {} : { definedAt: t.definedAt }) }));
  return { tests, beyond: all.length - tests.length, unreached: unreached.sort() };
}
