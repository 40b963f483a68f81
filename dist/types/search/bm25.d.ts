import type { PySymbol } from '../model.js';
export interface SearchIndex {
    /** Document number -> symbol id, in input order. */
    readonly ids: readonly string[];
    readonly termIds: ReadonlyMap<string, number>;
    /** idf per term id. */
    readonly idf: Float64Array;
    /** Postings of term t: docs[postingStart[t] .. postingStart[t+1]) with term frequencies in tf. */
    readonly postingStart: Uint32Array;
    readonly postingDocs: Uint32Array;
    readonly postingTf: Uint32Array;
    /** Precomputed k1 * (1 - b + b * len / avgLen) per document. */
    readonly lengthNorm: Float64Array;
}
export interface SearchHit {
    id: string;
    score: number;
}
/** The text a symbol is found by (documentation and tests use it; the index scans the two parts). */
export declare function searchDocumentText(symbol: PySymbol): string;
export declare function buildSearchIndex(symbols: readonly PySymbol[]): SearchIndex;
/** The `top` best documents for `query`, best first, ties by id; only positive scores. */
export declare function searchIndex(index: SearchIndex, query: string, top: number): SearchHit[];
