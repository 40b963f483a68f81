// How a call site reaches the callable it is bound against (pure): which calls on a line call it,
// which parameters the call fills (`self`/`cls` bound or not), whether it names its target or reaches
// it through another name, and whether it goes through the caller's own receiver (dispatch). A site
// that advances a generator (`next(g)`, `g.send(v)`) reaches the generator function's body but binds
// none of its parameters (graph/resolver/generators.ts).
import { bindingOf } from '../diff/signatureDiff.js';
import { resumesInForm } from '../graph/resolver/generators.js';
import type { CallSite, PySymbol, RefExpr } from '../model.js';

const PRESERVING = /^(?:(?:abc\.)?abstractmethod|(?:typing\.|typing_extensions\.)?(?:overload|override|final|no_type_check)|(?:functools\.)?(?:cache|lru_cache|cached_property|wraps|total_ordering)|(?:contextlib\.)?(?:asynccontextmanager|contextmanager)|staticmethod|classmethod|property|[\w.]*\.(?:setter|getter|deleter))$/;
export const CONSTRUCTORS = new Set(['__init__', '__new__']);

export function shortName(sym: PySymbol): string {
  const last = sym.name.split('.').pop() ?? sym.name;
  return last.replace(/#\d+$/, '');
}

export function rewritingDecorator(sym: PySymbol): string | undefined {
  return sym.decorators.map((d) => d.replace(/\(.*$/s, '').trim()).find((d) => !PRESERVING.test(d));
}

export function lastName(ref: RefExpr): string | undefined {
  return ref.t === 'name' ? ref.name : ref.t === 'attr' ? ref.attr : undefined;
}

function chainLast(ref: RefExpr): string | undefined {
  return ref.t === 'name' ? ref.name : ref.t === 'attr' ? ref.attr : undefined;
}

/**
 * Class names: every project class's short name; per file the bare names that can mean a class there,
 * and the names its imports bind (a chain `mod.Base` names a class only through one of those). A file's
 * names are read off its symbols when first asked for: a review asks about its callers' files only,
 * and a symbol's imports may be decoded on first use (cache/lazyFacts.ts).
 */
export interface ClassNames {
  all: ReadonlySet<string>;
  /** The bare names that can mean a project class in `file` ('*' when it star-imports). */
  visibleIn(file: string): ReadonlySet<string>;
  /** The names the imports of `file` bind. */
  importedIn(file: string): ReadonlySet<string>;
  /** The names `from m import f as g` binds in `file` to another name: g -> f. */
  aliases(file: string): ReadonlyMap<string, string>;
}

interface FileNames {
  visible: Set<string>;
  imported: Set<string>;
  aliases: Map<string, string>;
}

export function classNamesOf(symbols: Iterable<PySymbol>): ClassNames {
  const all = new Set<string>();
  const byFile = new Map<string, PySymbol[]>();
  for (const s of symbols) {
    if (s.kind === 'class') all.add(shortName(s));
    let list = byFile.get(s.file);
    if (!list) byFile.set(s.file, (list = []));
    list.push(s);
  }
  const known = new Map<string, FileNames>();
  const namesIn = (file: string): FileNames => {
    let names = known.get(file);
    if (names) return names;
    names = { visible: new Set(), imported: new Set(), aliases: new Map() };
    for (const s of byFile.get(file) ?? []) {
      if (s.kind === 'class') names.visible.add(shortName(s));
      for (const imp of s.imports) {
        if (imp.kind === 'from' && imp.alias !== undefined && imp.alias !== imp.name) names.aliases.set(imp.alias, imp.name);
        // A star import may bring any class: the file then counts every project class name ('*').
        if (imp.kind === 'from' && (all.has(imp.name) || imp.name === '*')) names.visible.add(imp.alias ?? imp.name);
        names.imported.add(imp.alias ?? (imp.kind === 'from' ? imp.name : imp.module.split('.')[0]!));
      }
    }
    known.set(file, names);
    return names;
  };
  return { all, visibleIn: (file) => namesIn(file).visible, importedIn: (file) => namesIn(file).imported, aliases: (file) => namesIn(file).aliases };
}

/**
 * Whether the bare name `object`, read in `caller`, is a class (so a method called on it binds nothing):
 * a parameter is one only when annotated `type[...]`, a name the caller assigns a call's result to never
 * is; any other name only when the caller's file defines or imports a class of that name (or
 * star-imports and a project class has it). Otherwise `config.getini(...)` inside
 * `pytest_configure(config: Config)` reads as a call on a test's local `class config:` in another
 * file, and every such call as "likely broken" while it binds.
 */
function namesClass(caller: PySymbol, object: string, classes: ClassNames): boolean {
  if (object === 'cls') return true;
  const held = heldBy(caller, object);
  if (held !== undefined) return held === 'class';
  const visible = classes.visibleIn(caller.file);
  return visible.has(object) || (visible.has('*') && classes.all.has(object));
}

/** What `caller` holds under `name`: a parameter (a class only when annotated `type[...]`), a call's result, or unknown. */
function heldBy(caller: PySymbol, name: string): 'class' | 'value' | undefined {
  const param = caller.params.find((p) => p.name === name);
  if (param) return /^(?:typing\.)?[Tt]ype\[/.test(param.annotation ?? '') ? 'class' : 'value';
  return caller.bindings.some((b) => b.target.length === 1 && b.target[0] === name && b.value?.t === 'call') ? 'value' : undefined;
}

/** The name an attribute chain starts from (`a` of `a.b.c`); undefined when it starts from a call or other. */
function attributeRoot(ref: RefExpr): string | undefined {
  return ref.t === 'name' ? ref.name : ref.t === 'attr' ? attributeRoot(ref.object) : undefined;
}

/** The parameters a call of `target` through `site` (in `caller`) fills, or 'unknown' (a bare name bound to a method). */
export function boundParams(target: PySymbol, site: CallSite, caller: PySymbol, classes: ClassNames): PySymbol['params'] | 'unknown' {
  const params = target.params;
  const dropFirst = (): PySymbol['params'] => (params[0] && (params[0].kind === 'regular' || params[0].kind === 'positional_only') ? params.slice(1) : params);
  if (target.kind !== 'method') return params;
  const binding = bindingOf(target.decorators);
  if (binding === 'staticmethod') return params;
  if (binding === 'classmethod') return dropFirst();
  const name = shortName(target);
  const last = lastName(site.callee);
  if ((name === '__init__' || name === '__new__' || name === '__call__') && last !== name) return dropFirst(); // C(...), obj(...)
  const callee = site.callee;
  if (callee.t !== 'attr') return callee.t === 'name' ? 'unknown' : dropFirst();
  const object = callee.object;
  if (object.t === 'super') return dropFirst();
  if (object.t === 'name' && object.name === 'self') return dropFirst();
  // `Base.method(self, ...)`, `cls.method(obj)`, `mod.Base.method(obj)`: called on a class, nothing is bound.
  if (object.t === 'name') return namesClass(caller, object.name, classes) ? params : dropFirst();
  // An attribute chain names a class through an imported module or a class (`mod.Base`, `Outer.Inner`), not
  // through a value (`self.config`, `item.config` of an enclosing function's parameter).
  const root = attributeRoot(object);
  if (root === undefined || heldBy(caller, root) === 'value') return dropFirst();
  if (!classes.importedIn(caller.file).has(root) && !namesClass(caller, root, classes)) return dropFirst();
  const objectName = chainLast(object);
  return objectName !== undefined && classes.all.has(objectName) ? params : dropFirst();
}

/** The call sites on `line` of `caller` that call `target` (by name, or the only call there). */
export function sitesOn(caller: PySymbol, line: number, target: PySymbol): CallSite[] | 'ambiguous' {
  const direct = caller.calls.filter((c) => c.line === line && c.via === 'call');
  const decorators = caller.calls.filter((c) => c.line === line && c.via === 'decorator');
  // A factory decorator's own call (`@attrs(slots=True)`) calls the factory with those arguments.
  const factories = decorators.flatMap((c): CallSite[] => (c.callee.t === 'call' ? [{ ...c, callee: c.callee.callee, via: 'call' }] : []));
  const onLine = [...direct, ...factories];
  // A decorator's call counts as a call there: `@mark.parametrize("s", list(S))` is not only `list(S)`
  // (otherwise `list(Scope)` is bound against the decorator's `__call__`: "missing `argvalues`").
  const calls = direct.length + decorators.length;
  if (onLine.length === 0) return [];
  const name = shortName(target);
  const owner = target.kind === 'method' ? target.name.split('.').slice(-2, -1)[0] : undefined;
  const matching = onLine.filter((c) => {
    const last = lastName(c.callee);
    if (last === name) return true;
    if (name === '__init__' || name === '__new__') return last === owner || last === undefined || last === 'cls' || last === '__class__';
    return false;
  });
  if (matching.length > 0 || bindingOf(target.decorators) === 'property') return matching;
  // `next(g)`, `g.send(v)` on a generator `target` made: its body resumes there, nothing is bound.
  if (target.yieldValues !== undefined && onLine.some(resumesInForm)) return [];
  // Passed, not called: `sorted(pairs, key=_safe_tuple)` (`sorted`'s `key=` is not bound against it; passedTo).
  if (onLine.some((c) => passes(c, name))) return [];
  return onLine.length === 1 && calls === 1 ? onLine : 'ambiguous';
}

/**
 * Whether `line` of `caller` reaches the generator function `target` only by advancing a generator
 * (graph/resolver/generators.ts): no call there names it, and one resumes (`next(g)`, `g.send(v)`).
 */
export function resumesOnly(caller: PySymbol, line: number, target: PySymbol): boolean {
  if (target.yieldValues === undefined) return false;
  const onLine = caller.calls.filter((c) => c.line === line && c.via === 'call');
  const name = shortName(target);
  return onLine.some(resumesInForm) && !onLine.some((c) => lastName(c.callee) === name);
}

function passes(site: CallSite, name: string): boolean {
  return [...(site.args ?? []), ...(site.keywords ?? []).map((k) => k.value)].some((a) => lastName(a) === name);
}

/**
 * The callee of the call on `line` that takes `target` as an argument (`map(work, xs)`,
 * `Thread(target=work)`): the function is called there with arguments nobody wrote at that line, so
 * such a site can be checked, not bound. Undefined when no call on the line passes it.
 */
export function passedTo(caller: PySymbol, line: number, target: PySymbol): string | undefined {
  const name = shortName(target);
  for (const c of caller.calls) {
    if (c.line !== line || c.via !== 'call' || !passes(c, name)) continue;
    return lastName(c.callee) ?? 'a call';
  }
  return undefined;
}

/**
 * The name a call reaches `target` through when it is not the target's own (`opener()` of
 * `opener = streams.get(name)`, `self._add = self._add_safe`, `HANDLERS[k]()`): such a name may hold
 * another callable at run time, so a call that does not bind there is worth a look, not a failed
 * gate. A constructor called by its class's name (or a project subclass's, `cls`, `type(self)`) and
 * an instance called through `__call__` are direct.
 */
export function indirectName(site: CallSite, target: PySymbol, caller: PySymbol, classes: ClassNames): string | undefined {
  const written = lastName(site.callee);
  // `from m import f as g; g()` names `f`.
  const last = written !== undefined && site.callee.t === 'name' ? (classes.aliases(caller.file).get(written) ?? written) : written;
  const name = shortName(target);
  if (last === name || name === '__call__') return undefined;
  if (CONSTRUCTORS.has(name) && (last === undefined || last === 'cls' || last === '__class__' || classes.all.has(last))) return undefined;
  return written ?? refText(site.callee, 0) ?? 'an expression';
}

/** `HANDLERS[...]`, `HANDLERS.get(...)`, `self.table[...]`: a callee chain as a reader recognises it (keys and arguments are not kept). */
function refText(ref: RefExpr, depth: number): string | undefined {
  if (depth > 8) return undefined;
  switch (ref.t) {
    case 'name':
      return ref.name;
    case 'attr': {
      const object = refText(ref.object, depth + 1);
      return object === undefined ? undefined : `${object}.${ref.attr}`;
    }
    case 'call': {
      const callee = refText(ref.callee, depth + 1);
      return callee === undefined ? undefined : `${callee}(...)`;
    }
    case 'subscript': {
      const object = refText(ref.object, depth + 1);
      return object === undefined ? undefined : `${object}[...]`;
    }
    case 'super':
      return 'super()';
    default:
      return undefined;
  }
}

/**
 * Whether `site` calls through the caller's own receiver (`self.m()`, `cls.m()`, `super().m()`,
 * `cls(...)`, `self.__class__(...)`, `type(self)(...)`): only such a call runs a subclass's definition
 * by dispatch. A call that names its target (`Parser(...)`, `mod.f()`, `obj.m()` on a typed value)
 * reaches it whatever `self` is.
 */
export function throughReceiver(site: CallSite, caller: PySymbol): boolean {
  const receiver = caller.params[0]?.name;
  const isReceiver = (ref: RefExpr): boolean =>
    (ref.t === 'name' && (ref.name === 'self' || ref.name === 'cls' || ref.name === receiver)) ||
    ref.t === 'super' ||
    (ref.t === 'attr' && ref.attr === '__class__' && isReceiver(ref.object)) ||
    (ref.t === 'call' && ref.callee.t === 'name' && ref.callee.name === 'type');
  const callee = site.callee;
  return isReceiver(callee) || (callee.t === 'attr' && isReceiver(callee.object));
}

const PARTIALS = new Set(['partial', 'partialmethod']);

/**
 * Whether the name `site` calls is bound, in `scopes` (the caller first), to `functools.partial(...)`:
 * the partial holds arguments of its own, which a call of it adds to those written at the site.
 */
export function callsPartial(site: CallSite, scopes: readonly PySymbol[]): boolean {
  const callee = site.callee;
  if (callee.t !== 'name') return false;
  for (const scope of scopes) {
    const bindings = scope.bindings.filter((b) => b.target.length === 1 && b.target[0] === callee.name);
    if (bindings.length === 0) continue;
    return bindings.some((b) => scope.calls.some((c) => c.line === b.line && c.via === 'call' && PARTIALS.has(lastName(c.callee) ?? '')));
  }
  return false;
}
