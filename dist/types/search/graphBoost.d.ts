import type { Edge } from '../model.js';
import type { RetrievalTuning } from './tuning.js';
export interface Neighbours {
    /** CSR: neighbours of d are list[start[d] .. start[d+1]). */
    readonly start: Uint32Array;
    readonly list: Uint32Array;
    /** Distinct resolved callers per document. */
    readonly callerCount: Uint32Array;
    /** 1 where list[i] is a child (contained symbol) of the document whose neighbour it is. */
    readonly isChild: Uint8Array;
}
export declare function buildNeighbours(n: number, docOf: ReadonlyMap<string, number>, edges: readonly Edge[]): Neighbours;
/**
 * base + what the top seeds lend their neighbours (a new array; base is not changed). `lexical` is each
 * document's own word score (for membersByMatch), `prior` the receiver's factor.
 */
export declare function spreadOneHop(neighbours: Neighbours, base: Float64Array, lexical: Float64Array, prior: Float64Array, tuning: RetrievalTuning): Float64Array;
