import { type PackResult } from '../pack/packer.js';
import { type PackSettings } from '../pipeline/packRepository.js';
import { isTestModule } from '../python/testFiles.js';
import { type PreparedPr } from './prepare.js';
import { type ReviewDetail } from './reviewSections.js';
import { type ListLevel, type PrEntry, type SitesLevel, type SummaryLevel } from './sections.js';
/**
 * How much of the PR sections the document carries: the preamble is sized against the code.
 * Levels go from fullest to most compact; each still accounts for every changed symbol. The Mermaid
 * graph goes first, then call sites of unchanged-contract symbols get compact (one line per file),
 * then counted, then the review lists are shortened (reviewSections.ts says what stays), then
 * the changed table becomes names per file, contract-changed call sites get compact, then counted,
 * then the review becomes counts, then the list becomes counts per file, then `brief` keeps the
 * overview's counts by class and the review's one line; the last resort, `summary`, is one line of
 * counts. The pack keeps the first level that shows every changed symbol in its best
 * view; else the one showing the most changed lines (of changed symbols and mechanical changes alike:
 * the plain diff shows them all), then the most changed symbols as code, then the most mechanical
 * changes, then the most in the document at all (signatures count), then the most in their best view,
 * fuller on a tie (changed lines within LINES_TIE_SHARE of each other are one, below).
 *
 * Call sites come before whole views: the levels of SITES_KEPT compact everything but the call-site
 * lists (which SITES_SHARE bounds on its own), and one of them is kept whenever it shows as many
 * changed lines, changed symbols as code, mechanical changes and changed symbols in the document as
 * the most compact level does. A call line is what a
 * reviewer checks a behaviour change against; an unchanged docstring that a whole view adds to the
 * change's hunks is not (a six-function change took every call list down to counts so that each
 * function could be shown whole).
 */
export interface SectionsLevel {
    mermaid: boolean;
    list: ListLevel | SummaryLevel;
    contract: SitesLevel;
    other: SitesLevel;
    review: ReviewDetail;
}
/** The levels that keep every call-site list as full as its share allows, fullest first (see above). */
export declare const SITES_KEPT: readonly SectionsLevel[];
/** Whether the Mermaid graph is drawn for this format: never in XML (no one renders it there), never when turned off. */
export declare function mermaidWanted(pack: PackSettings): boolean;
export declare function levelsFor(prepared: PreparedPr, pack: PackSettings, ladder?: readonly SectionsLevel[]): SectionsLevel[];
export declare const graphOf: (prepared: PreparedPr) => string;
/** Memoise on the prepared PR (it is immutable once built). */
export declare function perPrepared<T>(build: (prepared: PreparedPr) => T): (prepared: PreparedPr) => T;
/**
 * How many roots are in the document as code (a diff, hunks or whole code: not a signature alone,
 * which shows none of the changed lines), how many at all, and how many in their best view.
 */
export declare function scoreOf(prepared: PreparedPr, result: PackResult): Score;
/**
 * The share of the change's lines that are mechanical changes' (each symbol counted by its fullest view
 * that shows its change on its own): the share of the budget they may take ahead of the context
 * (pack/tailItems.ts). The plain diff shows a sweep's annotation edits as they come; at a fixed
 * quarter, a refactor whose lines were mostly such edits showed its callers' context in their room
 * and fell below the plain diff.
 */
export declare const mechanicalShareOf: (prepared: PreparedPr) => number;
/** Whether `result` shows every changed symbol as code and every mechanical change: no level can show more of the change. */
export declare function showsEverything(prepared: PreparedPr, result: PackResult): boolean;
/** Whether `a` shows more of the change than `b`: more changed lines, then more changed symbols as code, then more mechanical changes (a tie within the band goes to `b`, see asGoodAs). */
export declare function showsMoreOfChange(prepared: PreparedPr, a: PackResult | undefined, b: PackResult): boolean;
type Score = [number, number, number, number, number];
/**
 * Changed lines within this share of what a more compact layout shows are a tie, which the fuller
 * layout wins when it shows as many changed symbols as code: on a change too large to show whole, the
 * overview's counts by kind or the changed list are worth the line or two of diff they cost (a sweep
 * of 235 annotation edits lost its overview at 3,000 tokens for two more of them).
 */
export declare const LINES_TIE_SHARE = 0.02;
/** Whether `kept` shows as many changed lines (within the tie band), then changed symbols as code, then mechanical changes, then roots in the document, as `compact` (their best views aside). */
export declare function showsAsMuch(prepared: PreparedPr, kept: PackResult, compact: PackResult): boolean;
/**
 * The level that shows the most changed lines (then the most changed symbols as code, the most
 * mechanical changes, the most at all, the most in their best view), fuller on a tie (within the
 * tie band on changed lines).
 * What a level shows grows as its preamble shrinks, so the levels are not all packed: the most compact
 * one gives the best score, then a binary search finds the fullest level that reaches it (a few packs
 * instead of one per level: a PR with many changed symbols makes each pack costly).
 */
export declare function bestOf(prepared: PreparedPr, levels: readonly SectionsLevel[], packAt: (level: SectionsLevel) => PackResult): {
    result?: PackResult;
    error?: unknown;
};
/** What the header says a level left out or compacted (nothing at the fullest level). */
export declare function levelNotes(level: SectionsLevel, entries: readonly PrEntry[], graphCut: boolean): string[];
/** The share of the budget the call-site lists may take before they fold to per-file counts (sections.ts). */
export declare const SITES_SHARE = 0.2;
export declare function sitesInput(prepared: PreparedPr, pack?: PackSettings): {
    cap?: undefined;
    changed: PrEntry[];
    adjacency: import("../graph/adjacency.js").Adjacency;
    locate: (id: string) => import("../model.js").PySymbol | undefined;
    alarms: import("../diff/removedReferences.js").RemovedReference[];
    isTest: typeof isTestModule;
    lineText: (callerId: string, line: number, name: string) => string | undefined;
    isLocal: (id: string) => boolean;
} | {
    cap: {
        tokens: number;
        count: (text: string) => number;
    };
    changed: PrEntry[];
    adjacency: import("../graph/adjacency.js").Adjacency;
    locate: (id: string) => import("../model.js").PySymbol | undefined;
    alarms: import("../diff/removedReferences.js").RemovedReference[];
    isTest: typeof isTestModule;
    lineText: (callerId: string, line: number, name: string) => string | undefined;
    isLocal: (id: string) => boolean;
};
export {};
