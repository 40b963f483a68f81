// Parameter flow, one level (PyCG-style, bounded): an unannotated parameter of a function may hold
// the values of the arguments passed for it at project call sites, so `def apply(fn, x): fn(x)` with
// `apply(double, 3)` links apply -> double, and `def go(task): task.run()` with `go(A())` links
// go -> A.run.
//
// Default mode `callables`: only sites that call the parameter itself (`cb()`, `factory().start()`, a
// wrapper's `fn(*a)`), few and cheap to revisit; mode `all` (`--parameter-flow`) also receivers
// (`task.run()`), many times more sites and a noticeable share of resolution time.
//
// It runs as a second pass over the first pass's results, which is what keeps it bounded and cheap:
// - Pass 1 resolves every call site without flow. Each site with recorded arguments that resolved
//   to functions indexes itself under those functions' ids: the callers of a function are known
//   exactly, with no search.
// - Pass 2 revisits only the sites that resolved nothing and whose callee chain starts at an
//   unannotated parameter (`fn(x)`, `task.run()`, `doc.meta.save()`): the chain is evaluated again
//   with that parameter bound to the values its arguments have at the callers, evaluated by the
//   pass-1 evaluator (warm memos, no flow). So what flows is what one level of callers proves; no
//   fixpoint, no chains of flows, and a site that resolved nothing keeps its pass-1 result.
// - A function with more than MAX_FLOW_SITES such callers flows nothing (its parameters are generic).
// - Bound calls skip the receiver: `obj.m(x)`, `super().m(x)` and `C(x)` (for `__init__`) bind x to
//   the parameter after self; `C.m(obj, x)` on the class binds positionally. Arguments after a
//   `*splat` are not mapped. An argument of unknown value adds nothing.
// Not followed: parameters reached through a local alias (`f = fn; f()`), `self.attr = param`, or a
// returned parameter; those need flow inside the evaluator's memos, and the cost of a second,
// flow-following evaluator outweighs the edges it would add.
import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import { hasDecorator } from './decorators.js';
import type { Evaluator } from './evaluator.js';
import { bareName } from './projectIndex.js';
import { unionValues, type Value } from './values.js';

export const MAX_FLOW_SITES = 24;

interface ArgSite {
  scope: PySymbol;
  site: CallSite;
}

export class ArgumentFlow {
  /** function id -> call sites with arguments that resolved to it (pass 1). */
  private readonly callers = new Map<string, ArgSite[]>();
  private readonly memo = new Map<PySymbol, Map<number, Value[]>>();

  /**
   * `callables`: only sites that call the parameter itself (`cb()`, `factory().start()`): the default,
   * since those are the callbacks, hooks and decorator wrappers; `all` also parameters used as
   * receivers (`doc.save()`), which revisits several times as many sites.
   */
  constructor(
    private readonly ev: Evaluator,
    private readonly mode: 'all' | 'callables' = 'all',
  ) {}

  /** Pass 1: remember that `site` (which has arguments) calls `targets`. */
  record(scope: PySymbol, site: CallSite, targets: readonly string[]): void {
    for (const id of targets) {
      const list = this.callers.get(id);
      if (list) list.push({ scope, site });
      else this.callers.set(id, [{ scope, site }]);
    }
  }

  /**
   * Pass 2: for a site whose callee chain starts at an unannotated, non-self parameter with callers,
   * the values that parameter receives; undefined when the site is not such a site.
   */
  /** Pass 1's cheap test: the callee chain starts at the name of a parameter of `scope` or an enclosing function. */
  mayStartAtParameter(scope: PySymbol, callee: RefExpr): boolean {
    const name = this.mode === 'all' ? rootName(callee) : calledRootName(callee);
    return name !== undefined && this.paramOf(scope, name) !== undefined;
  }

  rootValues(scope: PySymbol, callee: RefExpr): Value[] | undefined {
    if (this.callers.size === 0) return undefined;
    const name = rootName(callee);
    if (name === undefined) return undefined;
    // The scope that really binds the name: the first in the lookup chain that binds it (pass 1
    // made these lookups warm); it must be the function whose parameter it is.
    const found = this.paramOf(scope, name);
    if (!found) return undefined;
    for (const s of this.ev.chainOf(scope)) {
      if (this.ev.localName(s, name) === undefined) continue;
      if (s !== found.fn) return undefined; // a local or closure variable shadows the parameter
      break;
    }
    const param = found.fn.params[found.index]!;
    const isSelf = found.index === 0 && found.fn.kind === 'method' && !hasDecorator(found.fn, 'staticmethod');
    if (param.annotation !== undefined || isSelf) return undefined;
    const values = this.paramValues(found.fn, found.index);
    return values.length > 0 ? values : undefined;
  }

  /** Whether any function in the scope's lookup chain has parameters (most module-level code: none). */
  private readonly hasParams = new Map<PySymbol, boolean>();

  /** The innermost function in `scope`'s lookup chain with a parameter `name`, if any. */
  private paramOf(scope: PySymbol, name: string): { fn: PySymbol; index: number } | undefined {
    let any = this.hasParams.get(scope);
    if (any === undefined) {
      any = this.ev.chainOf(scope).some((s) => s.params.length > 0);
      this.hasParams.set(scope, any);
    }
    if (!any) return undefined;
    for (const s of this.ev.chainOf(scope)) {
      if (s.kind !== 'function' && s.kind !== 'method') continue;
      const index = s.params.findIndex((p) => p.name === name);
      if (index >= 0) return { fn: s, index };
    }
    return undefined;
  }

  private paramValues(fn: PySymbol, paramIndex: number): Value[] {
    let byIndex = this.memo.get(fn);
    if (!byIndex) this.memo.set(fn, (byIndex = new Map()));
    let values = byIndex.get(paramIndex);
    if (!values) {
      values = this.compute(fn, paramIndex);
      byIndex.set(paramIndex, values);
    }
    return values;
  }

  private compute(fn: PySymbol, paramIndex: number): Value[] {
    const param = fn.params[paramIndex];
    if (!param || param.kind === 'var_positional' || param.kind === 'var_keyword') return [];
    const sites = this.callers.get(fn.id);
    if (!sites || sites.length > MAX_FLOW_SITES) return [];
    const ev = this.ev;
    const isMethod = fn.kind === 'method' && !hasDecorator(fn, 'staticmethod');
    const isInit = isMethod && bareName(fn) === '__init__';
    const parts: Value[][] = [];
    for (const { scope, site } of sites) {
      let offset = 0;
      if (isMethod) {
        if (site.callee.t === 'attr') {
          const receivers = ev.evalRef(scope, site.callee.object);
          const onClassOnly = receivers.length > 0 && receivers.every((r) => r.k === 'def' && ev.symbol(r.id)?.kind === 'class');
          offset = onClassOnly && !hasDecorator(fn, 'classmethod') ? 0 : 1;
        } else if (isInit) offset = 1; // `C(x)`
        else continue;
      }
      const position = paramIndex - offset;
      let arg = param.kind !== 'keyword_only' && position >= 0 ? site.args?.[position] : undefined;
      if (!arg && param.kind !== 'positional_only') arg = site.keywords?.find((k) => k.name === param.name)?.value;
      if (arg && arg.t !== 'other') parts.push(ev.evalRef(scope, arg));
    }
    return unionValues(parts);
  }
}

function rootName(callee: RefExpr): string | undefined {
  let root = callee;
  while (root.t === 'attr' || root.t === 'call' || root.t === 'subscript') root = root.t === 'call' ? root.callee : root.object;
  return root.t === 'name' ? root.name : undefined;
}

/** The root name of a chain that calls it first (`cb`, `factory` in `factory().start()`), else undefined. */
function calledRootName(callee: RefExpr): string | undefined {
  let node = callee;
  let called = true; // the site itself calls its callee
  while (node.t === 'attr' || node.t === 'call' || node.t === 'subscript') {
    called = node.t === 'call';
    node = node.t === 'call' ? node.callee : node.object;
  }
  return node.t === 'name' && called ? node.name : undefined;
}
