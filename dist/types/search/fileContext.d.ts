import type { PySymbol } from '../model.js';
import type { FieldIndex } from './fieldIndex.js';
import type { RetrievalTuning } from './tuning.js';
export interface FileContext {
    /** File number of each document. */
    readonly fileOf: Uint32Array;
    readonly fileCount: number;
    /** Per file, the index terms of its path (distinct, common ones dropped). */
    readonly pathTerms: readonly (readonly number[])[];
}
export declare function buildFileContext(symbols: readonly PySymbol[], fields: FieldIndex): FileContext;
/** Multiplies `scores` in place by the path factor of each document's file for the question's terms. */
export declare function applyPathBoost(context: FileContext, scores: Float64Array, queryTerms: readonly number[], tuning: RetrievalTuning): void;
/** Adds fileShare x its file's best score to each document that scored on its own (new array). */
export declare function applyFileShare(context: FileContext, scores: Float64Array, kinds: Uint8Array, tuning: RetrievalTuning): Float64Array;
