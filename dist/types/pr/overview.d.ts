import { type ChangeClass } from '../diff/changeClass.js';
import type { PrEntry } from './sections.js';
export declare const MAX_FOLDED_NAMES = 40;
export declare const MAX_RISKIEST = 3;
export declare const SMALL_PR = 5;
export interface RiskyItem {
    id: string;
    changeClass: ChangeClass;
    callers: number;
    breaking: number;
    tested: boolean;
}
export interface OverviewInput {
    entries: readonly PrEntry[];
    /** Changed files: Python ones and the others. */
    files: number;
    nonPython: number;
    riskiest: readonly RiskyItem[];
    /** How much to say: everything, no riskiest line, or the counts line alone. */
    detail?: 'full' | 'folds' | 'counts';
}
/** Entries counted by class, in ORDER, zero classes left out. */
export declare function classCounts(entries: readonly PrEntry[]): [ChangeClass, number][];
export declare function renderOverview(input: OverviewInput): string;
