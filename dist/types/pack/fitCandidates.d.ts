import { type PackRun } from './packRun.js';
/** Reasons of the skips after the scan stopped (see the top of this file). */
export declare const NOT_CONSIDERED_BUDGET = "not considered: the budget was used up";
export declare const NOT_CONSIDERED_CHANGED_FIRST = "not considered: a changed symbol is not in the document, and neighbours never take its place";
export declare function notConsideredLimit(maxCandidates: number): string;
/** Pack or skip every candidate, then pay for the roots' lines and measure the frame again. */
export declare function fitCandidates(run: PackRun): void;
