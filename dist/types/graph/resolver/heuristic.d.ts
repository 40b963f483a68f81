import type { ProjectIndex } from './projectIndex.js';
export declare const DEFAULT_MAX_HEURISTIC_TARGETS = 5;
/** Candidates for a name, memoised per index (the same names recur across thousands of sites). */
export declare function heuristicTargets(index: ProjectIndex, name: string, bare: boolean, max: number): string[];
