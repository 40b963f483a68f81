import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { ClassModel } from './classes.js';
import { type ProjectIndex } from './projectIndex.js';
import { type ScopeNames } from './scopeNames.js';
import { type Value } from './values.js';
declare const NOT_BOUND: undefined;
type Lookup = Value[] | typeof NOT_BOUND;
export interface AttrObserver {
    onAttr(receivers: readonly Value[], name: string): void;
}
export declare class Evaluator {
    readonly index: ProjectIndex;
    readonly classes: ClassModel;
    private readonly active;
    private depth;
    constructor(index: ProjectIndex);
    /** Run `fn` under the shared depth limit and a re-entry guard on `key`. */
    guarded<T>(key: string, fallback: T, fn: () => T): T;
    symbol(id: string | undefined): PySymbol | undefined;
    /**
     * Values of `ref` evaluated in `scope`, iterative over the chain. `observer` sees every attribute
     * step with the receiver's values (call-site resolution uses it to find property getters).
     * `root`: values that stand in for the chain's base name (parameter flow, resolverFlow.ts).
     */
    evalRef(scope: PySymbol, ref: RefExpr, observer?: AttrObserver, root?: readonly Value[]): Value[];
    private readonly opStack;
    private step;
    private evalBase;
    private readonly elemsIds;
    private readonly elemsMemo;
    private elemsValue;
    private nextElemsId;
    /** Every item of the container: which one a key or loop picks is not known, so all are candidates. */
    private items;
    /** `v[key]`: an item of a container literal (any key), else opaque. */
    private item;
    /**
     * What `for x in v` binds x to: an item of a list/tuple/set literal, of `dict.values()` or of a
     * generator's yields; a dict yields its keys (not kept); `d.items()` yields (key, value) pairs; an
     * instance runs `__iter__` then `__next__`. With `at` (unpacking), the element at that position
     * when positions are known; with `star`, the sequence of elements from `at` to `star` before the end.
     */
    private elementOf;
    /** The element at position `at` (from the end when negative) of a container literal. */
    private itemAt;
    private readonly sliceIds;
    /** `first, *rest = v`: rest is a sequence of v's elements from `at` to `star` before the end. */
    private sliced;
    /** `for x in obj`: what `obj.__iter__()` returns, stepped by its `__next__` (or iterated, for a generator). */
    private iterated;
    private readonly annotatedElems;
    /** Annotation text -> instances of the classes it names (externals stay external). */
    evalAnnotation(scope: PySymbol, text: string): Value[];
    private readonly infos;
    /**
     * The scope's lookup state, in one record found by one map lookup: a name lookup walks a chain of
     * these and reads each one's tables directly (Django: ~170k scope visits per resolution).
     */
    private info;
    private chainInfos;
    /** The scopes a lookup from `scope` visits, innermost first (see resolverScopes.scopeChain). */
    chainOf(scope: PySymbol): PySymbol[];
    /**
     * LEGB lookup; [] means unknown, [EXT] a builtin or external name. Memoised per (scope, name) when
     * every scope on the way answered for good (no re-entry cut, no depth cut): the walk would then
     * give the same answer again, since each scope's own answer is memoised (half of Django's 56k
     * lookups repeat a pair, each walking ~3 scopes).
     */
    lookupName(scope: PySymbol, name: string): Value[];
    /** The scope's name table; the first call for a scope builds it. */
    names(scope: PySymbol): ScopeNames;
    private namesOf;
    /** Whether the scope binds `name` itself. Small scopes are scanned; large ones get a name table. */
    private mayBind;
    /** What `name` is bound to in `scope`'s own namespace, or NOT_BOUND. */
    localName(scope: PySymbol, name: string): Lookup;
    /** localName, telling a cut (re-entry or the depth limit: "not bound" this time only) from a lasting answer. */
    private localLookup;
    private computeLocal;
    private readonly adds;
    private addsIndexed;
    /**
     * `X.append(v)`, `X[k] = v`, ... anywhere in `scope`'s file, where X is the name `scope` binds:
     * each adds its values to X. Indexed once for the project: each add goes to the first scope in its
     * lookup chain that binds the name.
     */
    private addedTo;
    private paramValues;
    bindingValues(scope: PySymbol, b: Binding): Value[];
    private moduleRefValues;
    private importBinding;
    private starLookup;
    /** `module.name`: a module-level binding or definition, else a submodule. */
    moduleMember(moduleId: string, name: string, viaStar: boolean): Lookup;
    member(v: Value, name: string): Value[];
    private missingModuleMember;
    /** The value a call of `v` returns. */
    callResult(v: Value): Value[];
    /**
     * Where `super()` inside class `cls` may continue: the rest of the MRO after `cls`, for `cls`
     * itself and for every project subclass (in `class C(A, B)`, `super()` in A reaches B).
     */
    private readonly returnMemo;
    /**
     * What calling function `s` returns: its return annotation when that names something, else the
     * values of its own `return` statements (not for `async def`, whose call yields a coroutine).
     * Memoised per function; a recursive function sees its own result as unknown.
     */
    private returnedBy;
    private readonly generators;
    /** A call of a generator function: a sequence of its yield values, in no known order. */
    private generatorValue;
    /** How `name` is bound where a lookup from `scope` finds it; undefined when nothing binds it. */
    binderKind(scope: PySymbol, name: string): 'param' | 'assign' | 'import' | 'def' | undefined;
}
export {};
