// Container values (values.ts: `elems`): a literal bound to a name, a slice of one taken by
// unpacking, a generator's yields. Their items are evaluated lazily and memoised, so code that never
// subscripts or iterates a container pays nothing. Which item a key or a loop picks is not known, so
// every item is a candidate; unpacking with known positions picks the one at its position.
import type { PySymbol, RefExpr } from '../../model.js';
import type { ClassModel } from './classes.js';
import { BUILTIN, OPAQUE_LIST, UNKNOWN, unionValues, type Value } from './values.js';

type Elems = Extract<Value, { k: 'elems' }>;

/** The part of the evaluator the containers call back into. */
export interface ContainerEvaluator {
  readonly classes: ClassModel;
  guarded<T>(key: string, fallback: T, fn: () => T): T;
  evalRef(scope: PySymbol, ref: RefExpr): Value[];
  callResult(v: Value): Value[];
}

export class Containers {
  /** One id per container value: memo keys, and what tells two containers apart in a union. */
  private nextUid = 0;
  private readonly literalIds = new WeakMap<RefExpr, number>();
  private readonly itemsMemo = new Map<number, Value[]>();
  private readonly sliceIds = new Map<string, number>();
  private readonly generators = new Map<PySymbol, Value>();
  private readonly dispatchedGenerators = new Map<PySymbol, Value>();

  constructor(private readonly ev: ContainerEvaluator) {}

  newUid(): number {
    return this.nextUid++;
  }

  /** The container literal `ref`, its items evaluated in `scope`; one id per literal. */
  literal(scope: PySymbol, ref: Extract<RefExpr, { t: 'elements' }>): Value {
    let uid = this.literalIds.get(ref);
    if (uid === undefined) this.literalIds.set(ref, (uid = this.nextUid++));
    const v: Value = { k: 'elems', uid, scope, items: ref.items, dict: ref.dict === true };
    if (ref.positions) v.positions = ref.positions;
    if (ref.size !== undefined) v.size = ref.size;
    return v;
  }

  /** Every item of the container: which one a key or loop picks is not known, so all are candidates. */
  items(v: Elems): Value[] {
    const known = this.itemsMemo.get(v.uid);
    if (known) return known;
    let ran = false;
    const values = this.ev.guarded(`elems\u0000${v.uid}`, UNKNOWN, () => {
      ran = true;
      return unionValues(v.items.map((r) => this.ev.evalRef(v.scope, r)));
    });
    if (ran) this.itemsMemo.set(v.uid, values); // not when cut short by re-entry or the depth limit
    return values;
  }

  /** `v[key]`: an item of a container literal (any key), else opaque. */
  item(v: Value): Value[] {
    return v.k === 'elems' && !v.returns ? this.items(v) : OPAQUE_LIST;
  }

  /**
   * What `for x in v` binds x to: an item of a list/tuple/set literal, of `dict.values()` or of a
   * generator's yields; a dict yields its keys (not kept); `d.items()` yields (key, value) pairs; an
   * instance runs `__iter__` then `__next__`. With `at` (unpacking), the element at that position
   * when positions are known; with `star`, the sequence of elements from `at` to `star` before the end.
   */
  elementOf(v: Value, at?: number, star?: number): Value[] {
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
  private itemAt(v: Elems, at: number): Value[] {
    const size = v.positions ? (v.size ?? v.items.length) : v.items.length;
    const pos = at >= 0 ? at : size + at;
    const k = v.positions ? v.positions.indexOf(pos) : pos;
    const item = k >= 0 ? v.items[k] : undefined;
    if (!item) return OPAQUE_LIST;
    return this.ev.guarded(`elem\u0000${v.uid}\u0000${k}`, UNKNOWN, () => this.ev.evalRef(v.scope, item));
  }

  /** `first, *rest = v`: rest is a sequence of v's elements from `at` to `star` before the end. */
  private sliced(v: Elems, at: number, star: number): Value {
    const size = v.positions ? (v.size ?? v.items.length) : v.items.length;
    const keep = v.items.filter((_, k) => {
      const pos = v.positions ? v.positions[k]! : k;
      return pos >= at && pos < size - star;
    });
    const key = `${v.uid}:${at}:${star}`;
    let uid = this.sliceIds.get(key);
    if (uid === undefined) this.sliceIds.set(key, (uid = this.nextUid++));
    return { k: 'elems', uid, scope: v.scope, items: keep, dict: false };
  }

  /** `for x in obj`: what `obj.__iter__()` returns, stepped by its `__next__` (or iterated, for a generator). */
  private iterated(v: Extract<Value, { k: 'inst' }>): Value[] {
    const classes = this.ev.classes;
    const lookup = classes.classLookup(classes.mro.mro(v.id), '__iter__');
    if (lookup.found === 'ext') return BUILTIN;
    if (lookup.found !== 'member') return OPAQUE_LIST;
    const parts: Value[][] = [];
    for (const it of unionValues(lookup.values.map((m) => this.ev.callResult(m)))) {
      if (it.k === 'inst') {
        const next = classes.classLookup(classes.mro.mro(it.id), '__next__');
        if (next.found === 'member') parts.push(unionValues(next.values.map((m) => this.ev.callResult(m))));
      } else if (it.k === 'elems') parts.push(this.elementOf(it));
    }
    return unionValues(parts);
  }

  /**
   * A call of a generator function: a sequence of its yield values, in no known order. `dispatch`:
   * the call reached it only as an override (advancing it is then a dispatch edge too).
   */
  generator(s: PySymbol, dispatch = false): Value {
    const memo = dispatch ? this.dispatchedGenerators : this.generators;
    let v = memo.get(s);
    if (!v) {
      v = { k: 'elems', uid: this.nextUid++, scope: s, items: s.yieldValues ?? [], dict: false, positions: [], generator: s.id };
      if (dispatch) v.dispatch = true;
      memo.set(s, v);
    }
    return v;
  }
}
