import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { ClassModel } from './classes.js';
import type { ProjectIndex } from './projectIndex.js';
import { type Lookup, type Value } from './values.js';
export interface AttrObserver {
    onAttr(receivers: readonly Value[], name: string): void;
}
export declare class Evaluator {
    readonly index: ProjectIndex;
    readonly classes: ClassModel;
    /** How deeply evaluations are nested now; shared with the parts (MAX_DEPTH bounds it). */
    depth: number;
    private readonly active;
    private readonly scopes;
    private readonly containers;
    private readonly annotations;
    /** The chain nodes of the evaluations in progress (evalRef). */
    private readonly opStack;
    private readonly returnMemo;
    constructor(index: ProjectIndex);
    /** Run `fn` under the shared depth limit and a re-entry guard on `key`. */
    guarded<T>(key: string, fallback: T, fn: () => T): T;
    symbol(id: string | undefined): PySymbol | undefined;
    /** What `name` is bound to in `scope`'s own namespace, or NOT_BOUND. */
    localName(scope: PySymbol, name: string): Lookup;
    /** A file's sites are resolved: what lookups from its functions found may go (nameLookup.ts forgetLookups). */
    fileResolved(symbols: readonly PySymbol[]): void;
    /** The scopes a lookup from `scope` visits, innermost first. */
    chainOf(scope: PySymbol): PySymbol[];
    /** How `name` is bound where a lookup from `scope` finds it; undefined when nothing binds it. */
    binderKind(scope: PySymbol, name: string): 'param' | 'assign' | 'import' | 'def' | undefined;
    /** `module.name`: a module-level binding or definition, else a submodule. */
    moduleMember(moduleId: string, name: string, viaStar: boolean): Lookup;
    bindingValues(scope: PySymbol, b: Binding): Value[];
    /** Annotation text -> instances of the classes it names (externals stay external). */
    evalAnnotation(scope: PySymbol, text: string): Value[];
    /**
     * Values of `ref` evaluated in `scope`, iterative over the chain. `observer` sees every attribute
     * step with the receiver's values (call-site resolution uses it to find property getters).
     * `root`: values that stand in for the chain's base name (parameter flow, flow.ts).
     */
    evalRef(scope: PySymbol, ref: RefExpr, observer?: AttrObserver, root?: readonly Value[]): Value[];
    private step;
    private evalBase;
    member(v: Value, name: string): Value[];
    /** The value a call of `v` returns. */
    callResult(v: Value): Value[];
    /**
     * A method annotated to return its receiver's own type: `-> Self` (typing, typing_extensions), or
     * `def __enter__(self: T) -> T` (a type variable, whatever it is bound to): an instance of the
     * enclosing class or a subclass (not exact). Undefined otherwise.
     */
    private returnsReceiver;
    /**
     * What calling function `s` returns: its return annotation when that names something, else the
     * values of its own `return` statements (not for `async def`, whose call yields a coroutine).
     * Memoised per function; a recursive function sees its own result as unknown.
     */
    private returnedBy;
}
