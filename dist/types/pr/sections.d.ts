import { type ChangeClass } from '../diff/changeClass.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { MoveFields } from '../diff/symbolDiff.js';
import type { Adjacency } from '../graph/adjacency.js';
/** Free text -> one line of inert markdown. */
export declare function escapeMarkdownText(text: string, maxChars?: number): string;
export interface PrHeaderInput {
    prNumber?: number;
    title?: string;
    base: string;
    head: string;
    tokensUsed: number;
    budget: number;
    encoding: string;
    incomplete?: boolean;
    /** Our own notes (they may quote paths: escaped like any text). */
    notes?: readonly string[];
    /** Notes written as markdown from our own words and constants only (no path, name or title): not escaped. */
    markdownNotes?: readonly string[];
}
export declare function renderPrHeader(input: PrHeaderInput): string;
/** A changed symbol as the PR sections see it: the diff's entry, its move links, and whether its contract changed. */
export type PrEntry = ChangedSymbol & MoveFields & {
    /** What breaks callers: the symbol is gone (not moved), was renamed or moved, or its header changed. */
    contract?: 'removed' | 'moved' | 'renamed' | 'signature';
    /** What kind of change it is (diff/changeClass.ts); mechanical ones are folded in the overview. */
    changeClass?: ChangeClass;
    /** Moved unchanged together with this moved ancestor (a method of a renamed class): listed under it. */
    carriedBy?: string;
};
/** How much of the changed list the preamble carries: a table, names per file, or counts per file. */
export type ListLevel = 'table' | 'names' | 'counts';
/**
 * The levels with no changed list, no call sites and the review as one line: `brief` keeps the
 * overview's line of counts by class, `summary` (the last resort) not even that.
 */
export type SummaryLevel = 'brief' | 'summary';
export declare function isSummary(list: ListLevel | SummaryLevel): list is SummaryLevel;
/** How call sites are listed: one line per site, one line per file with line numbers, or only counted. */
export type SitesLevel = 'full' | 'compact' | 'counts';
export declare function removedIds(changed: readonly PrEntry[]): Set<string>;
/** Callers that exist in head (a removed symbol's calls are gone with it). */
export declare function liveCallers(id: string, adjacency: Adjacency, removed: ReadonlySet<string>): import("../graph/adjacency.js").Neighbour[];
/** The same inside parentheses of its own: `added, renamed from x`, not `added (renamed from x)` nested in `(…)`. */
export declare function changeClause(c: PrEntry): string;
/**
 * Every changed symbol, at every level: a table; or, when that displaces code, names per file;
 * or counts per file. The list is never cut.
 */
export declare function renderChangedList(all: readonly PrEntry[], adjacency: Adjacency, level: ListLevel, nonPython?: readonly string[]): string;
