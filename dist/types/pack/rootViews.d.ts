import type { PySymbol } from '../model.js';
import type { Candidate } from './expansion.js';
import { type PackRun } from './packRun.js';
import type { RootView } from './packTypes.js';
/** Pack a root with views (see the top of this file). Returns true when packed, false when skipped (the skip recorded). */
export declare function packRootView(run: PackRun, symbol: PySymbol, candidate: Candidate, given: readonly RootView[]): boolean;
