import type { CallSite, PySymbol } from '../model.js';
import type { Evaluator } from './resolverEval.js';
import { type Value } from './resolverValues.js';
export interface SiteTargets {
    resolved: string[];
    heuristic: string[];
}
/** `root`: values for the callee chain's base name, standing in for its lookup (parameter flow, resolverFlow.ts). */
export declare function resolveSite(ev: Evaluator, scope: PySymbol, site: CallSite, maxHeuristic: number, root?: readonly Value[]): SiteTargets;
