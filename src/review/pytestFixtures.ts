// Which tests set up which pytest fixtures (pure), for the most-likely test tier (affectedTests.ts).
//
// Decisions:
// - A fixture is a function or method decorated `@pytest.fixture` (`name=` renames it), in a test
//   module, a conftest.py or a test class. What a name means is resolved from the test, as pytest
//   resolves it: the closest definition visible there (the test's class and its project bases, the
//   test's module, then the nearest conftest.py up the folders). A fixture requested by another
//   fixture is resolved from the test too, so a module or class that overrides `app` changes what a
//   conftest's `client(app)` gets for the tests there; a fixture asking for its own name gets the next
//   one out (the definition it overrides).
// - A test sets up its whole closure before it runs: its parameters, `@pytest.mark.usefixtures(...)`
//   on it or its classes, visible `autouse=True` fixtures, and what each of those asks for in turn.
import { bareName } from '../graph/resolver/projectIndex.js';
import type { PySymbol } from '../model.js';
import { isConftest, isTestModule } from '../python/testFiles.js';
import type { TestItem } from './testItems.js';

interface Fixture {
  id: string;
  name: string;
  autouse: boolean;
  /** Where it is visible: a class id, a module file, or a folder ('' for the root). */
  scope: { kind: 'class'; id: string } | { kind: 'module'; file: string } | { kind: 'folder'; dir: string };
  /** The fixture names it asks for (its parameters). */
  wants: string[];
}

const FIXTURE = /^(?:pytest\.|pytest_asyncio\.)?fixture\b/;

function paramNames(sym: PySymbol): string[] {
  return sym.params.filter((p) => p.kind !== 'var_positional' && p.kind !== 'var_keyword').map((p) => p.name);
}

function fixtureOf(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): Fixture | undefined {
  if (sym.kind !== 'function' && sym.kind !== 'method') return undefined;
  const decorator = sym.decorators.find((d) => FIXTURE.test(d.trim()));
  if (decorator === undefined) return undefined;
  const named = /\bname\s*=\s*["']([^"']+)["']/.exec(decorator);
  const autouse = /\bautouse\s*=\s*True\b/.test(decorator);
  const parent = sym.parent === undefined ? undefined : symbols.get(sym.parent);
  const file = sym.file;
  const scope: Fixture['scope'] =
    parent?.kind === 'class'
      ? { kind: 'class', id: parent.id }
      : isConftest(file)
        ? { kind: 'folder', dir: file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '' }
        : { kind: 'module', file };
  return { id: sym.id, name: named?.[1] ?? bareName(sym), autouse, scope, wants: paramNames(sym) };
}

/** The classes whose fixtures a test in class `cls` sees, closest first: each enclosing class, then its project bases (pytest reads fixtures as class attributes). */
function classChain(cls: PySymbol | undefined, symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>): string[] {
  const out: string[] = [];
  let cur = cls;
  while (cur && cur.kind === 'class') {
    const queue = [cur.id];
    for (let at = 0; at < queue.length; at++) {
      const id = queue[at]!;
      if (out.includes(id)) continue;
      out.push(id);
      queue.push(...(bases.get(id) ?? []));
    }
    cur = cur.parent === undefined ? undefined : symbols.get(cur.parent);
  }
  return out;
}

/** Visibility rank of a fixture from a test in `file` (lower is closer), or undefined when it is not visible. */
function rank(f: Fixture, file: string, classes: readonly string[]): number | undefined {
  if (f.scope.kind === 'class') {
    const at = classes.indexOf(f.scope.id);
    return at < 0 ? undefined : at;
  }
  if (f.scope.kind === 'module') return f.scope.file === file ? 100 : undefined;
  const dir = f.scope.dir;
  if (dir !== '' && !file.startsWith(`${dir}/`)) return undefined;
  return 1000 - (dir === '' ? 0 : dir.split('/').length);
}

/** What a test sets up: its whole fixture closure, and what builds the value each parameter receives. */
export interface FixtureSetup {
  item: TestItem;
  /** Every fixture the test sets up. */
  closure: ReadonlySet<string>;
  /** Parameter name -> the fixture it names and the fixtures that one asks for in turn, resolved from the test. */
  params: ReadonlyMap<string, readonly string[]>;
}

/** Each test's fixture setup. `bases`: class id -> its project bases. */
export function fixtureSetups(symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>, tests: readonly TestItem[]): FixtureSetup[] {
  const byName = new Map<string, Fixture[]>();
  for (const sym of symbols.values()) {
    if (!isTestModule(sym.file) && !isConftest(sym.file)) continue;
    const f = fixtureOf(sym, symbols);
    if (f) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
  }
  if (byName.size === 0) return [];
  return tests.map((item) => {
    const test = item.sym;
    const file = item.nodeId.slice(0, item.nodeId.indexOf('::'));
    const classes = classChain(item.cls, symbols, bases);
    // Each name's visible definitions from this test, closest first.
    const visible = new Map<string, Fixture[]>();
    const candidates = (name: string): Fixture[] => {
      let list = visible.get(name);
      if (!list) {
        const ranked = (byName.get(name) ?? []).flatMap((f) => {
          const r = rank(f, file, classes);
          return r === undefined ? [] : [{ f, r }];
        });
        ranked.sort((a, b) => a.r - b.r || (a.f.id < b.f.id ? -1 : a.f.id > b.f.id ? 1 : 0));
        visible.set(name, (list = ranked.map((x) => x.f)));
      }
      return list;
    };
    // The fixtures `roots` ask for, transitively, each once (a fixture asking for its own name gets the one it overrides).
    const closureOf = (roots: readonly (Fixture | undefined)[]): Set<string> => {
      const closure = new Set<string>();
      const queue: Fixture[] = [];
      const take = (f: Fixture | undefined): void => {
        if (f && !closure.has(f.id)) {
          closure.add(f.id);
          queue.push(f);
        }
      };
      for (const f of roots) take(f);
      for (let at = 0; at < queue.length; at++) {
        const f = queue[at]!;
        for (const name of f.wants) {
          const list = candidates(name);
          take(name === f.name ? list[list.indexOf(f) + 1] : list[0]);
        }
      }
      return closure;
    };
    const wanted = new Set(paramNames(test));
    const params = new Map<string, string[]>();
    for (const name of wanted) {
      const f = candidates(name)[0];
      if (f) params.set(name, [...closureOf([f])]);
    }
    // The whole closure: the parameters' closures (a closure of several roots is the union of theirs),
    // and those of `usefixtures` names and autouse fixtures.
    const more: (Fixture | undefined)[] = [];
    for (const d of [...test.decorators, ...classes.flatMap((c) => symbols.get(c)?.decorators ?? [])]) {
      if (!/usefixtures\s*\(/.test(d)) continue;
      for (const m of d.matchAll(/["']([^"']+)["']/g)) if (!wanted.has(m[1]!)) more.push(candidates(m[1]!)[0]);
    }
    for (const list of byName.values()) for (const f of list) if (f.autouse && rank(f, file, classes) !== undefined) more.push(candidates(f.name)[0]);
    const closure = closureOf(more);
    for (const ids of params.values()) for (const id of ids) closure.add(id);
    return { item, closure, params };
  });
}

/** fixture id -> the tests whose fixture closure holds it. */
export function fixtureUsers(setups: readonly FixtureSetup[]): Map<string, TestItem[]> {
  const out = new Map<string, TestItem[]>();
  for (const { item, closure } of setups) {
    for (const id of closure) {
      const users = out.get(id);
      if (users) users.push(item);
      else out.set(id, [item]);
    }
  }
  return out;
}
