import type { CallSite, PySymbol } from '../../model.js';
import type { Evaluator } from './evaluator.js';
import { type Value } from './values.js';
export interface SiteTargets {
    resolved: string[];
    heuristic: string[];
    /** Overrides a call through a base-typed receiver may run (resolution `dispatch`); never also in `resolved`. */
    dispatch?: string[];
    /** Per heuristic target, its confidence (same order as `heuristic`). */
    confidence?: number[];
    /** Per resolved target, its confidence when the site picks it from several (same order as `resolved`; 1: certain). */
    resolvedConfidence?: number[];
}
/**
 * What calling each value runs: a function; a class, its `__new__` and `__init__` (the first its MRO
 * finds, project code only); an instance's `__call__`. `dispatch` (when given) collects what runs
 * only through dispatch: overrides, and the subclasses `cls(...)` in a classmethod may construct.
 */
export declare function callTargets(ev: Evaluator, values: readonly Value[], dispatch?: string[]): string[];
/** Collects the getters read along one callee chain (an object, not a closure: this runs per site). */
export declare class GetterCollector {
    private readonly ev;
    readonly getters: string[];
    constructor(ev: Evaluator);
    onAttr(receivers: readonly Value[], name: string): void;
}
/** `root`: values for the callee chain's base name, standing in for its lookup (parameter flow, flow.ts). */
export declare function resolveSite(ev: Evaluator, scope: PySymbol, site: CallSite, maxHeuristic: number, root?: readonly Value[], minConfidence?: number): SiteTargets;
