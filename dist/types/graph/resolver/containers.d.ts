import type { PySymbol, RefExpr } from '../../model.js';
import type { ClassModel } from './classes.js';
import { type Value } from './values.js';
type Elems = Extract<Value, {
    k: 'elems';
}>;
/** The part of the evaluator the containers call back into. */
export interface ContainerEvaluator {
    readonly classes: ClassModel;
    guarded<T>(key: string, fallback: T, fn: () => T): T;
    evalRef(scope: PySymbol, ref: RefExpr): Value[];
    callResult(v: Value): Value[];
}
export declare class Containers {
    private readonly ev;
    /** One id per container value: memo keys, and what tells two containers apart in a union. */
    private nextUid;
    private readonly literalIds;
    private readonly itemsMemo;
    private readonly sliceIds;
    private readonly generators;
    private readonly dispatchedGenerators;
    constructor(ev: ContainerEvaluator);
    newUid(): number;
    /** The container literal `ref`, its items evaluated in `scope`; one id per literal. */
    literal(scope: PySymbol, ref: Extract<RefExpr, {
        t: 'elements';
    }>): Value;
    /** Every item of the container: which one a key or loop picks is not known, so all are candidates. */
    items(v: Elems): Value[];
    /** `v[key]`: an item of a container literal (any key), else opaque. */
    item(v: Value): Value[];
    /**
     * What `for x in v` binds x to: an item of a list/tuple/set literal, of `dict.values()` or of a
     * generator's yields; a dict yields its keys (not kept); `d.items()` yields (key, value) pairs; an
     * instance runs `__iter__` then `__next__`. With `at` (unpacking), the element at that position
     * when positions are known; with `star`, the sequence of elements from `at` to `star` before the end.
     */
    elementOf(v: Value, at?: number, star?: number): Value[];
    /** The element at position `at` (from the end when negative) of a container literal. */
    private itemAt;
    /** `first, *rest = v`: rest is a sequence of v's elements from `at` to `star` before the end. */
    private sliced;
    /** `for x in obj`: what `obj.__iter__()` returns, stepped by its `__next__` (or iterated, for a generator). */
    private iterated;
    /**
     * A call of a generator function: a sequence of its yield values, in no known order. `dispatch`:
     * the call reached it only as an override (advancing it is then a dispatch edge too).
     */
    generator(s: PySymbol, dispatch?: boolean): Value;
}
export {};
