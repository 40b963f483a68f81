// Which files an on-demand PR digest must parse (pure; onDemandRounds.ts runs the rounds).
//
// The rule, for a set of symbols whose graph neighbourhood the digest reads:
// - callers exact (who calls, uses, subclasses or imports a symbol named `n`): every file spelling the
//   word `n` (files/prefilter.ts); a dunder method (`__init__`, `__call__`) is reached through its
//   class's name, so that word too; an autouse fixture reaches every test below its folder unnamed,
//   so those files too;
// - callees exact (what a symbol calls or uses, with the resolver's name-only fallback, its confidence
//   counts and dispatch to overrides): every file defining (`def`/`class`) a name the symbol's calls,
//   arguments or bindings spell;
// - resolution needs of every file needed whole: each name it imports, followed (Chase): the module
//   files the import can name (every module path the dotted name can end with, under any source root;
//   `import a.b` also its packages, and submodules reached as attributes when the file spells them),
//   and in each, how the name is bound there: by an import (followed again), by a star import (each
//   followed), or by a definition or assignment, whose bases, decorators, annotations, bindings and
//   returns (its type facts, not its calls) are followed through that module's imports. Only names,
//   never whole import trees: a few changed files can import most of a large project transitively.
// Each is a superset of what a parse would find, so once every needed file is parsed, the edges of
// those symbols are the full index's edges.

import type { WordIndex } from '../files/prefilter.js';
import { dirOf, dirToDotted } from '../graph/sourceRoots.js';
import type { FileRecord, ImportRecord, PySymbol, RefExpr } from '../model.js';
import { moduleNameForPath } from '../python/modules.js';
import { isConftest, isTestModule } from '../python/testFiles.js';

export interface Corpus {
  /** Every discovered Python file, POSIX, sorted; file numbers index this list. */
  paths: readonly string[];
  /** Replaced by NO_WORDS once no round selects files any more (its memory goes). */
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

/**
 * A name to follow into a module file: how `name` is bound at its top level decides what else must be
 * parsed. `name` '' is the module itself, bound as a name in `spelledBy` (`import a.b`): every top-level
 * name of it that file spells; '*' is every top-level name (a star import).
 */
export interface Chase {
  file: number;
  name: string;
  spelledBy: number;
}

/** The module files a dotted name can be, under any source root. */
function moduleFiles(dotted: string, modules: ModuleLookup): readonly number[] {
  return dotted === '' ? NONE : modules.files(dotted);
}

function importBase(file: FileRecord, level: number): string {
  let dir = dirOf(file.path);
  for (let up = 1; up < level; up++) dir = dirOf(dir);
  return dirToDotted(dir);
}

/** The chases one import record of `file` starts (`spelledBy`: the file whose words bound module attributes). */
function chasesOfImport(imp: ImportRecord, file: FileRecord, spelledBy: number, corpus: Corpus, modules: ModuleLookup): Chase[] {
  const out: Chase[] = [];
  if (imp.kind === 'import') {
    // `import a.b.c` binds `a`; `a.b.c.f()` goes through each package: all of them, and submodules the file spells.
    const parts = imp.module.split('.');
    for (let end = 1; end <= parts.length; end++) for (const f of moduleFiles(parts.slice(0, end).join('.'), modules)) out.push({ file: f, name: '', spelledBy });
    const seen = new Set<string>();
    const walk = (key: string, depth: number) => {
      if (depth > 8) return;
      for (const child of modules.children(key)) {
        if (seen.has(child) || !corpus.words.has(spelledBy, child.slice(child.lastIndexOf('.') + 1))) continue;
        seen.add(child);
        for (const f of modules.files(child)) out.push({ file: f, name: '', spelledBy });
        walk(child, depth + 1);
      }
    };
    walk(imp.module, 0);
    return out;
  }
  const module = imp.level > 0 ? [importBase(file, imp.level), imp.module].filter((p) => p !== '').join('.') : imp.module;
  for (const f of moduleFiles(module, modules)) out.push({ file: f, name: imp.name, spelledBy });
  // `from pkg import mod`: the name may be a submodule.
  if (imp.name !== '*') for (const f of moduleFiles(module === '' ? imp.name : `${module}.${imp.name}`, modules)) out.push({ file: f, name: '', spelledBy });
  return out;
}

/** What a file needed whole asks of its imports: every name it imports, followed. */
export function importChases(file: FileRecord, fileNumber: number, corpus: Corpus, modules: ModuleLookup): Chase[] {
  const out: Chase[] = [];
  for (const symbol of file.symbols) for (const imp of symbol.imports) out.push(...chasesOfImport(imp, file, fileNumber, corpus, modules));
  return out.filter((c) => c.file !== fileNumber || c.name !== '');
}

function boundName(imp: ImportRecord): string {
  if (imp.alias !== undefined) return imp.alias;
  return imp.kind === 'import' ? (imp.module.split('.')[0] ?? imp.module) : imp.name;
}

/** Names a definition's type facts refer to (bindings, returns, bases, decorators, annotations), itself and nested. */
function referencedNames(symbols: readonly PySymbol[]): Set<string> {
  const names = new Set<string>();
  const walk = (ref: RefExpr | undefined, depth: number): void => {
    if (ref === undefined || depth > 64) return;
    if (ref.t === 'name') names.add(ref.name);
    else if (ref.t === 'attr' || ref.t === 'subscript' || ref.t === 'iter') walk(ref.object, depth + 1);
    else if (ref.t === 'call') walk(ref.callee, depth + 1);
    else if (ref.t === 'elements') for (const item of ref.items) walk(item, depth + 1);
  };
  for (const s of symbols) {
    // Not what it calls: a caller's edge into this definition depends on its type facts (bases, what
    // it returns and binds, decorators), not on its own callees.
    for (const b of s.bindings) {
      walk(b.value, 0);
      if (b.annotation) for (const m of b.annotation.matchAll(/[A-Za-z_]\w*/g)) names.add(m[0]);
    }
    for (const r of s.returnValues ?? []) walk(r, 0);
    for (const y of s.yieldValues ?? []) walk(y, 0);
    for (const text of [...s.bases, ...s.decorators, s.returns ?? '', ...s.params.map((p) => p.annotation ?? '')]) for (const m of text.matchAll(/[A-Za-z_]\w*/g)) names.add(m[0]);
  }
  return names;
}

/** Follow `chase` in its (parsed) file: the imports that bind the name, and what its definition refers to. */
export function chaseIn(record: FileRecord, chase: Chase, corpus: Corpus, modules: ModuleLookup): Chase[] {
  const moduleSymbol = record.symbols.find((s) => s.kind === 'module');
  if (!moduleSymbol) return [];
  const top = record.symbols.filter((s) => s.parent === moduleSymbol.id);
  const imports = moduleSymbol.imports;
  let names: string[];
  if (chase.name === '*' || chase.name === '') {
    const all = new Set<string>([...top.map(bareNameOf), ...imports.map(boundName), ...moduleSymbol.bindings.map((b) => b.target[0] ?? '')]);
    names = [...all].filter((n) => n !== '' && (chase.name === '*' || corpus.words.has(chase.spelledBy, n)));
  } else names = [chase.name];
  const out: Chase[] = [];
  const wanted = new Set(names);
  // What the definitions and top-level assignments of those names refer to, as far as this module imports it.
  const definitions = top.filter((s) => wanted.has(bareNameOf(s)));
  const inside = record.symbols.filter((s) => definitions.some((d) => s.id === d.id || s.id.startsWith(`${d.id}.`)));
  const refs = referencedNames(inside);
  for (const b of moduleSymbol.bindings) {
    if (!wanted.has(b.target[0] ?? '')) continue;
    const one = referencedNames([{ ...moduleSymbol, calls: [], bindings: [b], returnValues: [], yieldValues: [], bases: [], decorators: [], params: [] }]);
    for (const n of one) refs.add(n);
  }
  for (const imp of imports) {
    if (imp.kind === 'from' && imp.name === '*') {
      // A star import may be where any of these names come from.
      for (const c of chasesOfImport(imp, record, chase.spelledBy, corpus, modules)) for (const n of names) out.push({ ...c, name: n });
      continue;
    }
    const bound = boundName(imp);
    if (wanted.has(bound) || refs.has(bound)) out.push(...chasesOfImport(imp, record, wanted.has(bound) ? chase.spelledBy : chase.file, corpus, modules));
  }
  return out;
}

export function bareNameOf(symbol: PySymbol): string {
  if (symbol.kind === 'module') return symbol.module.slice(symbol.module.lastIndexOf('.') + 1);
  const last = symbol.name.slice(symbol.name.lastIndexOf('.') + 1);
  const hash = last.indexOf('#');
  return hash < 0 ? last : last.slice(0, hash);
}

/**
 * What the partial index already proves about names (onDemandRounds.ts builds it each round).
 * `crowded(name)`: more project methods named `name` than the resolver's name-only fallback links to
 * (graph/resolver/heuristic.ts), counted among parsed files only, so the full index has at least as many: no
 * name-only edge by that name exists either way. `subclassNames(id)`: names of the known subclasses of a
 * class, transitively.
 */
export interface Known {
  crowded(name: string): boolean;
  subclassNames(classId: string): readonly string[];
}

const DUNDER = /^__\w+__$/;

/** Files that may call, use, subclass or import `symbol` (callers exact). */
export function callerNeeds(symbol: PySymbol, parent: PySymbol | undefined, corpus: Corpus, known: Known): Set<number> {
  const name = bareNameOf(symbol);
  const out = new Set<number>();
  if (symbol.kind === 'method' && DUNDER.test(name) && parent) {
    // `C()` runs `C.__init__`, `super().__init__()` in a subclass reaches it: the class's and its
    // subclasses' names are spelled there; `__init__` itself only by a name-only call, when not crowded.
    for (const cls of [bareNameOf(parent), ...known.subclassNames(parent.id)]) for (const f of corpus.words.uses(cls)) out.add(f);
    if (!known.crowded(name)) for (const f of corpus.words.uses(name)) out.add(f);
  } else if (symbol.kind === 'method') {
    // Outside its class body (its own file) a method is only reached as an attribute (`x.m()`,
    // `self.m`, `super().m()`, `key=obj.m`): files that spell `.m`. (A method name every plugin
    // defines, `def handle`, is spelled by many files that never read it as an attribute.)
    for (const f of corpus.words.readsAttribute(name)) out.add(f);
  } else for (const f of corpus.words.uses(name)) out.add(f);
  if (symbol.kind === 'module' && name === '__init__') {
    // `pkg/__init__.py` is the module `pkg`.
    const pkg = symbol.module.split('.').pop() ?? '';
    for (const f of corpus.words.uses(pkg)) out.add(f);
  }
  if (symbol.decorators.some((d) => /autouse/.test(d))) {
    const dir = dirOf(symbol.file);
    corpus.paths.forEach((path, i) => {
      const inside = dir === '' || path.startsWith(`${dir}/`);
      if (inside && (isTestModule(path) || isConftest(path))) out.add(i);
    });
  }
  return out;
}

/** Files that may define what `symbol` calls or uses (callees exact). */
export function calleeNeeds(symbol: PySymbol, corpus: Corpus, known: Known): Set<number> {
  const names = new Set<string>();
  const attributes = new Set<string>();
  const seen = new Set<RefExpr>();
  const walk = (ref: RefExpr | undefined, depth: number): void => {
    if (ref === undefined || depth > 64 || seen.has(ref)) return;
    seen.add(ref);
    switch (ref.t) {
      case 'name':
        names.add(ref.name);
        return;
      case 'attr':
        attributes.add(ref.attr);
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
  for (const [spelled, files] of [
    [names, (n: string) => corpus.words.defines(n)],
    // What an attribute reaches by name is a method (the name-only fallback, dispatch to overrides)
    // or a property getter: a `def`. A class it names is found through imports and class bodies,
    // which are parsed already (the chases). (Every migration file of a project may define
    // `class Migration` where one class reads `self.Migration`.)
    [attributes, (n: string) => corpus.words.definesFunction(n)],
  ] as const) {
    for (const name of spelled) {
      // A dunder called by name (`super().__init__()`) resolves through the class hierarchy (imports); by
      // name only when not crowded.
      if (DUNDER.test(name) && known.crowded(name)) continue;
      for (const f of files(name)) out.add(f);
    }
  }
  return out;
}
