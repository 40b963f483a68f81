import type { Edge, PySymbol } from '../model.js';
import type { RetrievalTuning } from './tuning.js';
export interface TestLinks {
    /** CSR: tests linked to code document d are list[start[d] .. start[d+1]). */
    readonly start: Uint32Array;
    readonly list: Uint32Array;
}
export declare function buildTestLinks(symbols: readonly PySymbol[], edges: readonly Edge[], isTest: Uint8Array, docOf: ReadonlyMap<string, number>): TestLinks;
/** Lifts the tests of the best non-test hits to `testShare` of their hit's score (in place). */
export declare function liftLinkedTests(links: TestLinks, scores: Float64Array, isTest: Uint8Array, tuning: RetrievalTuning): void;
