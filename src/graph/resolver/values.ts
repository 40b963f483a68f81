// What a Python expression may evaluate to, as far as call resolution cares.
//
// An evaluation yields a list of values; the empty list means "unknown" (nothing proved), which is
// what lets the heuristic fallback run. `ext` is a positive fact (an external import or a builtin):
// calls on it produce no edge at all. `opaque` is a literal, subscript, lambda or operator result:
// unknown, but a call of a builtin-type method on it (`[].append`, `"".join`) is not linked by name.
//
// `self: true` marks the `self`/`cls` parameter of a method of that class: its real class may be any
// project subclass, so a method call on it also reaches the subclasses' overrides. So does any
// instance whose class is only declared (an annotation, `isinstance`, a return type); `exact: true`
// marks an instance made by calling the class, whose methods are exactly its MRO's. A def reached
// only as such an override carries `dispatch: true` (its edge is labelled `dispatch`).
//
// `elems` is a container literal bound to a name (model.ts: RefExpr `elements`), kept with the scope
// its items are evaluated in, lazily: only a subscript, an iteration, `.get()`/`.pop()` or
// `.values()` reads them. `returns` marks the bound `.get`/`.pop` (calling it yields an item),
// `.values` (calling it yields a sequence of the dict's values), `.items` and its result (`pairs`)
// and one (key, value) of it (`pair`). `positions` and `size` let unpacking pick one element. A call
// of a function that yields is an `elems` of its yield values with unknown positions, `generator`
// naming that function (advancing it runs its body: generators.ts), `dispatch` when only dispatch
// reached that call. For everything
// else an `elems` value behaves exactly like `opaque`.
import type { PySymbol, RefExpr } from '../../model.js';

export type Value =
  | { k: 'module'; id: string }
  | { k: 'def'; id: string; self?: true; dispatch?: true }
  | { k: 'inst'; id: string; self?: true; exact?: true }
  | { k: 'super'; cls: string }
  | {
      k: 'elems';
      uid: number;
      scope: PySymbol;
      items: readonly RefExpr[];
      dict: boolean;
      returns?: 'item' | 'values' | 'items' | 'pairs' | 'pair';
      /** As in RefExpr `elements`: positions of the items in the literal (`[]`: unknown) and its size. */
      positions?: readonly number[];
      size?: number;
      /** A generator's: the id of the function whose call made it. */
      generator?: string;
      /** A generator made by a call only dispatch reaches (an override's: values.ts `dispatch`). */
      dispatch?: true;
    }
  | { k: 'ext' }
  | { k: 'opaque' };

export const EXT: Value = Object.freeze({ k: 'ext' });
export const OPAQUE: Value = Object.freeze({ k: 'opaque' });

// Shared answers: value lists are never mutated once returned, so none is allocated per answer.
export const BUILTIN: Value[] = [EXT];
export const OPAQUE_LIST: Value[] = [OPAQUE];
export const UNKNOWN: Value[] = [];

/** What a scope binds a name to; undefined (NOT_BOUND) when it does not bind it. */
export const NOT_BOUND = undefined;
export type Lookup = Value[] | typeof NOT_BOUND;

export function valueKey(v: Value): string {
  switch (v.k) {
    case 'module':
      return `module:${v.id}`;
    case 'def':
      return `def:${v.id}${v.self ? ':self' : ''}${v.dispatch ? ':dispatch' : ''}`;
    case 'inst':
      return `inst:${v.id}${v.self ? ':self' : ''}${v.exact ? ':exact' : ''}`;
    case 'super':
      return `super:${v.cls}`;
    case 'elems':
      return `elems:${v.uid}:${v.dict ? 'dict' : 'seq'}:${v.returns ?? ''}`;
    default:
      return v.k;
  }
}

const SMALL_UNION = 16;

/** Whether two values have the same valueKey, without building it. */
export function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  switch (a.k) {
    case 'module':
      return b.k === 'module' && a.id === b.id;
    case 'def':
      return b.k === 'def' && a.id === b.id && !a.self === !b.self && !a.dispatch === !b.dispatch;
    case 'inst':
      return b.k === 'inst' && a.id === b.id && !a.self === !b.self && !a.exact === !b.exact;
    case 'super':
      return b.k === 'super' && a.cls === b.cls;
    case 'elems':
      return b.k === 'elems' && a.uid === b.uid && a.dict === b.dict && (a.returns ?? '') === (b.returns ?? '');
    default:
      return a.k === b.k;
  }
}

/** Union in first-seen order without duplicates; evaluation order is deterministic, so is this. */
export function unionValues(lists: readonly (readonly Value[])[]): Value[] {
  if (lists.length === 1) return lists[0] as Value[];
  if (lists.length === 2 && lists[1]!.length === 0) return lists[0] as Value[];
  if (lists.length === 2 && lists[0]!.length === 0) return lists[1] as Value[];
  let total = 0;
  for (const list of lists) total += list.length;
  const out: Value[] = [];
  if (total <= SMALL_UNION) {
    // The common case (a handful of values): compared in place, no key strings to build and hash.
    for (const list of lists) for (const v of list) if (!out.some((w) => sameValue(v, w))) out.push(v);
    return out;
  }
  const seen = new Set<string>();
  for (const list of lists) {
    for (const v of list) {
      const key = valueKey(v);
      if (!seen.has(key)) {
        seen.add(key);
        out.push(v);
      }
    }
  }
  return out;
}

export function isExternalOnly(values: readonly Value[]): boolean {
  return values.length > 0 && values.every((v) => v.k === 'ext');
}

/** Unknown for call resolution, though not nothing: a literal, an operator result, a container. */
export function isOpaqueLike(v: Value): boolean {
  return v.k === 'opaque' || v.k === 'elems';
}
