// Where a generator's body runs. Calling a function whose body contains `yield` runs none of it: the
// call binds the arguments and returns a generator, and the body runs, one `yield` at a time, where
// the generator is advanced: `next(g)`, `g.send(v)`, `g.throw(e)`, `g.__next__()` (and `anext(g)`,
// `g.asend(v)`, `g.athrow(e)`, `g.__anext__()` for an async generator). So the call `produce(x)` links
// to `produce` (it binds x), and so does each such site on a value a call of `produce` made.
//
// Decisions:
// - Certain when the receiver holds generators of one function; 1/n each when it may hold those of n
//   functions (one generator object runs one body), like a pick from a container (calls.ts). A
//   generator an override made, where only dispatch reached its call, is advanced through dispatch.
// - Iterating a generator (`for x in g`, `list(g)`, `yield from g`) adds no edge of its own: the
//   caller that iterates is almost always the one that made it, already linked by that call.
// - Nothing is bound at a resuming site: `g.send(v)` hands v to the paused `yield`, not to a
//   parameter, so a breaking verdict never reads it as a call of the generator (review/callSites.ts).
import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';

/** Methods of a generator (or async generator) object that resume its body. */
export const RESUME_METHODS: ReadonlySet<string> = new Set(['send', 'throw', '__next__', 'asend', 'athrow', '__anext__']);

/** Builtins that resume the generator they are given. */
export const RESUME_BUILTINS: ReadonlySet<string> = new Set(['next', 'anext']);

export interface Resumed {
  resolved: string[];
  /** Generator functions only dispatch reached the making call of (overrides): dispatch edges. */
  dispatch: string[];
}

const NONE: Resumed = { resolved: [], dispatch: [] };

/** The expression a site resumes when it has the shape of a resumption (`g.send(...)`, `next(g)`), else undefined. */
export function resumedExpression(site: CallSite): RefExpr | undefined {
  if (site.via !== 'call') return undefined;
  const callee = site.callee;
  if (callee.t === 'attr' && RESUME_METHODS.has(callee.attr)) {
    // A `for` loop's own `iter(x).__next__()` site (python/extractIteration.ts) is iteration, not a resumption.
    const object = callee.object;
    return object.t === 'call' && object.callee.t === 'attr' && object.callee.attr === '__iter__' ? undefined : object;
  }
  if (callee.t === 'name' && RESUME_BUILTINS.has(callee.name)) {
    const arg = site.args?.[0];
    return arg && arg.t !== 'other' ? arg : undefined;
  }
  return undefined;
}

/** Whether `site` resumes a generator in form, whatever the receiver turns out to be. */
export function resumesInForm(site: CallSite): boolean {
  return resumedExpression(site) !== undefined;
}

/**
 * The generator functions whose body `site` resumes: those whose call made a value the resumed
 * expression holds. `calleeValues`: what the callee evaluated to (`next` must be the builtin).
 */
export function resumedGenerators(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Resumed {
  const resumed = resumedExpression(site);
  if (!resumed) return NONE;
  if (site.callee.t === 'name' && (calleeValues.length === 0 || !calleeValues.every((v) => v.k === 'ext'))) return NONE; // a project `next`
  let out: Resumed | undefined;
  for (const v of ev.evalRef(scope, resumed)) {
    if (v.k !== 'elems' || v.generator === undefined || v.returns !== undefined) continue;
    out ??= { resolved: [], dispatch: [] };
    const into = v.dispatch ? out.dispatch : out.resolved;
    if (!into.includes(v.generator)) into.push(v.generator);
  }
  if (!out) return NONE;
  // Reached both ways: the direct way wins.
  if (out.dispatch.length > 0) out.dispatch = out.dispatch.filter((id) => !out.resolved.includes(id));
  return out;
}
