// What test frameworks and Python run with no call edge to show it (pure): the edges the most-likely
// test tier (affectedTests.ts) follows besides resolved calls and fixtures. Each one says "running
// `from` runs `to`", and each counts as one hop, like the call it stands for.
//
// Rules, each kept to what is very likely real:
// - Handed callables: test code (any file of the suite) that uses a project function as a value
//   (`runner.invoke(cli)`, `TestClient(asgi_app)`, `parametrize("fn", [f, g])`) runs it: a test hands
//   a callable to a driver so that the driver calls it.
// - Handed classes: test code that hands over a project class without calling it
//   (`fixture(params=(Serializer, partial(Serializer, …)))`, `parametrize("cls", [A, B])`) runs its
//   `__init__` (its own or the nearest project base's): a class handed in is handed in to be built.
// - Factory hand-outs: test code that calls a project factory reaches the callables the factory
//   hands out (uses as values: `App(routes=[Route("/", upload)])`): the test builds the object to drive
//   it, and driving an app or a command dispatches to what was registered on it.
// - Module objects: test code that uses a name imported from a project module where it is a variable
//   (`from app.main import app`, then `TestClient(app)`) reaches what the module's statements that
//   build and configure that name hand out, and the functions registered on it by decorator
//   (`@app.route(...)`); nothing else the module holds (a dict of unrelated hooks stays out).
// - Registration: a function decorated `@cli.command()` or `@app.route(...)`, where `cli`/`app` is a
//   function or class of the same module, is run by whoever runs that symbol (a group dispatches to
//   its commands).
// - Callable objects: test code that builds an instance of a project class defining `__call__` (its
//   own or a project base's: a WSGI or ASGI app, a middleware, a command) runs that `__call__`: an
//   object that is called is built in a test to be called, by the test or by a client outside the
//   project (`app.test_client().get("/")` calls the app through Werkzeug).
// - Fixture objects (`fixtureObjectReach`): a test that calls `p.m(…)` on a parameter naming a
//   fixture runs `m` of the project classes that fixture builds or hands over, or the fixtures it asks
//   for (`signer.unsign(…)`, the `signer` fixture built from `partial(TimestampSigner, …)`): the
//   value a fixture hands a test is what the test drives, and no call edge types it.
// - Hooks of an outside base: code that builds an instance of a project class with a base from
//   outside the project runs the class's public methods that no project code calls (`class
//   EscapeFormatter(string.Formatter)` overrides `format_field`, which `Formatter.vformat` calls):
//   such a method exists to be called back by the base.
// - Class definition: the statement `class C(Base, metaclass=M)` runs M's `__prepare__`, `__new__` and
//   `__init__` and every project base's `__init_subclass__` (metaclasses and hooks inherited through
//   project bases included): the scope that defines C (a test, a module) runs them.
// - Import: a test module runs the top-level code of each project module it imports from (the module
//   that defines an imported name, or the module imported), so its tests reach that code. Only direct
//   imports: every module reaches most of its package through further imports, which is what the
//   import-based must-run tier (mustRunTests.ts) stands for; this tier stays precise. A change to the
//   top-level code itself does not take this edge (affectedTests.ts): what it calls does.
// `lines` are call-site lines in `from`'s file where known; a test module or class that runs
// something at a decorator line runs it for the test under that decorator only (affectedTests.ts).
import type { Edge, PySymbol, RefExpr } from '../model.js';
import { isTestModule, isTestPath } from '../python/testFiles.js';
import { pushTo } from '../shared/arrays.js';
import type { FixtureSetup } from './pytestFixtures.js';
import type { TestItem } from './testItems.js';

export interface Reach {
  /** The symbol whose running runs the target. */
  id: string;
  lines?: readonly number[];
}

/** An import statement (a parenthesised name list included): naming a variable there is no use of it. */
const IMPORT = /^[ \t]*(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+(?:\([^)]*\)|.*)$/gm;
const DEFINITION_HOOKS = ['__prepare__', '__new__', '__init__'];

/** target id -> the symbols that run it by framework convention. */
export function frameworkReach(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[]): Map<string, Reach[]> {
  const out = new Map<string, Reach[]>();
  const add = (to: string, from: string, lines?: readonly number[]): void => {
    if (to !== from && symbols.has(to)) pushTo(out, to, lines === undefined ? { id: from } : { id: from, lines });
  };
  const handsOut = new Map<string, string[]>();
  const references = new Map<string, Edge[]>();
  const calls: Edge[] = [];
  const bases = new Map<string, string[]>();
  const importsOf = new Map<string, string[]>();
  for (const e of edges) {
    if (e.resolution !== 'resolved') continue;
    if (e.kind === 'references') {
      pushTo(handsOut, e.from, e.to);
      pushTo(references, e.from, e);
    } else if (e.kind === 'calls') calls.push(e);
    else if (e.kind === 'inherits') pushTo(bases, e.from, e.to);
    else if (e.kind === 'imports') pushTo(importsOf, e.from, e.to);
  }
  const children = new Map<string, PySymbol[]>();
  for (const s of symbols.values()) if (s.parent !== undefined) pushTo(children, s.parent, s);
  const inFile = (module: PySymbol): PySymbol[] => {
    const all: PySymbol[] = [];
    for (let at = [module]; at.length > 0; ) {
      all.push(...at);
      at = at.flatMap((s) => children.get(s.id) ?? []);
    }
    return all;
  };
  const testSide = (id: string): boolean => {
    const file = symbols.get(id)?.file;
    return file !== undefined && isTestPath(file);
  };

  // Handed callables.
  for (const e of edges) {
    if (e.kind === 'references' && e.resolution === 'resolved' && testSide(e.from)) add(e.to, e.from, e.lines);
  }
  // Handed classes (a class used as a value makes no references edge).
  for (const x of symbols.values()) {
    if ((x.kind !== 'function' && x.kind !== 'method') || !isTestPath(x.file)) continue;
    for (const name of classNamesHanded(x)) {
      const cls = classNamed(name, x.module, symbols, importsOf);
      const init = cls === undefined ? undefined : [cls, ...ancestorsOf(cls, bases)].map((c) => `${c}.__init__`).find((id) => symbols.has(id));
      if (init !== undefined) add(init, x.id);
    }
  }
  // Callable objects, and hooks of an outside base.
  const called = new Set(calls.map((e) => e.to));
  const hooksOf = new Map<string, string[]>();
  for (const e of calls) {
    // A constructor call has an edge to the class (and one to its `__init__`).
    const cls = symbols.get(e.to);
    if (cls?.kind !== 'class' || testSide(cls.id)) continue;
    // Callable objects.
    if (testSide(e.from)) {
      const call = [cls.id, ...ancestorsOf(cls.id, bases)].map((c) => `${c}.__call__`).find((id) => symbols.has(id));
      if (call !== undefined) add(call, e.from, e.lines);
    }
    if (!hooksOf.has(cls.id)) hooksOf.set(cls.id, outsideBaseHooks(cls, children.get(cls.id) ?? [], bases, called));
    for (const hook of hooksOf.get(cls.id)!) add(hook, e.from, e.lines);
  }
  // Factory hand-outs.
  for (const e of calls) {
    if (!testSide(e.from) || testSide(e.to)) continue;
    for (const h of handsOut.get(e.to) ?? []) add(h, e.from, e.lines);
  }
  // Registration, and module objects.
  const registered = new Map<string, string[]>(); // `${module}:${name}` -> functions decorated `@name.…`
  for (const s of symbols.values()) {
    if (s.kind !== 'function' || s.parent !== s.module) continue;
    for (const d of s.decorators) {
      const on = /^(\w+)\.\w+/.exec(d.trim())?.[1];
      if (on === undefined) continue;
      const owner = symbols.get(`${s.module}.${on}`);
      if (owner && owner.kind !== 'module') add(s.id, owner.id);
      else pushTo(registered, `${s.module}:${on}`, s.id);
    }
  }
  for (const s of symbols.values()) {
    if (s.kind !== 'module' || !isTestPath(s.file)) continue;
    const users = inFile(s).filter((u) => u.kind !== 'class');
    for (const { module, name } of importedVariables(s, symbols)) {
      const handed = objectHandOuts(symbols.get(module)!, name, children.get(module) ?? [], references.get(module) ?? [], registered);
      if (handed.length === 0) continue;
      const word = new RegExp(`(?<![\\w.])${name}\\b`);
      for (const user of users) {
        // A module's `full` is its top-level code: its definitions are left out.
        const text = user.full.replace(IMPORT, '');
        if (word.test(text)) for (const h of handed) add(h, user.id);
      }
    }
  }
  // Class definition.
  for (const c of symbols.values()) {
    if (c.kind !== 'class' || c.parent === undefined) continue;
    for (const hook of definitionHooks(c, symbols, bases, importsOf)) add(hook, c.parent);
  }
  // Import.
  for (const s of symbols.values()) {
    if (s.kind !== 'module' || !isTestModule(s.file)) continue;
    const modules = new Set<string>();
    for (const to of importsOf.get(s.id) ?? []) {
      const target = symbols.get(to);
      if (target) modules.add(target.kind === 'module' ? target.id : target.module);
    }
    for (const m of modules) if (symbols.get(m)?.kind === 'module' && !isTestPath(symbols.get(m)!.file)) add(m, s.id);
  }
  return out;
}

/**
 * Fixture objects: method id -> the tests that call it on a fixture's value. A test that calls
 * `p.m(…)` on a parameter `p` naming a fixture runs `m` of each project class that fixture (or one it
 * asks for, as resolved from the test) builds or hands over (`Signer(…)`, `partial(TimestampSigner, …)`):
 * the nearest definition in the class and its project bases, each of its `@overload` variants.
 */
export function fixtureObjectReach(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[], setups: readonly FixtureSetup[]): Map<string, TestItem[]> {
  const out = new Map<string, TestItem[]>();
  const built = new Map<string, string[]>();
  const bases = new Map<string, string[]>();
  const importsOf = new Map<string, string[]>();
  for (const e of edges) {
    if (e.resolution !== 'resolved') continue;
    if (e.kind === 'calls' && symbols.get(e.to)?.kind === 'class') pushTo(built, e.from, e.to);
    else if (e.kind === 'inherits') pushTo(bases, e.from, e.to);
    else if (e.kind === 'imports') pushTo(importsOf, e.from, e.to);
  }
  const given = new Map<string, string[]>();
  const classesOf = (fixture: string): string[] => {
    let list = given.get(fixture);
    if (!list) {
      const sym = symbols.get(fixture);
      const handed = sym === undefined ? [] : classNamesHanded(sym).flatMap((name) => classNamed(name, sym.module, symbols, importsOf) ?? []);
      given.set(fixture, (list = [...new Set([...(built.get(fixture) ?? []), ...handed])].filter((c) => !isTestPath(symbols.get(c)!.file))));
    }
    return list;
  };
  for (const { item, params } of setups) {
    const targets = new Set<string>();
    for (const c of item.sym.calls) {
      if (c.callee.t !== 'attr' || c.callee.object.t !== 'name') continue;
      const fixtures = params.get(c.callee.object.name);
      if (fixtures === undefined) continue;
      const method = c.callee.attr;
      for (const cls of fixtures.flatMap(classesOf)) {
        const owner = [cls, ...ancestorsOf(cls, bases)].find((k) => symbols.get(`${k}.${method}`)?.kind === 'method');
        if (owner === undefined) continue;
        const id = `${owner}.${method}`;
        targets.add(id);
        for (let k = 2; symbols.has(`${id}#${k}`); k++) targets.add(`${id}#${k}`);
      }
    }
    for (const id of targets) pushTo(out, id, item);
  }
  return out;
}

/**
 * What module-level variable `name` of `module` hands out: the callables used as values in the
 * statements that build it (`app = App(routes=[Route("/", upload)])`), in those that call it
 * (`app.add_route("/", upload)`), and, one name further, in the module-level values those statements
 * name (`routes = [...]`, then `App(routes=routes)`); plus the functions registered on any of these
 * names by decorator (`@app.route("/")`). A statement runs from its line to the next top-level one.
 */
function objectHandOuts(
  module: PySymbol,
  name: string,
  children: readonly PySymbol[],
  references: readonly Edge[],
  registered: ReadonlyMap<string, readonly string[]>,
): string[] {
  const starts = new Set<number>([...module.bindings.map((b) => b.line), ...module.imports.map((i) => i.line), ...children.map((c) => c.startLine), module.endLine + 1]);
  const bounds = [...starts].sort((a, b) => a - b);
  const targets = new Set(module.bindings.filter((b) => b.target.length === 1).map((b) => b.target[0]!));
  const lines = new Set<number>();
  const names = new Set([name]);
  const queue = [name];
  while (queue.length > 0) {
    const v = queue.shift()!;
    const at = [...module.bindings.filter((b) => b.target.length === 1 && b.target[0] === v).map((b) => b.line), ...module.calls.filter((c) => c.callee.t === 'attr' && rootName(c.callee) === v).map((c) => c.line)];
    for (const start of at) {
      const end = bounds.find((b) => b > start) ?? start + 1;
      for (let line = start; line < end; line++) lines.add(line);
    }
    const values = [
      ...module.bindings.filter((b) => lines.has(b.line) && b.value !== undefined).map((b) => b.value!),
      ...module.calls.filter((c) => lines.has(c.line)).flatMap((c) => [...(c.args ?? []), ...(c.keywords ?? []).map((k) => k.value)]),
    ];
    for (const other of values.flatMap(namesIn)) {
      if (targets.has(other) && !names.has(other)) {
        names.add(other);
        queue.push(other);
      }
    }
  }
  const out = references.filter((e) => (e.lines ?? []).some((l) => lines.has(l))).map((e) => e.to);
  for (const v of names) out.push(...(registered.get(`${module.id}:${v}`) ?? []));
  return out;
}


/** The plain names a value reads: `routes`, `[Route("/", h), *extra]`, `make(cfg).app`. */
function namesIn(e: RefExpr): string[] {
  if (e.t === 'name') return [e.name];
  if (e.t === 'elements') return e.items.flatMap(namesIn);
  const root = rootName(e);
  return root === undefined ? [] : [root];
}

/** The name an attribute chain or call starts from: `app.router.add` -> `app`. */
function rootName(e: RefExpr): string | undefined {
  if (e.t === 'name') return e.name;
  if (e.t === 'attr' || e.t === 'subscript') return rootName(e.object);
  if (e.t === 'call') return rootName(e.callee);
  return undefined;
}

/** Names a module imports from project modules where they name no definition (module-level variables). */
function importedVariables(module: PySymbol, symbols: ReadonlyMap<string, PySymbol>): { module: string; name: string }[] {
  const out: { module: string; name: string }[] = [];
  const pkg = module.file.endsWith('__init__.py') ? module.module.split('.') : module.module.split('.').slice(0, -1);
  for (const rec of module.imports) {
    if (rec.kind !== 'from' || rec.name === '*') continue;
    const base = rec.level === 0 ? [] : pkg.slice(0, pkg.length - (rec.level - 1));
    const from = [...base, ...(rec.module === '' ? [] : rec.module.split('.'))].join('.');
    if (symbols.get(from)?.kind !== 'module' || symbols.has(`${from}.${rec.name}`)) continue;
    out.push({ module: from, name: rec.alias ?? rec.name });
  }
  return out;
}

/**
 * Capitalised names a function hands over without calling them: in its decorators
 * (`fixture(params=(Serializer, partial(Serializer, …)))`, `parametrize("cls", [A, B])`) and as
 * arguments of its calls (`partial(Serializer, …)`, `CliRunner().invoke(Tool)`).
 */
function classNamesHanded(x: PySymbol): string[] {
  const names = new Set<string>();
  for (const d of x.decorators) for (const m of d.matchAll(/(?<![\w.])([A-Z]\w*)\b(?!\s*[(.=])/g)) names.add(m[1]!);
  for (const c of x.calls) for (const a of [...(c.args ?? []), ...(c.keywords ?? []).map((k) => k.value)]) if (a.t === 'name' && /^[A-Z]/.test(a.name)) names.add(a.name);
  return [...names];
}

/** The project class `name` means in `module`: one defined there, or one the module imports. */
function classNamed(name: string, module: string, symbols: ReadonlyMap<string, PySymbol>, importsOf: ReadonlyMap<string, string[]>): string | undefined {
  if (symbols.get(`${module}.${name}`)?.kind === 'class') return `${module}.${name}`;
  return (importsOf.get(module) ?? []).find((id) => id.endsWith(`.${name}`) && symbols.get(id)?.kind === 'class');
}

/** Bases that name no class at all: `object`, typing's generics and protocols, ABCs. */
const NOT_A_CALLER = /^(?:object|(?:typing\.|typing_extensions\.)?(?:Generic|Protocol|NamedTuple|TypedDict)(?:\[.*\])?|(?:abc\.)?ABC|metaclass\s*=.*|\w+\s*=.*)$/;

/**
 * The public methods of `cls` that an outside base may call back: none unless one of its bases is
 * from outside the project (a written base that is no project class); then its own public methods
 * that no project code calls.
 */
function outsideBaseHooks(cls: PySymbol, members: readonly PySymbol[], bases: ReadonlyMap<string, string[]>, called: ReadonlySet<string>): string[] {
  const written = cls.bases.map((b) => b.trim()).filter((b) => b !== '' && !NOT_A_CALLER.test(b));
  if (written.length <= (bases.get(cls.id) ?? []).length) return [];
  return members.filter((m) => m.kind === 'method' && !m.name.slice(m.name.lastIndexOf('.') + 1).startsWith('_') && !called.has(m.id)).map((m) => m.id);
}

/** A class's project bases, nearest first, each once. */
function ancestorsOf(id: string, bases: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  const queue = [...(bases.get(id) ?? [])];
  for (let at = 0; at < queue.length; at++) {
    const base = queue[at]!;
    if (base === id || out.includes(base)) continue;
    out.push(base);
    queue.push(...(bases.get(base) ?? []));
  }
  return out;
}

/**
 * What defining class `c` runs: its metaclass's (declared on it or on a project base) `__prepare__`,
 * `__new__` and `__init__`, and its project bases' `__init_subclass__`, each from the nearest class
 * in the base chain that defines it.
 */
function definitionHooks(
  c: PySymbol,
  symbols: ReadonlyMap<string, PySymbol>,
  bases: ReadonlyMap<string, string[]>,
  importsOf: ReadonlyMap<string, string[]>,
): string[] {
  const ancestors = ancestorsOf(c.id, bases);
  const hooks: string[] = [];
  const subclassHook = ancestors.map((a) => `${a}.__init_subclass__`).find((id) => symbols.has(id));
  if (subclassHook !== undefined) hooks.push(subclassHook);
  const meta = [c.id, ...ancestors].map((id) => metaclassOf(symbols.get(id), symbols, importsOf)).find((m) => m !== undefined);
  if (meta !== undefined) {
    const chain = [meta, ...(bases.get(meta) ?? [])];
    for (const name of DEFINITION_HOOKS) {
      const hook = chain.map((m) => `${m}.${name}`).find((id) => symbols.has(id));
      if (hook !== undefined) hooks.push(hook);
    }
  }
  return hooks;
}

/** The project class a class header names as `metaclass=`, by its name in the class's module. */
function metaclassOf(cls: PySymbol | undefined, symbols: ReadonlyMap<string, PySymbol>, importsOf: ReadonlyMap<string, string[]>): string | undefined {
  if (cls?.kind !== 'class') return undefined;
  const header = /\bclass\s+\w+\s*\(([^)]*)\)\s*:/.exec(cls.full)?.[1];
  const name = header === undefined ? undefined : /\bmetaclass\s*=\s*(?:[\w.]*\.)?(\w+)/.exec(header)?.[1];
  if (name === undefined) return undefined;
  return classNamed(name, cls.module, symbols, importsOf);
}
