import type { PySymbol } from '../model.js';
import type { Candidate } from './expansion.js';
import { type PackRun } from './packRun.js';
import type { RootView } from './packTypes.js';
/** What a priority item (a caller of a changed contract) leaves free: the room of every root still to come, then of the mechanical changes. */
export declare function roomForUndecided(run: PackRun): number;
/** Pack a root with views (see the top of this file). Returns true when packed, false when skipped (the skip recorded). */
export declare function packRootView(run: PackRun, symbol: PySymbol, candidate: Candidate, given: readonly RootView[]): boolean;
