import type { CallSite, PySymbol, RefExpr } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import { type Value } from './values.js';
export declare const MAX_FLOW_SITES = 24;
export declare class ArgumentFlow {
    private readonly ev;
    private readonly mode;
    /** function id -> call sites with arguments that resolved to it (pass 1). */
    private readonly callers;
    private readonly memo;
    /**
     * `callables`: only sites that call the parameter itself (`cb()`, `factory().start()`): the default,
     * since those are the callbacks, hooks and decorator wrappers; `all` also parameters used as
     * receivers (`doc.save()`), which revisits several times as many sites.
     */
    constructor(ev: Evaluator, mode?: 'all' | 'callables');
    /** Pass 1: remember that `site` (which has arguments) calls `targets`. */
    record(scope: PySymbol, site: CallSite, targets: readonly string[]): void;
    /**
     * Pass 2: for a site whose callee chain starts at an unannotated, non-self parameter with callers,
     * the values that parameter receives; undefined when the site is not such a site.
     */
    /** Pass 1's cheap test: the callee chain starts at the name of a parameter of `scope` or an enclosing function. */
    mayStartAtParameter(scope: PySymbol, callee: RefExpr): boolean;
    rootValues(scope: PySymbol, callee: RefExpr): Value[] | undefined;
    /** Whether any function in the scope's lookup chain has parameters (most module-level code: none). */
    private readonly hasParams;
    /** The innermost function in `scope`'s lookup chain with a parameter `name`, if any. */
    private paramOf;
    private paramValues;
    private compute;
}
