import type { RefExpr } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';
export declare const DEFAULT_MIN_CONFIDENCE = 0.5;
/** Words of a name (memoised: the same class names are split for every heuristic candidate). */
export declare function words(name: string): string[];
/** The name that best describes the receiver of `recv.m()`: the variable, attribute or function it comes from. */
export declare function receiverName(object: RefExpr): string | undefined;
export interface Scored {
    ids: string[];
    confidence: number[];
}
/** Candidates (from heuristicTargets) scored for `callee`; those under `min` are dropped. */
export declare function scoreCandidates(index: ProjectIndex, callee: RefExpr, candidates: readonly string[], min: number): Scored;
