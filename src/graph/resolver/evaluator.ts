// Demand-driven evaluation of names and expressions to project values.
//
// Flow-insensitive, like PyCG: a name bound several times in one scope may hold any of its bindings'
// values, so `x = A(); x = B(); x.m()` links to both `A.m` and `B.m` (the edges, not the line order,
// are what we keep). Results are memoised per (scope, name); a lookup that re-enters itself (circular
// imports, `from a import *` cycles, `x = x.next`) sees "not bound" and the cycle ends there.
// Expression chains are flattened and walked in a loop, so a 10,000-deep `a.b.c...` chain costs no
// stack; lookups that chain through other lookups (re-export through re-export) stop at MAX_DEPTH
// levels and yield "unknown", never a guess.
//
// Decision (issue 10's cost line): lookup state lives in one record per scope (ScopeInfo: its chain,
// its own-name memo, its lookup memo, its name table), and a whole LEGB lookup is memoised per
// (scope, name) unless a scope on the way was cut (re-entry or depth): half of Django's 56k lookups
// repeat a pair. Edges are unchanged, checked edge by edge with scripts/eval/callgraphEdges.ts.
//
// Calls of unannotated functions yield what their own `return` statements evaluate to; container
// literals bound to names are `elems` values whose items a subscript or a loop reads, all of them
// (resolverValues.ts). Both are evaluated lazily and memoised, so code that never reads them pays nothing.
import type { Binding, ImportRecord, PySymbol, RefExpr } from '../../model.js';
import { type ModuleRef, resolveFromModule, resolvePlainImport } from '../imports.js';
import { joinModuleId, moduleExists } from '../sourceRoots.js';
import { BUILTIN_NAMES } from './builtins.js';
import { ClassModel } from './classes.js';
import { hasDecorator } from './decorators.js';
import { moduleSymbol, type ProjectIndex } from './projectIndex.js';
import { type ScopeNames, scopeNames } from './scopeNames.js';
import { definingScope, enclosingClass, scopeChain } from './scopes.js';
import { annotationNames, dottedToRef } from './types.js';
import { EXT, OPAQUE, unionValues, type Value } from './values.js';

const MAX_DEPTH = 150;
const SEQUENCE_ANNOTATION =
  /^(?:typing\.|collections\.abc\.)?(?:List|list|Sequence|MutableSequence|Iterable|Iterator|Collection|Set|set|FrozenSet|frozenset|Deque|deque|Tuple|tuple|Generator|AsyncIterator|AsyncIterable|AsyncGenerator)\[([\s\S]+)\]$/;
const CONTEXT_VAR_ANNOTATION = /^(?:contextvars\.)?ContextVar\[([\s\S]+)\]$/;
const NOT_BOUND = undefined;

type Lookup = Value[] | typeof NOT_BOUND;
type StepNode = Extract<RefExpr, { t: 'attr' | 'call' | 'subscript' }>;
const IN_PROGRESS: unique symbol = Symbol('in progress');
const CUT: unique symbol = Symbol('cut');
const NO_BINDINGS: readonly Binding[] = [];
const NO_IMPORTS: readonly ImportRecord[] = [];
// Shared results: value lists are never mutated once returned (so no `[EXT]` is allocated per answer).
const BUILTIN: Value[] = [EXT];
const OPAQUE_LIST: Value[] = [OPAQUE];
const UNKNOWN: Value[] = [];

/** One scope's lookup state (Evaluator.info). */
interface ScopeInfo {
  scope: PySymbol;
  isModule: boolean;
  /** Few enough statements (params + bindings + imports <= 12) to scan instead of building a name table. */
  small: boolean;
  /** The definitions directly in the scope, by bare name. */
  children: Map<string, PySymbol[]> | undefined;
  chain: ScopeInfo[] | undefined;
  chainScopes: PySymbol[] | undefined;
  /** What the scope itself binds a name to (localName). */
  memo: Map<string, Lookup | typeof IN_PROGRESS> | undefined;
  /** What a lookup from the scope finds (lookupName). */
  lookups: Map<string, Value[]> | undefined;
  names: ScopeNames | undefined;
}

/** `import a.b` binds `a`: whether `module` is `name` or inside it (no `${name}.` string per test). */
function isModuleOrParent(module: string, name: string): boolean {
  return module.length === name.length ? module === name : module.length > name.length && module.charCodeAt(name.length) === 46 && module.startsWith(name);
}

export interface AttrObserver {
  onAttr(receivers: readonly Value[], name: string): void;
}

export class Evaluator {
  readonly classes: ClassModel;
  private readonly active = new Set<string>();
  private depth = 0;

  constructor(readonly index: ProjectIndex) {
    this.classes = new ClassModel(this);
  }

  /** Run `fn` under the shared depth limit and a re-entry guard on `key`. */
  guarded<T>(key: string, fallback: T, fn: () => T): T {
    if (this.active.has(key) || this.depth >= MAX_DEPTH) return fallback;
    this.active.add(key);
    this.depth++;
    try {
      return fn();
    } finally {
      this.depth--;
      this.active.delete(key);
    }
  }

  symbol(id: string | undefined): PySymbol | undefined {
    return id === undefined ? undefined : this.index.byId.get(id);
  }

  // ---- expressions -------------------------------------------------------------------------

  /**
   * Values of `ref` evaluated in `scope`, iterative over the chain. `observer` sees every attribute
   * step with the receiver's values (call-site resolution uses it to find property getters).
   * `root`: values that stand in for the chain's base name (parameter flow, resolverFlow.ts).
   */
  evalRef(scope: PySymbol, ref: RefExpr, observer?: AttrObserver, root?: readonly Value[]): Value[] {
    if (ref.t === 'name') return root ? unionValues([root, this.lookupName(scope, ref.name)]) : this.lookupName(scope, ref.name);
    // The chain's own nodes, outermost first, on one stack shared by nested evaluations (each pops
    // back to where it started): no array per evaluation, and this runs for every name read.
    const ops = this.opStack;
    const start = ops.length;
    let base: RefExpr = ref;
    while (base.t === 'attr' || base.t === 'call' || base.t === 'subscript') {
      ops.push(base);
      base = base.t === 'call' ? base.callee : base.object;
    }
    try {
      let values = root && base.t === 'name' ? unionValues([root, this.lookupName(scope, base.name)]) : this.evalBase(scope, base);
      for (let i = ops.length - 1; i >= start && values.length > 0; i--) {
        const op = ops[i]!;
        if (observer && op.t === 'attr') observer.onAttr(values, op.attr);
        if (values.length === 1) values = this.step(values[0]!, op);
        else {
          const parts: Value[][] = [];
          for (const v of values) parts.push(this.step(v, op));
          values = unionValues(parts);
        }
      }
      return values;
    } finally {
      ops.length = start;
    }
  }

  private readonly opStack: StepNode[] = [];

  private step(v: Value, op: StepNode): Value[] {
    return op.t === 'attr' ? this.member(v, op.attr) : op.t === 'call' ? this.callResult(v) : this.item(v);
  }

  private evalBase(scope: PySymbol, base: RefExpr): Value[] {
    switch (base.t) {
      case 'name':
        return this.lookupName(scope, base.name);
      case 'super': {
        const cls = enclosingClass(this.index, scope);
        return cls ? [{ k: 'super', cls: cls.id }] : [];
      }
      case 'elements':
        return [this.elemsValue(scope, base)];
      case 'iter': {
        // Unpacking nests iter in iter (`for k, (a, b) in ...`); the depth limit bounds hand-made records.
        if (this.depth >= MAX_DEPTH) return UNKNOWN;
        this.depth++;
        try {
          return unionValues(this.evalRef(scope, base.object).map((v) => this.elementOf(v, base.at, base.star)));
        } finally {
          this.depth--;
        }
      }
      default:
        return OPAQUE_LIST;
    }
  }

  // ---- containers (see resolverValues.ts: `elems`) -----------------------------------------

  private readonly elemsIds = new WeakMap<RefExpr, number>();
  private readonly elemsMemo = new Map<number, Value[]>();

  private elemsValue(scope: PySymbol, ref: Extract<RefExpr, { t: 'elements' }>): Value {
    let uid = this.elemsIds.get(ref);
    if (uid === undefined) this.elemsIds.set(ref, (uid = this.nextElemsId++));
    const v: Value = { k: 'elems', uid, scope, items: ref.items, dict: ref.dict === true };
    if (ref.positions) v.positions = ref.positions;
    if (ref.size !== undefined) v.size = ref.size;
    return v;
  }

  private nextElemsId = 0;

  /** Every item of the container: which one a key or loop picks is not known, so all are candidates. */
  private items(v: Extract<Value, { k: 'elems' }>): Value[] {
    const known = this.elemsMemo.get(v.uid);
    if (known) return known;
    let ran = false;
    const values = this.guarded(`elems\u0000${v.uid}`, UNKNOWN, () => {
      ran = true;
      return unionValues(v.items.map((r) => this.evalRef(v.scope, r)));
    });
    if (ran) this.elemsMemo.set(v.uid, values); // not when cut short by re-entry or the depth limit
    return values;
  }

  /** `v[key]`: an item of a container literal (any key), else opaque. */
  private item(v: Value): Value[] {
    return v.k === 'elems' && !v.returns ? this.items(v) : OPAQUE_LIST;
  }

  /**
   * What `for x in v` binds x to: an item of a list/tuple/set literal, of `dict.values()` or of a
   * generator's yields; a dict yields its keys (not kept); `d.items()` yields (key, value) pairs; an
   * instance runs `__iter__` then `__next__`. With `at` (unpacking), the element at that position
   * when positions are known; with `star`, the sequence of elements from `at` to `star` before the end.
   */
  private elementOf(v: Value, at?: number, star?: number): Value[] {
    switch (v.k) {
      case 'elems':
        if (v.returns === 'pairs') return [{ ...v, returns: 'pair' }];
        if (v.returns === 'pair') return at === 0 || at === -2 ? OPAQUE_LIST : this.items(v);
        if (v.returns || v.dict) return OPAQUE_LIST;
        if (at === undefined || (v.positions !== undefined && v.positions.length === 0)) return star === undefined ? this.items(v) : [v];
        return star === undefined ? this.itemAt(v, at) : [this.sliced(v, at, star)];
      case 'inst':
        return this.iterated(v);
      case 'ext':
        return BUILTIN;
      default:
        return OPAQUE_LIST;
    }
  }

  /** The element at position `at` (from the end when negative) of a container literal. */
  private itemAt(v: Extract<Value, { k: 'elems' }>, at: number): Value[] {
    const size = v.positions ? (v.size ?? v.items.length) : v.items.length;
    const pos = at >= 0 ? at : size + at;
    const k = v.positions ? v.positions.indexOf(pos) : pos;
    const item = k >= 0 ? v.items[k] : undefined;
    if (!item) return OPAQUE_LIST;
    return this.guarded(`elem\u0000${v.uid}\u0000${k}`, UNKNOWN, () => this.evalRef(v.scope, item));
  }

  private readonly sliceIds = new Map<string, number>();

  /** `first, *rest = v`: rest is a sequence of v's elements from `at` to `star` before the end. */
  private sliced(v: Extract<Value, { k: 'elems' }>, at: number, star: number): Value {
    const size = v.positions ? (v.size ?? v.items.length) : v.items.length;
    const keep = v.items.filter((_, k) => {
      const pos = v.positions ? v.positions[k]! : k;
      return pos >= at && pos < size - star;
    });
    const key = `${v.uid}:${at}:${star}`;
    let uid = this.sliceIds.get(key);
    if (uid === undefined) this.sliceIds.set(key, (uid = this.nextElemsId++));
    return { k: 'elems', uid, scope: v.scope, items: keep, dict: false };
  }

  /** `for x in obj`: what `obj.__iter__()` returns, stepped by its `__next__` (or iterated, for a generator). */
  private iterated(v: Extract<Value, { k: 'inst' }>): Value[] {
    const lookup = this.classes.classLookup(this.classes.mro.mro(v.id), '__iter__');
    if (lookup.found === 'ext') return BUILTIN;
    if (lookup.found !== 'member') return OPAQUE_LIST;
    const parts: Value[][] = [];
    for (const it of unionValues(lookup.values.map((m) => this.callResult(m)))) {
      if (it.k === 'inst') {
        const next = this.classes.classLookup(this.classes.mro.mro(it.id), '__next__');
        if (next.found === 'member') parts.push(unionValues(next.values.map((m) => this.callResult(m))));
      } else if (it.k === 'elems') parts.push(this.elementOf(it));
    }
    return unionValues(parts);
  }

  private readonly annotatedElems = new Map<string, Value>();

  /** Annotation text -> instances of the classes it names (externals stay external). */
  evalAnnotation(scope: PySymbol, text: string): Value[] {
    // `List[Item]`, `Iterable[Item]`, `tuple[Item, ...]`: a sequence of Item instances.
    // `ContextVar[Item]`: a one-slot holder whose `.get()` yields an Item (read like a dict's `.get`).
    const seq = SEQUENCE_ANNOTATION.exec(text.trim());
    const slot = seq ? undefined : CONTEXT_VAR_ANNOTATION.exec(text.trim());
    const held = seq ?? slot;
    if (held) {
      const element = annotationNames(held[1]!.split(',')[0]!)[0];
      if (element) {
        const key = `${slot ? 'slot' : 'seq'}\u0000${scope.id}\u0000${element}`;
        let v = this.annotatedElems.get(key);
        if (!v) {
          const items: RefExpr[] = [{ t: 'call', callee: dottedToRef(element) }];
          v = slot ? { k: 'elems', uid: this.nextElemsId++, scope, items, dict: true } : { k: 'elems', uid: this.nextElemsId++, scope, items, dict: false, positions: [] };
          this.annotatedElems.set(key, v);
        }
        return [v];
      }
    }
    const out: Value[][] = [];
    for (const name of annotationNames(text)) {
      out.push(this.evalRef(scope, dottedToRef(name)).flatMap((v): Value[] => {
        if (v.k === 'def' && this.symbol(v.id)?.kind === 'class') return [{ k: 'inst', id: v.id }];
        return v.k === 'ext' ? BUILTIN : [];
      }));
    }
    return unionValues(out);
  }

  // ---- names -------------------------------------------------------------------------------

  private readonly infos = new Map<PySymbol, ScopeInfo>();

  /**
   * The scope's lookup state, in one record found by one map lookup: a name lookup walks a chain of
   * these and reads each one's tables directly (Django: ~170k scope visits per resolution).
   */
  private info(scope: PySymbol): ScopeInfo {
    let info = this.infos.get(scope);
    if (!info) {
      info = {
        scope,
        isModule: scope.kind === 'module',
        small: scope.bindings.length + scope.imports.length + scope.params.length <= 12,
        children: this.index.children.get(scope.id),
        chain: undefined,
        chainScopes: undefined,
        memo: undefined,
        lookups: undefined,
        names: undefined,
      };
      this.infos.set(scope, info);
    }
    return info;
  }

  private chainInfos(info: ScopeInfo): ScopeInfo[] {
    if (!info.chain) info.chain = scopeChain(this.index, info.scope).map((s) => (s === info.scope ? info : this.info(s)));
    return info.chain;
  }

  /** The scopes a lookup from `scope` visits, innermost first (see resolverScopes.scopeChain). */
  chainOf(scope: PySymbol): PySymbol[] {
    const info = this.info(scope);
    if (!info.chainScopes) info.chainScopes = this.chainInfos(info).map((i) => i.scope);
    return info.chainScopes;
  }

  /**
   * LEGB lookup; [] means unknown, [EXT] a builtin or external name. Memoised per (scope, name) when
   * every scope on the way answered for good (no re-entry cut, no depth cut): the walk would then
   * give the same answer again, since each scope's own answer is memoised (half of Django's 56k
   * lookups repeat a pair, each walking ~3 scopes).
   */
  lookupName(scope: PySymbol, name: string): Value[] {
    const info = this.info(scope);
    const chain = this.chainInfos(info);
    if (chain.length === 1) {
      const found = this.localLookup(info, name);
      return found === CUT || found === NOT_BOUND ? (BUILTIN_NAMES.has(name) ? BUILTIN : UNKNOWN) : found;
    }
    let memo = info.lookups;
    if (memo) {
      const known = memo.get(name);
      if (known) return known;
    } else info.lookups = memo = new Map();
    let cut = false;
    let result: Value[] | undefined;
    for (let i = 0; i < chain.length; i++) {
      const found = this.localLookup(chain[i]!, name);
      if (found === CUT) cut = true;
      else if (found !== NOT_BOUND) {
        result = found;
        break;
      }
    }
    result ??= BUILTIN_NAMES.has(name) ? BUILTIN : UNKNOWN;
    if (!cut) memo.set(name, result);
    return result;
  }

  /** The scope's name table; the first call for a scope builds it. */
  names(scope: PySymbol): ScopeNames {
    return this.namesOf(this.info(scope));
  }

  private namesOf(info: ScopeInfo): ScopeNames {
    if (!info.names) info.names = scopeNames(info.scope, info.children?.keys());
    return info.names;
  }

  /** Whether the scope binds `name` itself. Small scopes are scanned; large ones get a name table. */
  private mayBind(info: ScopeInfo, name: string): boolean {
    if (!info.small) return this.namesOf(info).bound.has(name);
    const scope = info.scope;
    for (const p of scope.params) if (p.name === name) return true;
    for (const b of scope.bindings) if (b.target.length === 1 && b.target[0] === name && !b.adds) return true;
    if (info.children?.has(name)) return true;
    for (const r of scope.imports) {
      if (r.kind === 'from' ? (r.alias ?? r.name) === name : r.alias !== undefined ? r.alias === name : isModuleOrParent(r.module, name)) return true;
    }
    return false;
  }

  /** What `name` is bound to in `scope`'s own namespace, or NOT_BOUND. */
  localName(scope: PySymbol, name: string): Lookup {
    const found = this.localLookup(this.info(scope), name);
    return found === CUT ? NOT_BOUND : found;
  }

  /** localName, telling a cut (re-entry or the depth limit: "not bound" this time only) from a lasting answer. */
  private localLookup(info: ScopeInfo, name: string): Lookup | typeof CUT {
    // The hottest lookup: memoised per scope then name (no key strings); IN_PROGRESS in the memo is
    // the re-entry guard. Names a non-module scope does not bind are answered from its name table
    // without a memo entry (most lookups pass through function scopes on their way out).
    if (!info.isModule && !this.mayBind(info, name)) return NOT_BOUND;
    let memo = info.memo;
    if (!memo) info.memo = memo = new Map();
    const known = memo.get(name);
    if (known === IN_PROGRESS) return CUT;
    if (known !== undefined || memo.has(name)) return known as Lookup;
    if (this.depth >= MAX_DEPTH) return CUT;
    memo.set(name, IN_PROGRESS);
    this.depth++;
    let result: Lookup = NOT_BOUND;
    try {
      result = this.computeLocal(info, name);
    } finally {
      this.depth--;
      memo.set(name, result);
    }
    return result;
  }

  private computeLocal(info: ScopeInfo, name: string): Lookup {
    const scope = info.scope;
    const parts: Value[][] = [];
    let bound = false;
    const paramValues = this.paramValues(scope, name);
    if (paramValues) {
      bound = true;
      parts.push(paramValues);
    }
    const names = info.small ? undefined : this.namesOf(info);
    // A small scope's statements are scanned in place (no filtered copies: this runs once per name bound).
    const bindings = names ? (names.bindings.get(name) ?? NO_BINDINGS) : scope.bindings;
    const imports = names ? (names.imports.get(name) ?? NO_IMPORTS) : scope.imports;
    for (const b of bindings) {
      if (!names && (b.target.length !== 1 || b.target[0] !== name || b.adds)) continue;
      bound = true;
      parts.push(this.bindingValues(scope, b));
    }
    for (const rec of imports) {
      if (!names && rec.kind === 'from' && rec.name === '*') continue;
      const imported = this.importBinding(scope, rec, name);
      if (imported) {
        bound = true;
        parts.push(imported);
      }
    }
    const defs = info.children?.get(name);
    if (defs && defs.length > 0) {
      bound = true;
      parts.push(defs.map((d): Value => ({ k: 'def', id: d.id })));
    }
    if (!bound && scope.kind === 'module') {
      const starred = this.starLookup(scope, name);
      if (starred) return starred;
    }
    if (bound) for (const add of this.addedTo(scope, name)) parts.push(this.bindingValues(add.scope, add.binding));
    return bound ? unionValues(parts) : NOT_BOUND;
  }

  private readonly adds = new Map<PySymbol, Map<string, { scope: PySymbol; binding: Binding }[]>>();
  private addsIndexed = false;

  /**
   * `X.append(v)`, `X[k] = v`, ... anywhere in `scope`'s file, where X is the name `scope` binds:
   * each adds its values to X. Indexed once for the project: each add goes to the first scope in its
   * lookup chain that binds the name.
   */
  private addedTo(scope: PySymbol, name: string): readonly { scope: PySymbol; binding: Binding }[] {
    if (!this.addsIndexed) {
      // Every file at once: additions are rare (Django: 1,621 of 26,163 bindings), and the per-call
      // question is then one lookup keyed by the scope object.
      this.addsIndexed = true;
      for (const sym of this.index.byId.values()) {
        for (const b of sym.bindings) {
          if (!b.adds || b.target.length !== 1) continue;
          const ownerInfo = this.chainInfos(this.info(sym)).find((s) => this.mayBind(s, b.target[0]!));
          if (!ownerInfo) continue;
          const owner = ownerInfo.scope;
          let byName = this.adds.get(owner);
          if (!byName) this.adds.set(owner, (byName = new Map()));
          const list = byName.get(b.target[0]!);
          if (list) list.push({ scope: sym, binding: b });
          else byName.set(b.target[0]!, [{ scope: sym, binding: b }]);
        }
      }
    }
    return this.adds.get(scope)?.get(name) ?? [];
  }

  private paramValues(scope: PySymbol, name: string): Value[] | undefined {
    if (scope.kind !== 'function' && scope.kind !== 'method') return undefined;
    const index = scope.params.findIndex((p) => p.name === name);
    if (index < 0) return undefined;
    const param = scope.params[index]!;
    if (param.kind === 'var_positional' || param.kind === 'var_keyword') return OPAQUE_LIST;
    if (param.annotation) return this.evalAnnotation(definingScope(this.index, scope), param.annotation);
    if (index === 0 && scope.kind === 'method' && !hasDecorator(scope, 'staticmethod')) {
      const cls = this.symbol(scope.parent);
      if (cls?.kind === 'class') {
        const isClassLevel = hasDecorator(scope, 'classmethod') || ['__new__', '__init_subclass__', '__class_getitem__'].includes(scope.name.split('.').pop() ?? '');
        return [isClassLevel ? { k: 'def', id: cls.id, self: true } : { k: 'inst', id: cls.id, self: true }];
      }
    }
    return [];
  }

  bindingValues(scope: PySymbol, b: Binding): Value[] {
    const parts: Value[][] = [];
    if (b.annotation) parts.push(this.evalAnnotation(scope, b.annotation));
    if (b.value) parts.push(b.value.t === 'other' ? OPAQUE_LIST : this.evalRef(scope, b.value));
    return unionValues(parts);
  }

  private moduleRefValues(ref: ModuleRef): Value[] {
    if (ref.kind === 'module') return [{ k: 'module', id: ref.id }];
    return ref.kind === 'ext' ? BUILTIN : [];
  }

  private importBinding(scope: PySymbol, rec: ImportRecord, name: string): Value[] | undefined {
    const file = this.index.fileOf.get(scope.id);
    if (!file) return undefined;
    if (rec.kind === 'import') {
      if ((rec.alias ?? rec.module.split('.')[0]) !== name) return undefined;
      return this.moduleRefValues(resolvePlainImport(this.index.table, file.path, rec).ref);
    }
    if (rec.name === '*' || (rec.alias ?? rec.name) !== name) return undefined;
    const from = resolveFromModule(this.index.table, file.path, rec);
    if (from.kind !== 'module') return this.moduleRefValues(from);
    return this.moduleMember(from.id, rec.name, false) ?? [];
  }

  private starLookup(moduleScope: PySymbol, name: string): Lookup {
    const file = this.index.fileOf.get(moduleScope.id);
    if (!file) return NOT_BOUND;
    let external = false;
    for (const rec of this.names(moduleScope).stars) {
      if (rec.kind !== 'from') continue;
      const from = resolveFromModule(this.index.table, file.path, rec);
      if (from.kind === 'ext') external = true;
      if (from.kind !== 'module') continue;
      const found = this.moduleMember(from.id, name, true);
      if (found) return found;
    }
    // A name that may come from `from external import *` is external, not a candidate for guessing.
    return external ? BUILTIN : NOT_BOUND;
  }

  /** `module.name`: a module-level binding or definition, else a submodule. */
  moduleMember(moduleId: string, name: string, viaStar: boolean): Lookup {
    const file = this.index.table.files.get(moduleId);
    const modSym = file ? moduleSymbol(file) : undefined;
    if (modSym) {
      const visible = !viaStar || (modSym.all ? modSym.all.includes(name) : !name.startsWith('_'));
      if (visible) {
        const found = this.localName(modSym, name);
        if (found !== NOT_BOUND) return found;
      }
    }
    if (!viaStar) {
      const sub = joinModuleId(moduleId, name);
      if (moduleExists(this.index.table, sub)) return [{ k: 'module', id: sub }];
    }
    return NOT_BOUND;
  }

  // ---- attributes and calls ----------------------------------------------------------------











  member(v: Value, name: string): Value[] {
    switch (v.k) {
      case 'module':
        return this.moduleMember(v.id, name, false) ?? this.missingModuleMember(v.id);
      case 'def': {
        const s = this.symbol(v.id);
        if (s?.kind !== 'class') return BUILTIN; // attributes of function objects (cache_clear, __name__)
        const lookup = this.classes.classLookup(this.classes.mro.mro(v.id), name);
        const found = lookup.found === 'member' ? lookup.values : lookup.found === 'ext' ? BUILTIN : [];
        return v.self && (found.length === 0 || found.some((f) => f.k === 'def')) ? unionValues([found, this.classes.overrides(v.id, name)]) : found;
      }
      case 'inst': {
        const found = this.classes.instanceMemberOf(v.id, name);
        // A mixin's `self.m()` where only the classes mixing it in define m (found nothing): what
        // those subclasses' MROs find, as dispatch.
        return !v.exact && (found.length === 0 || found.some((f) => f.k === 'def')) ? unionValues([found, this.classes.overrides(v.id, name)]) : found;
      }
      case 'super':
        return unionValues(this.classes.superChains(v.cls).map((chain) => this.classes.instanceMember(chain, name)));
      case 'elems':
        // `d.get(k)`, `d.pop(k)`, `d.setdefault(k)` yield an item, `d.values()` the items, `d.items()`
        // pairs; `s.pop()`, and a generator's `__next__`/`__enter__` (`@contextmanager`), an item; any
        // other method is a builtin's.
        if (v.dict && !v.returns) {
          if (name === 'get' || name === 'pop' || name === 'setdefault') return [{ ...v, returns: 'item' }];
          if (name === 'values') return [{ ...v, returns: 'values' }];
          if (name === 'items') return [{ ...v, returns: 'items' }];
        } else if (!v.returns && (name === 'pop' || name === '__next__' || name === '__enter__')) return [{ ...v, returns: 'item' }];
        return OPAQUE_LIST;
      case 'ext':
        return BUILTIN;
      case 'opaque':
        return OPAQUE_LIST;
    }
  }

  private missingModuleMember(moduleId: string): Value[] {
    const file = this.index.table.files.get(moduleId);
    const modSym = file ? moduleSymbol(file) : undefined;
    return modSym ? (this.starLookup(modSym, '\u0000') ?? []) : [];
  }

  /** The value a call of `v` returns. */
  callResult(v: Value): Value[] {
    switch (v.k) {
      case 'def': {
        const s = this.symbol(v.id);
        if (!s) return [];
        if (s.kind === 'class') return [{ k: 'inst', id: s.id, exact: true }];
        return this.returnedBy(s);
      }
      case 'elems':
        if (v.returns === 'item') return this.items(v);
        if (v.returns === 'values') return [{ k: 'elems', uid: v.uid, scope: v.scope, items: v.items, dict: false }];
        if (v.returns === 'items') return [{ ...v, returns: 'pairs' }];
        return OPAQUE_LIST;
      case 'inst': {
        const lookup = this.classes.classLookup(this.classes.mro.mro(v.id), '__call__');
        return lookup.found === 'member' ? unionValues(lookup.values.map((m) => this.callResult(m))) : lookup.found === 'ext' ? BUILTIN : [];
      }
      case 'ext':
        return BUILTIN;
      case 'opaque':
        return OPAQUE_LIST;
      default:
        return [];
    }
  }



  /**
   * Where `super()` inside class `cls` may continue: the rest of the MRO after `cls`, for `cls`
   * itself and for every project subclass (in `class C(A, B)`, `super()` in A reaches B).
   */






  private readonly returnMemo = new Map<PySymbol, Value[]>();

  /**
   * What calling function `s` returns: its return annotation when that names something, else the
   * values of its own `return` statements (not for `async def`, whose call yields a coroutine).
   * Memoised per function; a recursive function sees its own result as unknown.
   */
  private returnedBy(s: PySymbol): Value[] {
    if (s.yieldValues) return [this.generatorValue(s)];
    if (s.returns === undefined && (!s.returnValues || s.isAsync)) return UNKNOWN; // the common case: nothing to evaluate
    const known = this.returnMemo.get(s);
    if (known) return known;
    let ran = false;
    const values = this.guarded(`ret\u0000${s.id}`, UNKNOWN, () => {
      ran = true;
      const annotated = s.returns ? this.evalAnnotation(definingScope(this.index, s), s.returns) : UNKNOWN;
      if (annotated.length > 0 || !s.returnValues || s.isAsync) return annotated;
      return unionValues(s.returnValues.map((r) => this.evalRef(s, r)));
    });
    if (ran) this.returnMemo.set(s, values); // not when cut short by re-entry or the depth limit
    return values;
  }

  private readonly generators = new Map<PySymbol, Value>();

  /** A call of a generator function: a sequence of its yield values, in no known order. */
  private generatorValue(s: PySymbol): Value {
    let v = this.generators.get(s);
    if (!v) {
      v = { k: 'elems', uid: this.nextElemsId++, scope: s, items: s.yieldValues ?? [], dict: false, positions: [] };
      this.generators.set(s, v);
    }
    return v;
  }

  /** How `name` is bound where a lookup from `scope` finds it; undefined when nothing binds it. */
  binderKind(scope: PySymbol, name: string): 'param' | 'assign' | 'import' | 'def' | undefined {
    for (const info of this.chainInfos(this.info(scope))) {
      const s = info.scope;
      if ((s.kind === 'function' || s.kind === 'method') && s.params.some((p) => p.name === name)) return 'param';
      const names = this.namesOf(info);
      if (names.bindings.has(name)) return 'assign';
      if (info.children?.has(name)) return 'def';
      if (names.imports.has(name)) return 'import';
    }
    return undefined;
  }

  /** Base expressions of a class, resolved in the scope that defines the class. */


}
