// Which files an on-demand PR digest must parse (pure; pipeline/onDemandPr.ts runs the rounds).
//
// The rule, for a set of symbols whose graph neighbourhood the digest reads:
// - callers exact (who calls, uses, subclasses or imports a symbol named `n`): every file spelling the
//   word `n` (files/prefilter.ts); a dunder method (`__init__`, `__call__`) is reached through its
//   class's name, so that word too; an autouse fixture reaches every test below its folder unnamed,
//   so those files too;
// - callees exact (what a symbol calls or uses, with the resolver's name-only fallback, its confidence
//   counts and dispatch to overrides): every file defining (`def`/`class`) a name the symbol's calls,
//   arguments or bindings spell;
// - resolution needs of every parsed file: the files its imports can name (every module path the
//   dotted name can end with, under any source root, with its packages), and submodules reached as
//   attributes (`import a` then `a.b.c()`: `a.b`, `a.b.c` when the file spells `b` and `c`).
// Each is a superset of what a parse would find, so once every needed file is parsed, the edges of
// those symbols are the full index's edges.
import type { FileRecord, PySymbol, RefExpr } from '../model.js';
import { moduleNameForPath } from '../graph/modules.js';
import { dirOf, dirToDotted } from '../graph/sourceRoots.js';
import type { WordIndex } from '../files/prefilter.js';
import { isTestFile } from '../review/affectedTests.js';

export interface Corpus {
  /** Every discovered Python file, POSIX, sorted; file numbers index this list. */
  paths: readonly string[];
  words: WordIndex;
}

export interface ModuleLookup {
  /** Files whose path-based module id is `dotted` or ends with `.dotted`. */
  files(dotted: string): readonly number[];
  /** Dotted keys one segment below `dotted` (`a.b` -> `a.b.c`, `a.b.d`). */
  children(dotted: string): readonly string[];
}

const NONE: readonly never[] = Object.freeze([]);

export function buildModuleLookup(paths: readonly string[]): ModuleLookup {
  const files = new Map<string, number[]>();
  const children = new Map<string, Set<string>>();
  paths.forEach((path, i) => {
    const parts = moduleNameForPath(path).split('.');
    for (let start = 0; start < parts.length; start++) {
      const key = parts.slice(start).join('.');
      const list = files.get(key);
      if (list) list.push(i);
      else files.set(key, [i]);
      // Every prefix of every suffix is a possible parent (`x.a.b`: `a` holds `a.b`).
      for (let end = start + 1; end < parts.length; end++) {
        const parent = parts.slice(start, end).join('.');
        const child = parts.slice(start, end + 1).join('.');
        const set = children.get(parent);
        if (set) set.add(child);
        else children.set(parent, new Set([child]));
      }
    }
  });
  return {
    files: (dotted) => files.get(dotted) ?? NONE,
    children: (dotted) => [...(children.get(dotted) ?? [])],
  };
}

/** Files the imports of `file` can resolve to (see the rule above). */
export function importNeeds(file: FileRecord, fileNumber: number, corpus: Corpus, modules: ModuleLookup): Set<number> {
  const out = new Set<number>();
  const spells = (word: string) => corpus.words.has(fileNumber, word);
  const addModule = (dotted: string) => {
    if (dotted === '') return;
    const parts = dotted.split('.');
    for (let end = 1; end <= parts.length; end++) for (const f of modules.files(parts.slice(0, end).join('.'))) out.add(f);
    // Submodules reached as attributes of the imported module, as far as the file spells them.
    const seen = new Set<string>();
    const walk = (key: string, depth: number) => {
      if (depth > 8) return;
      for (const child of modules.children(key)) {
        if (seen.has(child) || !spells(child.slice(child.lastIndexOf('.') + 1))) continue;
        seen.add(child);
        for (const f of modules.files(child)) out.add(f);
        walk(child, depth + 1);
      }
    };
    walk(dotted, 0);
  };
  for (const symbol of file.symbols) {
    for (const imp of symbol.imports) {
      if (imp.kind === 'import') {
        addModule(imp.module);
        continue;
      }
      let module = imp.module;
      if (imp.level > 0) {
        let dir = dirOf(file.path);
        for (let up = 1; up < imp.level; up++) dir = dirOf(dir);
        const base = dirToDotted(dir);
        module = [base, imp.module].filter((p) => p !== '').join('.');
      }
      addModule(module);
      if (imp.name !== '*') addModule(module === '' ? imp.name : `${module}.${imp.name}`);
    }
  }
  out.delete(fileNumber);
  return out;
}

export function bareNameOf(symbol: PySymbol): string {
  if (symbol.kind === 'module') return symbol.module.slice(symbol.module.lastIndexOf('.') + 1);
  const last = symbol.name.slice(symbol.name.lastIndexOf('.') + 1);
  const hash = last.indexOf('#');
  return hash < 0 ? last : last.slice(0, hash);
}

/** Files that may call, use, subclass or import `symbol` (callers exact). */
export function callerNeeds(symbol: PySymbol, parent: PySymbol | undefined, corpus: Corpus): Set<number> {
  const out = new Set<number>(corpus.words.uses(bareNameOf(symbol)));
  const name = bareNameOf(symbol);
  if (symbol.kind === 'method' && /^__\w+__$/.test(name) && parent) for (const f of corpus.words.uses(bareNameOf(parent))) out.add(f);
  if (symbol.kind === 'module' && name === '__init__') {
    // `pkg/__init__.py` is the module `pkg`.
    const pkg = symbol.module.split('.').pop() ?? '';
    for (const f of corpus.words.uses(pkg)) out.add(f);
  }
  if (symbol.decorators.some((d) => /autouse/.test(d))) {
    const dir = dirOf(symbol.file);
    corpus.paths.forEach((path, i) => {
      const inside = dir === '' || path.startsWith(`${dir}/`);
      if (inside && (isTestFile(path) || path.endsWith('conftest.py'))) out.add(i);
    });
  }
  return out;
}

/** Files that may define what `symbol` calls or uses (callees exact). */
export function calleeNeeds(symbol: PySymbol, corpus: Corpus): Set<number> {
  const names = new Set<string>();
  const seen = new Set<RefExpr>();
  const walk = (ref: RefExpr | undefined, depth: number): void => {
    if (ref === undefined || depth > 64 || seen.has(ref)) return;
    seen.add(ref);
    switch (ref.t) {
      case 'name':
        names.add(ref.name);
        return;
      case 'attr':
        names.add(ref.attr);
        walk(ref.object, depth + 1);
        return;
      case 'call':
        walk(ref.callee, depth + 1);
        return;
      case 'subscript':
      case 'iter':
        walk(ref.object, depth + 1);
        return;
      case 'elements':
        for (const item of ref.items) walk(item, depth + 1);
        return;
      default:
        return;
    }
  };
  for (const call of symbol.calls) {
    walk(call.callee, 0);
    for (const a of call.args ?? []) walk(a, 0);
    for (const k of call.keywords ?? []) walk(k.value, 0);
  }
  for (const b of symbol.bindings) walk(b.value, 0);
  for (const r of symbol.returnValues ?? []) walk(r, 0);
  for (const y of symbol.yieldValues ?? []) walk(y, 0);
  const out = new Set<number>();
  for (const name of names) for (const f of corpus.words.defines(name)) out.add(f);
  return out;
}
