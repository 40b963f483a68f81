// Decorators that return a wrapper around the function they are given (`functools.wraps`, or a plain
// nested `def wrapper(*args, **kwargs): return fn(*args, **kwargs)`): what a call of the wrapped name
// reaches. Used by call resolution (calls.ts) and by breaking verdicts (review/breakingSites.ts).
//
// Decisions:
// - A decorator is a wrapping one when it returns, by name, a function nested in it that calls the
//   decorator's first parameter. `@dec def f` already binds `f` to f's own definition (evaluation
//   reads a decorated name as the function it decorates); a decorator applied by hand,
//   `fetch = logged(_fetch)`, binds `fetch` to the wrapper, so a call of `fetch` resolves to the
//   wrapper and, through the application's argument, to `_fetch` as well.
// - The wrapper forwards unchanged when its parameters are exactly `*args, **kwargs` and every call of
//   the wrapped function in it passes exactly `*args, **kwargs`: only then does a call of the wrapped
//   name bind as the original's signature says (any other wrapper may add, drop or rename arguments).
import type { PySymbol, RefExpr } from '../../model.js';
import { resolveFromModule } from '../imports.js';
import type { Evaluator } from './evaluator.js';
import { moduleSymbol } from './projectIndex.js';
import type { Value } from './values.js';

export interface Wrapping {
  wrapper: PySymbol;
  /** The decorator's parameter that receives the wrapped function. */
  param: string;
  /** The wrapper passes its `*args, **kwargs` to the wrapped function and takes nothing else. */
  forwardsUnchanged: boolean;
}

/** The parameter a decorator receives the function in: its first, past `self`/`cls` of a method. */
function wrappedParam(decorator: PySymbol): string | undefined {
  const params = decorator.kind === 'method' ? decorator.params.slice(1) : decorator.params;
  const p = params[0];
  return p && (p.kind === 'regular' || p.kind === 'positional_only') ? p.name : undefined;
}

/** `child(name)`: the definition named `name` nested directly in `decorator`. */
export function wrappingOf(decorator: PySymbol, child: (name: string) => PySymbol | undefined): Wrapping | undefined {
  if (decorator.kind !== 'function' && decorator.kind !== 'method') return undefined;
  const param = wrappedParam(decorator);
  if (param === undefined || !decorator.returnValues) return undefined;
  for (const r of decorator.returnValues) {
    if (r.t !== 'name') continue;
    const wrapper = child(r.name);
    if (!wrapper || wrapper.kind !== 'function') continue;
    const calls = wrapper.calls.filter((c) => c.via === 'call' && c.callee.t === 'name' && c.callee.name === param);
    if (calls.length === 0) continue;
    const [star, doubleStar] = wrapper.params;
    const takesOnlySplats = wrapper.params.length === 2 && star?.kind === 'var_positional' && doubleStar?.kind === 'var_keyword';
    const forwardsUnchanged =
      takesOnlySplats &&
      calls.every((c) => c.shape !== undefined && c.shape.positional === 0 && c.shape.star === true && c.shape.doubleStar === true && (c.shape.keywords?.length ?? 0) === 0 && !c.shape.unread);
    return { wrapper, param, forwardsUnchanged };
  }
  return undefined;
}

/** Per evaluator, decorator id -> its wrapping (null: none); asked once per nested function called. */
const memos = new WeakMap<Evaluator, Map<string, Wrapping | null>>();

/** The decorator that wraps with `wrapper`, when `wrapper` is its returned wrapper. */
function decoratorOfWrapper(ev: Evaluator, wrapper: PySymbol): PySymbol | undefined {
  const decorator = ev.symbol(wrapper.parent);
  if (!decorator || (decorator.kind !== 'function' && decorator.kind !== 'method')) return undefined;
  let memo = memos.get(ev);
  if (!memo) memos.set(ev, (memo = new Map()));
  let known = memo.get(decorator.id);
  if (known === undefined) {
    known = wrappingOf(decorator, (name) => ev.index.children.get(decorator.id)?.get(name)?.[0]) ?? null;
    memo.set(decorator.id, known);
  }
  return known?.wrapper === wrapper ? decorator : undefined;
}

const NO_VALUES: Value[] = [];
/** Imports followed from one module to the next, at most (re-exports of re-exports). */
const MAX_HOPS = 4;

/**
 * `fetch(...)` where `fetch = logged(_fetch)` and `logged` wraps: `_fetch`'s values (the wrapper
 * itself is among `targets` already). The name is looked up as Python would, innermost scope first,
 * through `from m import fetch` into the module that makes the application.
 */
export function handAppliedTargets(ev: Evaluator, scope: PySymbol, callee: RefExpr, targets: readonly string[]): Value[] {
  if (callee.t !== 'name') return NO_VALUES;
  const decorators = new Set<string>();
  for (const id of targets) {
    const s = ev.symbol(id);
    const d = s?.kind === 'function' && s.parent !== undefined ? decoratorOfWrapper(ev, s) : undefined;
    if (d) decorators.add(d.id);
  }
  if (decorators.size === 0) return NO_VALUES;
  return applicationArgument(ev, ev.chainOf(scope), callee.name, decorators, 0);
}

function applicationArgument(ev: Evaluator, chain: readonly PySymbol[], name: string, decorators: ReadonlySet<string>, hops: number): Value[] {
  for (const s of chain) {
    const out: Value[] = [];
    let binds = false;
    for (const b of s.bindings) {
      if (b.target.length !== 1 || b.target[0] !== name || !b.value) continue;
      binds = true;
      if (b.value.t !== 'call') continue;
      const site = s.calls.find((c) => c.via === 'call' && c.line === b.line && c.args?.[0] !== undefined && sameRef(c.callee, (b.value as Extract<RefExpr, { t: 'call' }>).callee));
      if (!site || !ev.evalRef(s, site.callee).some((v) => v.k === 'def' && decorators.has(v.id))) continue;
      for (const v of ev.evalRef(s, site.args![0]!)) if (v.k === 'def') out.push(v);
    }
    if (binds) return out;
    if (hops >= MAX_HOPS) continue;
    const file = ev.index.fileOf.get(s.id);
    for (const rec of s.imports) {
      if (rec.kind !== 'from' || (rec.alias ?? rec.name) !== name || !file) continue;
      const mod = resolveFromModule(ev.index.table, file.path, rec);
      const target = mod.kind === 'module' ? ev.index.table.files.get(mod.id) : undefined;
      const module = target ? moduleSymbol(target) : undefined;
      return module ? applicationArgument(ev, [module], rec.name, decorators, hops + 1) : NO_VALUES;
    }
  }
  return NO_VALUES;
}

function sameRef(a: RefExpr, b: RefExpr): boolean {
  if (a.t !== b.t) return false;
  if (a.t === 'name') return a.name === (b as typeof a).name;
  if (a.t === 'attr') return a.attr === (b as typeof a).attr && sameRef(a.object, (b as typeof a).object);
  return false;
}
