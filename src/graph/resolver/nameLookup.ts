// Name lookup in scopes (LEGB): what a scope binds a name to, and what a lookup from a scope finds.
//
// Flow-insensitive, like PyCG: a name bound several times in one scope may hold any of its bindings'
// values. A lookup that re-enters itself (circular imports, `from a import *` cycles, `x = x.next`)
// sees "not bound" and the cycle ends there; lookups that chain through other lookups (re-export
// through re-export) stop at MAX_DEPTH levels and yield "unknown", never a guess.
//
// Lookup state lives in one record per scope (ScopeInfo: its chain, its own-name memo, its lookup
// memo, its name table), so a lookup walks a chain of records found by one map lookup each, and a
// whole lookup is memoised per (scope, name) unless a scope on the way was cut (re-entry or depth):
// lookups repeat the same pairs often, and each walks several scopes.
import type { Binding, ImportRecord, PySymbol, RefExpr } from '../../model.js';
import { BUILTIN_NAMES } from './builtins.js';
import { decoratorName, hasDecorator } from './decorators.js';
import { importBinding, starLookup } from './importBindings.js';
import { bareName, type ProjectIndex } from './projectIndex.js';
import { type ScopeNames, scopeNames } from './scopeNames.js';
import { definingScope, scopeChain } from './scopes.js';
import { BUILTIN, type Lookup, NOT_BOUND, OPAQUE_LIST, UNKNOWN, unionValues, type Value } from './values.js';

/** How deep evaluations nest (lookups through lookups, iterations of iterations) before yielding "unknown". */
export const MAX_DEPTH = 150;

const IN_PROGRESS: unique symbol = Symbol('in progress');
const CUT: unique symbol = Symbol('cut');
const NO_BINDINGS: readonly Binding[] = [];
const NO_IMPORTS: readonly ImportRecord[] = [];
const NO_SYMBOLS: readonly PySymbol[] = [];

/** One scope's lookup state (NameLookup.info). */
interface ScopeInfo {
  scope: PySymbol;
  isModule: boolean;
  /** Few enough statements (params + bindings + imports <= 12) to scan instead of building a name table. */
  small: boolean;
  /** The definitions directly in the scope, by bare name. */
  children: Map<string, PySymbol[]> | undefined;
  chain: ScopeInfo[] | undefined;
  chainScopes: PySymbol[] | undefined;
  /**
   * What the scope itself binds a name to (localName): the first name asked in `firstName` and
   * `firstAnswer`, any other in `memo`. Most function scopes are asked one name (a method: `self`), and
   * a Map per scope for one entry was the largest part of the lookup records on a large tree.
   */
  firstName: string | undefined;
  firstAnswer: Lookup | typeof IN_PROGRESS;
  memo: Map<string, Lookup | typeof IN_PROGRESS> | undefined;
  /** What a lookup from the scope finds (lookupName). */
  lookups: Map<string, Value[]> | undefined;
  names: ScopeNames | undefined;
}

interface Addition {
  scope: PySymbol;
  binding: Binding;
}
const NO_ADDITIONS: readonly Addition[] = [];

/**
 * The part of the evaluator the name lookup calls back into (it evaluates what a name is bound to).
 * `depth` is the evaluator's nesting depth, shared with its other parts.
 */
export interface BindingEvaluator {
  readonly index: ProjectIndex;
  depth: number;
  symbol(id: string | undefined): PySymbol | undefined;
  evalAnnotation(scope: PySymbol, text: string): Value[];
  bindingValues(scope: PySymbol, b: Binding): Value[];
  evalRef(scope: PySymbol, ref: RefExpr): Value[];
  guarded<T>(key: string, fallback: T, fn: () => T): T;
}

/** `import a.b` binds `a`: whether `module` is `name` or inside it (no `${name}.` string per test). */
function isModuleOrParent(module: string, name: string): boolean {
  return module.length === name.length ? module === name : module.length > name.length && module.charCodeAt(name.length) === 46 && module.startsWith(name);
}

/** Sets the scope's own answer for `name`: in the first slot when it is free or holds `name`, else in the Map. */
function remember(info: ScopeInfo, name: string, answer: Lookup | typeof IN_PROGRESS): void {
  if (info.firstName === undefined || info.firstName === name) {
    info.firstName = name;
    info.firstAnswer = answer;
  } else (info.memo ??= new Map()).set(name, answer);
}

export class NameLookup {
  readonly index: ProjectIndex;
  private readonly infos = new Map<PySymbol, ScopeInfo>();
  private readonly adds = new Map<PySymbol, Map<string, Addition[]>>();
  private addsIndexed = false;
  /** Decorated definitions by the last name of each decorator (`@app.route(...)`: `route`); built on first use. */
  private decorated: Map<string, PySymbol[]> | undefined;

  constructor(private readonly ev: BindingEvaluator) {
    this.index = ev.index;
  }

  /** The scope's lookup state, in one record found by one map lookup. */
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
        firstName: undefined,
        firstAnswer: undefined,
        memo: undefined,
        lookups: undefined,
        names: undefined,
      };
      this.infos.set(scope, info);
    }
    return info;
  }

  /**
   * Forgets what lookups from a function's scope found (its lookup memo and chain), keeping what the
   * scope binds itself (its own-name memo, whose answers can depend on the order of evaluation). The
   * lookup memo holds only answers every scope on the way gave for good, each of them kept in that
   * scope's own-name memo, so a later lookup walks the chain again to the same answer. The call graph
   * calls it once a file is resolved: few later lookups start in its functions, and on a large tree
   * these memos are a fifth of the resolver's memory.
   */
  forgetLookups(scope: PySymbol): void {
    if (scope.kind === 'module' || scope.kind === 'class') return;
    const info = this.infos.get(scope);
    if (!info) return;
    info.lookups = undefined;
    info.chain = undefined;
    info.chainScopes = undefined;
  }

  private chainInfos(info: ScopeInfo): ScopeInfo[] {
    if (!info.chain) info.chain = scopeChain(this.index, info.scope).map((s) => (s === info.scope ? info : this.info(s)));
    return info.chain;
  }

  /** The scopes a lookup from `scope` visits, innermost first (scopes.ts: scopeChain). */
  chainOf(scope: PySymbol): PySymbol[] {
    const info = this.info(scope);
    if (!info.chainScopes) info.chainScopes = this.chainInfos(info).map((i) => i.scope);
    return info.chainScopes;
  }

  /**
   * LEGB lookup; [] means unknown, [EXT] a builtin or external name. Memoised per (scope, name) when
   * every scope on the way answered for good (no re-entry cut, no depth cut): the walk would then
   * give the same answer again, since each scope's own answer is memoised.
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
    if (info.firstName === name) return info.firstAnswer === IN_PROGRESS ? CUT : info.firstAnswer;
    const memo = info.memo;
    if (memo) {
      const known = memo.get(name);
      if (known === IN_PROGRESS) return CUT;
      if (known !== undefined || memo.has(name)) return known as Lookup;
    }
    const ev = this.ev;
    if (ev.depth >= MAX_DEPTH) return CUT;
    remember(info, name, IN_PROGRESS);
    ev.depth++;
    let result: Lookup = NOT_BOUND;
    try {
      result = this.computeLocal(info, name);
    } finally {
      ev.depth--;
      remember(info, name, result);
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
      parts.push(this.ev.bindingValues(scope, b));
    }
    for (const rec of imports) {
      if (!names && rec.kind === 'from' && rec.name === '*') continue;
      const imported = importBinding(this, scope, rec, name);
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
      const starred = starLookup(this, scope, name);
      if (starred) return starred;
    }
    if (bound) for (const add of this.addedTo(scope, name)) parts.push(this.ev.bindingValues(add.scope, add.binding));
    return bound ? unionValues(parts) : NOT_BOUND;
  }

  /**
   * `X.append(v)`, `X[k] = v`, ... anywhere in `scope`'s file, where X is the name `scope` binds:
   * each adds its values to X. Indexed once for the project, on first use: each add goes to the
   * first scope in its lookup chain that binds the name. Additions are rare, so the per-call question
   * is then one lookup keyed by the scope object.
   */
  private addedTo(scope: PySymbol, name: string): readonly Addition[] {
    if (!this.addsIndexed) {
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
    return this.adds.get(scope)?.get(name) ?? NO_ADDITIONS;
  }

  /** A parameter's values: its annotation's, else `self`/`cls` of a method, else unknown. */
  private paramValues(scope: PySymbol, name: string): Value[] | undefined {
    if (scope.kind !== 'function' && scope.kind !== 'method') return undefined;
    const index = scope.params.findIndex((p) => p.name === name);
    if (index < 0) return undefined;
    const param = scope.params[index]!;
    if (param.kind === 'var_positional' || param.kind === 'var_keyword') return OPAQUE_LIST;
    const receiver = index === 0 && scope.kind === 'method' && !hasDecorator(scope, 'staticmethod');
    if (param.annotation) {
      const annotated = this.ev.evalAnnotation(definingScope(this.index, scope), param.annotation);
      // `self: T` (a type variable) names no project class: the receiver is still the method's class.
      if (!receiver || annotated.some((v) => v.k === 'def' || v.k === 'inst')) return annotated;
    }
    if (receiver) {
      const cls = this.ev.symbol(scope.parent);
      if (cls?.kind === 'class') {
        const isClassLevel = hasDecorator(scope, 'classmethod') || ['__new__', '__init_subclass__', '__class_getitem__'].includes(scope.name.split('.').pop() ?? '');
        return [isClassLevel ? { k: 'def', id: cls.id, self: true } : { k: 'inst', id: cls.id, self: true }];
      }
    }
    return (index === 0 && this.handedBack(scope)) || [];
  }

  /**
   * A decorator that hands its parameter back (`def register(fn): REGISTRY.append(fn); return fn`):
   * the parameter holds each definition it decorates, so what it stores is known (a registry read
   * elsewhere, `for h in REGISTRY: h()`). Candidates are found by the decorator's name (or, for a
   * factory's inner decorator, the factory's), and each is confirmed by evaluating its decorator in
   * the scope that applies it. Undefined for any other function.
   */
  private handedBack(scope: PySymbol): Value[] | undefined {
    const param = scope.params[0]?.name;
    if (param === undefined || !scope.returnValues?.some((r) => r.t === 'name' && r.name === param)) return undefined;
    const names = [bareName(scope)];
    const factory = this.ev.symbol(scope.parent);
    if (factory?.kind === 'function') names.push(bareName(factory));
    const out: Value[] = [];
    for (const name of names) {
      for (const s of this.decoratedBy(name)) {
        const holder = this.ev.symbol(s.parent);
        const applies = holder?.calls.some(
          (c) =>
            c.via === 'decorator' &&
            c.line >= s.startLine &&
            c.line <= s.endLine &&
            this.ev.guarded(`decorates\u0000${s.id}\u0000${c.line}`, UNKNOWN, () => this.ev.evalRef(holder, c.callee)).some((v) => v.k === 'def' && v.id === scope.id),
        );
        if (applies && !out.some((v) => v.k === 'def' && v.id === s.id)) out.push({ k: 'def', id: s.id });
      }
    }
    return out.length > 0 ? out : undefined;
  }

  private decoratedBy(name: string): readonly PySymbol[] {
    if (!this.decorated) {
      this.decorated = new Map();
      for (const s of this.index.byId.values()) {
        for (const text of s.decorators) {
          const dotted = decoratorName(text);
          const last = dotted.slice(dotted.lastIndexOf('.') + 1);
          const list = this.decorated.get(last);
          if (!list) this.decorated.set(last, [s]);
          else if (!list.includes(s)) list.push(s);
        }
      }
    }
    return this.decorated.get(name) ?? NO_SYMBOLS;
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
}
