import type { Binding, PySymbol, RefExpr } from '../../model.js';
import { type ProjectIndex } from './projectIndex.js';
import { type ScopeNames } from './scopeNames.js';
import { type Lookup, type Value } from './values.js';
/** How deep evaluations nest (lookups through lookups, iterations of iterations) before yielding "unknown". */
export declare const MAX_DEPTH = 150;
/**
 * The part of the evaluator the name lookup calls back into (it evaluates what a name is bound to).
 * `depth` is the evaluator's nesting depth, shared with its other parts.
 */
export interface BindingEvaluator {
    readonly index: ProjectIndex;
    depth: number;
    symbol(id: string | undefined): PySymbol | undefined;
    evalAnnotation(scope: PySymbol, text: string): Value[];
    bindingValues(scope: PySymbol, b: Binding): Value[];
    evalRef(scope: PySymbol, ref: RefExpr): Value[];
    guarded<T>(key: string, fallback: T, fn: () => T): T;
}
export declare class NameLookup {
    private readonly ev;
    readonly index: ProjectIndex;
    private readonly infos;
    private readonly adds;
    private addsIndexed;
    /** Decorated definitions by the last name of each decorator (`@app.route(...)`: `route`); built on first use. */
    private decorated;
    constructor(ev: BindingEvaluator);
    /** The scope's lookup state, in one record found by one map lookup. */
    private info;
    /**
     * Forgets what lookups from a function's scope found (its lookup memo and chain), keeping what the
     * scope binds itself (its own-name memo, whose answers can depend on the order of evaluation). The
     * lookup memo holds only answers every scope on the way gave for good, each of them kept in that
     * scope's own-name memo, so a later lookup walks the chain again to the same answer. The call graph
     * calls it once a file is resolved: few later lookups start in its functions, and on a large tree
     * these memos are a fifth of the resolver's memory.
     */
    forgetLookups(scope: PySymbol): void;
    private chainInfos;
    /** The scopes a lookup from `scope` visits, innermost first (scopes.ts: scopeChain). */
    chainOf(scope: PySymbol): PySymbol[];
    /**
     * LEGB lookup; [] means unknown, [EXT] a builtin or external name. Memoised per (scope, name) when
     * every scope on the way answered for good (no re-entry cut, no depth cut): the walk would then
     * give the same answer again, since each scope's own answer is memoised.
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
    /**
     * `X.append(v)`, `X[k] = v`, ... anywhere in `scope`'s file, where X is the name `scope` binds:
     * each adds its values to X. Indexed once for the project, on first use: each add goes to the
     * first scope in its lookup chain that binds the name. Additions are rare, so the per-call question
     * is then one lookup keyed by the scope object.
     */
    private addedTo;
    /** A parameter's values: its annotation's, else `self`/`cls` of a method, else unknown. */
    private paramValues;
    /**
     * A decorator that hands its parameter back (`def register(fn): REGISTRY.append(fn); return fn`):
     * the parameter holds each definition it decorates, so what it stores is known (a registry read
     * elsewhere, `for h in REGISTRY: h()`). Candidates are found by the decorator's name (or, for a
     * factory's inner decorator, the factory's), and each is confirmed by evaluating its decorator in
     * the scope that applies it. Undefined for any other function.
     */
    private handedBack;
    private decoratedBy;
    /** How `name` is bound where a lookup from `scope` finds it; undefined when nothing binds it. */
    binderKind(scope: PySymbol, name: string): 'param' | 'assign' | 'import' | 'def' | undefined;
}
