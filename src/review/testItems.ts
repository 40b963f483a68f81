// The tests pytest collects from a project (pure), as node ids a workflow can run as they are.
//
// Decisions:
// - pytest's default collection rules: `test_*.py` / `*_test.py` files; module-level `test*`
//   functions; `Test*` classes (and any `*TestCase` subclass, which pytest runs through unittest)
//   with their `test*` methods, nested classes included. A redefined test (`test_x#2`) is one node.
// - A collected class runs the `test*` methods it inherits from its project bases (another test
//   class, or a mixin pytest does not collect, wherever it is defined) under its own node id, `file::Sub::test_y`, unless it
//   or a class between redefines the method: a change to the base's method runs in every such class.
import { bareName } from '../graph/resolver/projectIndex.js';
import type { PySymbol } from '../model.js';
import { isTestModule } from '../python/testFiles.js';
import { pushTo } from '../shared/arrays.js';

export interface TestItem {
  nodeId: string;
  /** The test function or method that runs. */
  sym: PySymbol;
  /** The collected class it runs in (a subclass of the method's own class when inherited). */
  cls?: PySymbol;
  /** The node id of the method where it is defined, when inherited from another class. */
  definedAt?: string;
}

export interface TestItems {
  /** Function or method id -> the items that run it. */
  bySymbol: Map<string, TestItem[]>;
  /** Collected class id -> its items (inherited ones and nested classes' included). */
  byClass: Map<string, TestItem[]>;
  /** Module id -> the items of its classes and functions. */
  byModule: Map<string, TestItem[]>;
  all: TestItem[];
}

/** Whether pytest collects `sym` as a test class. */
export function isTestClass(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): boolean {
  if (sym.kind !== 'class' || !isTestModule(sym.file)) return false;
  const parent = sym.parent === undefined ? undefined : symbols.get(sym.parent);
  if (!parent || (parent.kind !== 'module' && !isTestClass(parent, symbols))) return false;
  return bareName(sym).startsWith('Test') || sym.bases.some((b) => b.endsWith('TestCase'));
}

function classPath(cls: PySymbol): string {
  return `${cls.file}::${cls.name.split('.').map((part) => part.replace(/#\d+$/, '')).join('::')}`;
}

/** The pytest node id of a test function or method where it is defined, or undefined when pytest would not collect it there. */
function testNodeId(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): string | undefined {
  if (!isTestModule(sym.file) || !bareName(sym).startsWith('test')) return undefined;
  const parent = sym.parent === undefined ? undefined : symbols.get(sym.parent);
  if (!parent) return undefined;
  if (sym.kind === 'function' && parent.kind === 'module') return `${sym.file}::${bareName(sym)}`;
  if (sym.kind !== 'method' || !isTestClass(parent, symbols)) return undefined;
  return `${classPath(parent)}::${bareName(sym)}`;
}

/** `bases`: class id -> its project bases (resolved `inherits` edges). */
export function collectTests(symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>): TestItems {
  const items: TestItem[] = [];
  const methods = new Map<string, PySymbol[]>(); // class id -> its `test*` methods
  for (const sym of symbols.values()) {
    if (sym.kind !== 'function' && sym.kind !== 'method') continue;
    if (!bareName(sym).startsWith('test')) continue;
    const nodeId = testNodeId(sym, symbols);
    const parent = sym.parent === undefined ? undefined : symbols.get(sym.parent);
    if (nodeId !== undefined) items.push({ nodeId, sym, ...(parent?.kind === 'class' ? { cls: parent } : {}) });
    if (sym.kind === 'method' && parent) methods.set(parent.id, [...(methods.get(parent.id) ?? []), sym]);
  }
  for (const cls of symbols.values()) {
    if (!isTestClass(cls, symbols)) continue;
    const own = new Set((methods.get(cls.id) ?? []).map(bareName));
    const seen = new Set([cls.id]);
    const queue = [...(bases.get(cls.id) ?? [])];
    for (let at = 0; at < queue.length; at++) {
      const base = queue[at]!;
      if (seen.has(base)) continue;
      seen.add(base);
      for (const m of methods.get(base) ?? []) {
        const name = bareName(m);
        if (own.has(name)) continue;
        own.add(name);
        const defining = symbols.get(base)!;
        items.push({ nodeId: `${classPath(cls)}::${name}`, sym: m, cls, definedAt: `${classPath(defining)}::${name}` });
      }
      queue.push(...(bases.get(base) ?? []));
    }
  }
  items.sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  const bySymbol = new Map<string, TestItem[]>();
  const byClass = new Map<string, TestItem[]>();
  const byModule = new Map<string, TestItem[]>();
  for (const item of items) {
    pushTo(bySymbol, item.sym.id, item);
    for (let c: PySymbol | undefined = item.cls; c?.kind === 'class'; c = c.parent === undefined ? undefined : symbols.get(c.parent)) pushTo(byClass, c.id, item);
    pushTo(byModule, (item.cls ?? item.sym).module, item);
  }
  return { bySymbol, byClass, byModule, all: items };
}

