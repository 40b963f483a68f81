import { type ChangeClass } from '../diff/changeClass.js';
import type { DataRecord } from '../pack/document.js';
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
    /** How much to say: everything, no riskiest line, or the counts line alone; `complete` (data only): every folded name. */
    detail?: 'full' | 'folds' | 'counts' | 'complete';
}
/** Entries counted by class, in ORDER, zero classes left out. */
export declare function classCounts(entries: readonly PrEntry[]): [ChangeClass, number][];
export declare function renderOverview(input: OverviewInput): string;
/**
 * The overview as data (the JSON and XML digests' `overview`): the same counts, folds and riskiest
 * items at the same detail, or undefined when the markdown has no overview.
 */
export declare function overviewData(input: OverviewInput): DataRecord | undefined;
