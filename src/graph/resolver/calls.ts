// One call site -> the symbols it calls, each labelled resolved or heuristic.
//
// Resolved targets: a function or method the callee evaluates to; a class and the `__init__` its
// MRO finds first (own or inherited); an instance's `__call__`; and every property getter read along
// the callee chain (`self.conf.load()` calls the getter `conf`). The name fallback runs only when
// nothing was resolved and the callee is not known to be external or builtin, so a heuristic edge
// never sits where a resolved edge explains the call. A decorator with arguments (`@retry(3)`) also
// calls what the factory returns (evaluator.ts: return annotations, else `return` values).
//
// A callee that picks one item of a container (`HANDLERS[k](x)`, `HANDLERS.get(k)(x)`, `fn =
// table[k]; fn()`) runs one of its items, not each: when that is one of n functions, each target is
// resolved with confidence 1/n (resolved edges without one are certain). A loop over the container
// (`for fn in (f, g): fn()`) calls every item, so its targets stay certain. A name bound to a
// wrapping decorator applied by hand (`fetch = logged(_fetch)`) also reaches the function it wraps
// (wrappers.ts). Advancing a generator (`next(g)`, `g.send(v)`) runs the body of the generator
// function whose call made g (generators.ts).

import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import { appendAll } from '../../shared/arrays.js';
import { BUILTIN_METHOD_NAMES } from './builtins.js';
import { MAX_OVERRIDES } from './classes.js';
import { DEFAULT_MIN_CONFIDENCE, scoreCandidates } from './confidence.js';
import type { Evaluator } from './evaluator.js';
import { heuristicTargets } from './heuristic.js';
import { resumedGenerators, resumesInForm } from './generators.js';
import { higherOrderArgument, higherOrderArguments, protocolMethods } from './higherOrder.js';
import { isOpaqueLike, type Value } from './values.js';
import { handAppliedTargets } from './wrappers.js';

export interface SiteTargets {
  resolved: string[];
  heuristic: string[];
  /** Overrides a call through a base-typed receiver may run (resolution `dispatch`); never also in `resolved`. */
  dispatch?: string[];
  /** Per heuristic target, its confidence (same order as `heuristic`). */
  confidence?: number[];
  /** Per resolved target, its confidence when the site picks it from several (same order as `resolved`; 1: certain). */
  resolvedConfidence?: number[];
}

// Shared: targets are read, never changed, once returned.
const NO_IDS: string[] = [];
const NO_VALUES: Value[] = [];
const NONE: SiteTargets = { resolved: NO_IDS, heuristic: NO_IDS };

function symbolsOf(values: readonly Value[]): string[] {
  return values.flatMap((v) => (v.k === 'def' ? [v.id] : []));
}

/** Property getters that reading `name` on any of `receivers` runs. */
function gettersRead(ev: Evaluator, receivers: readonly Value[], name: string): string[] {
  const out: string[] = [];
  for (const r of receivers) {
    if (r.k === 'inst') appendAll(out, ev.classes.gettersOf(r.id, name));
    else if (r.k === 'super') for (const chain of ev.classes.superChains(r.cls)) appendAll(out, ev.classes.propertyGetters(chain, name));
  }
  return out;
}

/** Whether any attribute along the chain is named like a project property (else no getter runs). */
function readsPropertyName(ev: Evaluator, ref: RefExpr): boolean {
  let cur: RefExpr = ref;
  for (;;) {
    if (cur.t === 'attr') {
      if (ev.index.propertyNames.has(cur.attr)) return true;
      cur = cur.object;
    } else if (cur.t === 'call') cur = cur.callee;
    else return false;
  }
}

/**
 * What calling each value runs: a function; a class, its `__new__` and `__init__` (the first its MRO
 * finds, project code only); an instance's `__call__`. `dispatch` (when given) collects what runs
 * only through dispatch: overrides, and the subclasses `cls(...)` in a classmethod may construct.
 */
export function callTargets(ev: Evaluator, values: readonly Value[], dispatch?: string[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (v.k === 'def') {
      if (v.dispatch) {
        if (dispatch) dispatch.push(v.id);
        continue;
      }
      out.push(v.id);
      if (ev.symbol(v.id)?.kind !== 'class') continue;
      appendAll(out, constructorDefs(ev, v.id));
      if (v.self && dispatch) {
        for (const sub of ev.classes.allSubclasses(v.id).slice(1, 1 + MAX_OVERRIDES)) {
          dispatch.push(sub);
          for (const id of constructorDefs(ev, sub)) if (!out.includes(id)) dispatch.push(id);
        }
      }
    } else if (v.k === 'inst') {
      appendAll(out, instanceCallDefs(ev, v.id));
    }
  }
  if (dispatch && dispatch.length > 0) {
    const kept = dispatch.filter((id, i) => !out.includes(id) && dispatch.indexOf(id) === i);
    dispatch.length = 0;
    appendAll(dispatch, kept);
  }
  return out;
}

/**
 * Per evaluator, class id -> what calling the class runs (`__new__` then `__init__`), and what calling
 * an instance runs (`__call__`). Sites are resolved one at a time at the top level, with no lookup in
 * progress, so each answer is final and the same on every call: memoised (unmemoised, these walks up
 * deep MROs repeat for every `Add(...)`, `Symbol(...)` of a symbolic-maths codebase). Shared lists: read only.
 */
interface CallMemo {
  constructors: Map<string, string[]>;
  calls: Map<string, string[]>;
}

const callMemos = new WeakMap<Evaluator, CallMemo>();

function callMemo(ev: Evaluator): CallMemo {
  let memo = callMemos.get(ev);
  if (!memo) callMemos.set(ev, (memo = { constructors: new Map(), calls: new Map() }));
  return memo;
}

function constructorDefs(ev: Evaluator, cls: string): readonly string[] {
  const memo = callMemo(ev).constructors;
  let ids = memo.get(cls);
  if (!ids) {
    const mro = ev.classes.mro.mro(cls);
    ids = [...memberDefs(ev, mro, '__new__'), ...memberDefs(ev, mro, '__init__')];
    memo.set(cls, ids);
  }
  return ids;
}

function instanceCallDefs(ev: Evaluator, cls: string): readonly string[] {
  const memo = callMemo(ev).calls;
  let ids = memo.get(cls);
  if (!ids) memo.set(cls, (ids = memberDefs(ev, ev.classes.mro.mro(cls), '__call__')));
  return ids;
}

function memberDefs(ev: Evaluator, classes: readonly string[], name: string): string[] {
  const lookup = ev.classes.classLookup(classes, name);
  if (lookup.found !== 'member') return [];
  return symbolsOf(lookup.values).filter((id) => ev.symbol(id)?.kind !== 'class');
}

function hasExternal(values: readonly Value[]): boolean {
  for (let i = 0; i < values.length; i++) if (values[i]!.k === 'ext') return true;
  return false;
}

/** Collects the getters read along one callee chain (an object, not a closure: this runs per site). */
export class GetterCollector {
  readonly getters: string[] = [];
  constructor(private readonly ev: Evaluator) {}
  onAttr(receivers: readonly Value[], name: string): void {
    if (!this.ev.index.propertyNames.has(name)) return;
    for (const r of receivers) {
      if (r.k === 'inst' || r.k === 'super') {
        appendAll(this.getters, gettersRead(this.ev, receivers, name));
        return;
      }
    }
  }
}

/** `root`: values for the callee chain's base name, standing in for its lookup (parameter flow, flow.ts). */
export function resolveSite(ev: Evaluator, scope: PySymbol, site: CallSite, maxHeuristic: number, root?: readonly Value[], minConfidence = DEFAULT_MIN_CONFIDENCE): SiteTargets {
  const callee = site.callee;
  if (site.via === 'decorator' && callee.t === 'call') {
    // `@dec(args)` calls dec, then calls what dec returned with the definition (a decorator factory).
    const factory = resolveCallee(ev, scope, callee.callee, 'call', maxHeuristic, undefined, minConfidence);
    const applied = callTargets(ev, ev.evalRef(scope, callee)).filter((id) => !factory.resolved.includes(id));
    if (applied.length === 0) return factory;
    return { resolved: [...factory.resolved, ...applied], heuristic: NO_IDS };
  }
  return resolveCallee(ev, scope, site, site.via, maxHeuristic, root, minConfidence);
}

function resolveCallee(
  ev: Evaluator,
  scope: PySymbol,
  site: CallSite | RefExpr,
  via: CallSite['via'],
  maxHeuristic: number,
  root: readonly Value[] | undefined,
  minConfidence: number,
): SiteTargets {
  const callee = 'via' in site ? site.callee : site;
  // A loop's `__iter__`/`__next__` sites (extractIteration.ts) cost nothing where no project class
  // defines them; an explicit `g.__next__()` may still resume a generator (generators.ts).
  if (callee.t === 'attr' && (callee.attr === '__iter__' || callee.attr === '__next__') && !ev.index.byBareName.has(callee.attr) && !('via' in site && resumesInForm(site))) return NONE;
  const readsProperty = readsPropertyName(ev, callee);
  const collector = readsProperty ? new GetterCollector(ev) : undefined;
  const getters = collector ? collector.getters : NO_IDS;
  if (via === 'access') {
    // Only getters matter for a read: the value read itself is never needed.
    if (callee.t !== 'attr' || !collector) return NONE;
    collector.onAttr(ev.evalRef(scope, callee.object, collector), callee.attr);
    return getters.length > 0 ? { resolved: getters, heuristic: NO_IDS } : NONE;
  }
  const values = ev.evalRef(scope, callee, collector, root);
  const dispatch: string[] = [];
  const targets = callTargets(ev, values, dispatch);
  const resolved = getters.length > 0 ? [...getters, ...targets] : targets;
  let shares: Map<string, number> | undefined = targets.length > 1 ? pickedShares(scope, callee, values, targets) : undefined;
  if ('via' in site && site.via === 'call') {
    // Both usually find nothing and then return a shared empty list: concatenated only when both found some.
    const passed = higherOrderArguments(ev, scope, site, values);
    const protocol = protocolMethods(ev, scope, site, values);
    const called = protocol.length === 0 ? passed : passed.length === 0 ? protocol : [...passed, ...protocol];
    const unwrapped = targets.length > 0 ? handAppliedTargets(ev, scope, callee, targets) : NO_VALUES;
    if (unwrapped.length > 0) for (const id of callTargets(ev, unwrapped)) if (!resolved.includes(id)) resolved.push(id);
    if (called.length > 0) {
      const ids = callTargets(ev, called);
      for (const id of ids) if (!resolved.includes(id)) resolved.push(id);
      const arg = passed.length > 0 ? higherOrderArgument(site) : undefined;
      const argShares = arg && ids.length > 1 ? pickedShares(scope, arg, passed, ids) : undefined;
      if (argShares) shares = shares ? new Map([...shares, ...argShares]) : argShares;
    }
    const generators = resumedGenerators(ev, scope, site, values);
    for (const id of generators.resolved) if (!resolved.includes(id)) resolved.push(id);
    for (const id of generators.dispatch) if (!resolved.includes(id) && !dispatch.includes(id)) dispatch.push(id);
    // One generator object runs one body: a receiver that may hold n generators picks one (1/n each).
    if (generators.resolved.length > 1) {
      const share = Math.round(100 / generators.resolved.length) / 100;
      shares = new Map([...(shares ?? []), ...generators.resolved.map((id): [string, number] => [id, share])]);
    }
  }
  if (resolved.length > 0 || dispatch.length > 0) {
    const out: SiteTargets = dispatch.length > 0 ? { resolved, heuristic: NO_IDS, dispatch } : { resolved, heuristic: NO_IDS };
    if (shares) out.resolvedConfidence = resolved.map((id) => shares.get(id) ?? 1);
    return out;
  }
  if (hasExternal(values)) return NONE;
  if (callee.t !== 'name' && callee.t !== 'attr') return NONE;
  const bare = callee.t === 'name';
  const lastName = callee.t === 'name' ? callee.name : callee.attr;
  if (/^__\w+__$/.test(lastName)) return NONE; // protocol methods (`__iter__`, `super().__new__`): never a guess
  const opaqueOnly = values.length > 0 && values.every(isOpaqueLike);
  if (values.length > 0 && !opaqueOnly) return NONE; // a module, an instance without __call__, ...
  if (opaqueOnly && bare) return NONE; // bound locally to a lambda or literal: not a project name
  if (bare) {
    // A parameter or local variable of unknown value is not the project function of the same name
    // (`def process(helper): helper()`); an import we could not follow still names a project symbol.
    const binder = ev.binderKind(scope, lastName);
    if (binder === 'param' || binder === 'assign') return NONE;
  }
  // `x.append()`, `d.items()`, `s.split()` on a receiver we cannot type is far more often the builtin
  // method than a project method of that name: no guess.
  if (!bare && BUILTIN_METHOD_NAMES.has(lastName)) return NONE;
  const scored = scoreCandidates(ev.index, callee, heuristicTargets(ev.index, lastName, bare, maxHeuristic), minConfidence);
  return scored.ids.length === 0 ? NONE : { resolved: [], heuristic: scored.ids, confidence: scored.confidence };
}

/** Methods of a dict or list that return one of its items. */
const ITEM_METHODS = new Set(['get', 'pop', 'setdefault']);

/** Whether `ref` picks one item of a container: `t[k]`, `t.get(k)`, or a local name bound to one of those. */
function picksItem(scope: PySymbol, ref: RefExpr): boolean {
  if (ref.t === 'subscript') return true;
  if (ref.t === 'call') return ref.callee.t === 'attr' && ITEM_METHODS.has(ref.callee.attr);
  if (ref.t !== 'name') return false;
  for (const b of scope.bindings) {
    if (b.target.length === 1 && b.target[0] === ref.name && b.value && b.value.t !== 'name' && picksItem(scope, b.value)) return true;
  }
  return false;
}

/**
 * Confidence per target when `ref` picks one of several functions from a container (see the top of
 * the file): 1/n for n picked definitions (a class with its constructor counts once); undefined when
 * the site does not pick, or picks among one.
 */
function pickedShares(scope: PySymbol, ref: RefExpr, values: readonly Value[], targets: readonly string[]): Map<string, number> | undefined {
  let picked = 0;
  for (const v of values) if (v.k === 'def' && !v.dispatch) picked++;
  if (picked < 2 || !picksItem(scope, ref)) return undefined;
  const share = Math.round(100 / picked) / 100;
  return new Map(targets.map((id) => [id, share]));
}
