import type { PackInput, PackResult } from './packTypes.js';
export { BudgetTooSmallError } from './finalCheck.js';
export { NOT_CONSIDERED_BUDGET, NOT_CONSIDERED_CHANGED_FIRST, notConsideredLimit } from './fitCandidates.js';
export type { PackedSymbol, PackInput, PackResult, Preamble, PreambleData, RootView, SkippedSymbol } from './packTypes.js';
/** How many roots have their code in the document: packed, or inside a packed symbol (a method of a packed class). */
export declare function rootsInDocument(result: Pick<PackResult, 'roots' | 'packed' | 'skipped'>): number;
export declare function packContext(input: PackInput): PackResult;
