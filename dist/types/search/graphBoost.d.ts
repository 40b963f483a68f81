import type { Edge } from '../model.js';
export declare const GRAPH_SEEDS = 20;
export declare const GRAPH_SHARE = 0.3;
export interface Neighbours {
    /** CSR: neighbours of d are list[start[d] .. start[d+1]). */
    readonly start: Uint32Array;
    readonly list: Uint32Array;
    /** Distinct resolved callers per document. */
    readonly callerCount: Uint32Array;
}
export declare function buildNeighbours(n: number, docOf: ReadonlyMap<string, number>, edges: readonly Edge[]): Neighbours;
/** base + what the top seeds lend their neighbours (a new array; base is not changed). */
export declare function spreadOneHop(neighbours: Neighbours, base: Float64Array, priorOf: (d: number) => number): Float64Array;
