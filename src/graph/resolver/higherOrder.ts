// Builtins and standard-library calls that call a function they are given: `map(f, xs)` calls f,
// `sorted(xs, key=k)` calls k, `Thread(target=w).start()` runs w, `atexit.register(f)` runs f at
// exit. The call site is charged with a call of the argument (the caller is where the reviewer
// looks for it; the runtime that makes the call is not project code).
//
// Decision: a site qualifies when its callee is the builtin or an external (never a project
// function of that name: a project `map` is resolved like any function), or, for the methods
// listed, when the receiver is unknown or external (`items.sort(key=k)`, `pool.submit(f)`).
import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import type { Value } from './values.js';

/** Callee last name -> which argument is called: a position, or a keyword (also tried at `position`). */
interface Slot {
  position?: number;
  keyword?: string;
}

const FUNCTIONS: ReadonlyMap<string, Slot> = new Map([
  ['map', { position: 0 }],
  ['filter', { position: 0 }],
  ['filterfalse', { position: 0 }],
  ['reduce', { position: 0 }],
  ['starmap', { position: 0 }],
  ['takewhile', { position: 0 }],
  ['dropwhile', { position: 0 }],
  ['sorted', { keyword: 'key' }],
  ['min', { keyword: 'key' }],
  ['max', { keyword: 'key' }],
  ['groupby', { keyword: 'key', position: 1 }],
  ['Thread', { keyword: 'target', position: 1 }],
  ['Process', { keyword: 'target', position: 1 }],
  ['Timer', { keyword: 'function', position: 1 }],
  ['register', { position: 0 }],
  ['signal', { position: 1 }],
  ['run_in_executor', { position: 1 }],
]);

/** Methods whose receiver we usually cannot type (a list, an executor, an event loop). */
const METHODS: ReadonlyMap<string, Slot> = new Map([
  ['sort', { keyword: 'key' }],
  ['submit', { position: 0 }],
  ['call_soon', { position: 0 }],
  ['call_later', { position: 1 }],
  ['add_done_callback', { position: 0 }],
  ['apply_async', { position: 0 }],
]);

/** Shared "nothing": most sites pass no function to a builtin (never changed: callers copy before adding). */
const NO_VALUES: Value[] = [];

/** Builtins that call a protocol method of their argument: `next(it)` runs `it.__next__()`. */
const PROTOCOL: ReadonlyMap<string, string> = new Map([
  ['next', '__next__'],
  ['iter', '__iter__'],
  ['len', '__len__'],
  ['repr', '__repr__'],
  ['hash', '__hash__'],
  ['reversed', '__reversed__'],
]);

/** `next(obj)` and the like, with `obj` an instance of a project class: its protocol method (as a bound-method value). */
export function protocolMethods(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[] {
  const callee = site.callee;
  const dunder = callee.t === 'name' ? PROTOCOL.get(callee.name) : undefined;
  const arg = site.args?.[0];
  if (!dunder || !arg || arg.t === 'other' || calleeValues.length === 0 || !calleeValues.every((v) => v.k === 'ext')) return NO_VALUES;
  const out: Value[] = [];
  for (const v of ev.evalRef(scope, arg)) if (v.k === 'inst') out.push(...ev.member(v, dunder).filter((m) => m.k === 'def'));
  return out;
}

function argument(site: CallSite, slot: Slot): RefExpr | undefined {
  const kw = slot.keyword === undefined ? undefined : site.keywords?.find((k) => k.name === slot.keyword)?.value;
  if (kw) return kw;
  return slot.position === undefined ? undefined : site.args?.[slot.position];
}

/** The argument expression a higher-order site calls (only meaningful where higherOrderArguments found values). */
export function higherOrderArgument(site: CallSite): RefExpr | undefined {
  const callee = site.callee;
  const name = callee.t === 'name' ? callee.name : callee.t === 'attr' ? callee.attr : undefined;
  const slot = name === undefined ? undefined : (FUNCTIONS.get(name) ?? METHODS.get(name));
  return slot ? argument(site, slot) : undefined;
}

/** Values of the function arguments `site` hands to a builtin that calls them; [] for any other site. */
export function higherOrderArguments(ev: Evaluator, scope: PySymbol, site: CallSite, calleeValues: readonly Value[]): Value[] {
  if (site.via !== 'call' || (!site.args && !site.keywords)) return NO_VALUES;
  const callee = site.callee;
  const name = callee.t === 'name' ? callee.name : callee.t === 'attr' ? callee.attr : undefined;
  if (name === undefined) return NO_VALUES;
  const external = calleeValues.length > 0 && calleeValues.every((v) => v.k === 'ext');
  let slot: Slot | undefined;
  if (external) slot = FUNCTIONS.get(name) ?? METHODS.get(name);
  else if (callee.t === 'attr' && calleeValues.every((v) => v.k === 'opaque' || v.k === 'elems')) slot = METHODS.get(name);
  if (!slot) return NO_VALUES;
  const arg = argument(site, slot);
  if (!arg || arg.t === 'other' || arg.t === 'elements') return NO_VALUES;
  return ev.evalRef(scope, arg).filter((v) => v.k === 'def');
}
