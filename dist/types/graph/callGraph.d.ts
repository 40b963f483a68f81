import type { Edge, FileRecord } from '../model.js';
export interface CallGraphOptions {
    maxHeuristicTargets?: number;
    /**
     * Parameter flow (resolver/flow.ts). Default `'callables'`: only parameters the function calls
     * (`cb()`, `fn(x)`, `factory().start()`, a decorator's wrapper calling the wrapped function), which
     * is what callbacks, keyword hooks and decorators need at a fraction of the cost. `true` also
     * follows receivers (`def persist(doc): doc.save()`), which costs noticeably more resolution time;
     * `false` turns it off.
     */
    parameterFlow?: boolean | 'callables';
    /** Heuristic edges under this confidence are not made (resolver/confidence.ts; default DEFAULT_MIN_CONFIDENCE, 0 keeps every guess). */
    minHeuristicConfidence?: number;
    /** Called before each file's sites are resolved, with the files done so far (the pipeline's heap guard, shared/heapGuard.ts). */
    afterFile?: (done: number, total: number) => void;
    /** Called between the steps that follow the per-file pass, with the steps done so far (the same heap guard). */
    afterStep?: (done: number, total: number) => void;
}
export declare function compareEdges(a: Edge, b: Edge): number;
export declare function buildCallGraph(files: readonly FileRecord[], options?: CallGraphOptions): Edge[];
