import type { Edge, FileRecord } from '../model.js';
export interface ResolveOptions {
    maxHeuristicTargets?: number;
    /**
     * Parameter flow (resolverFlow.ts), off by default: measured on Django it cost about a fifth more
     * resolution time (median of interleaved rounds, same process) for 15 more resolved call sites;
     * on small programs passing callbacks it is what links `apply(fn)` to `fn`.
     */
    parameterFlow?: boolean;
    /** Heuristic edges under this confidence are not made (resolverConfidence.ts; default DEFAULT_MIN_CONFIDENCE, 0 keeps every guess). */
    minHeuristicConfidence?: number;
}
export declare function compareEdges(a: Edge, b: Edge): number;
export declare function resolveCallGraph(files: readonly FileRecord[], options?: ResolveOptions): Edge[];
