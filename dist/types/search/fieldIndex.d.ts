import type { PySymbol } from '../model.js';
export declare const FIELDS: readonly ["name", "id", "signature", "docstring", "body"];
export type FieldName = (typeof FIELDS)[number];
/** Not terms: Python keywords, `self`/`cls`, and English function words (queries are English prose). */
export declare const STOP_TERMS: ReadonlySet<string>;
export interface FieldIndex {
    readonly n: number;
    readonly termIds: ReadonlyMap<string, number>;
    readonly idf: Float64Array;
    /** Per field: postings of term t are docs[start[t] .. start[t+1]) with frequencies in tf. */
    readonly postings: readonly {
        start: Uint32Array;
        docs: Uint32Array;
        tf: Uint32Array;
    }[];
    /** Per field: WEIGHT / (1 - b + b * len / avgLen) for each document, so a posting costs one multiply. */
    readonly scale: readonly Float32Array[];
}
/** The texts of each field of one symbol; `ownBody` is the symbol's source minus its nested definitions. */
export declare function fieldTexts(symbol: PySymbol, ownBody: string): Record<FieldName, string>;
/** Builds the index; `texts(d)` gives document d's fields (called once per document, in order). */
export declare function buildFieldIndex(n: number, texts: (d: number) => Record<FieldName, string>): FieldIndex;
/**
 * Words that describe the act of changing code, not the code: "fix the typo from the bug report" names
 * nothing in the repository, yet `fix` is rare in code and so weighs a lot (a `_fixed_cycle_init` would
 * rank first for "Fix typo"). Dropped from questions only, when the tuning says so (`metaWords`).
 */
export declare const META_TERMS: ReadonlySet<string>;
export declare function queryTerms(index: FieldIndex, query: string, dropMeta?: boolean): number[];
/** BM25F score of every document for `terms` (0 where no term matches); `factor[f]` scales field f's weight. */
export declare function scoreFields(index: FieldIndex, terms: readonly number[], factor?: readonly number[]): Float64Array;
