import { type AffectedTests } from '../review/affectedTests.js';
import type { ReviewFindings } from '../review/breakingSites.js';
export declare const MAX_LISTED = 20;
/** How many verdict or test lines the shortened review sections keep. */
export declare const COMPACT_GROUPS = 5;
/** How much of the review lists a PR digest carries (the budget's ladder, levels.ts). */
export type ReviewDetail = 'full' | 'compact' | 'counts';
/** A group of tests this small is named in full on its line. */
export declare const NAMED_GROUP = 3;
export declare function renderBreakingSection(findings: ReviewFindings, detail?: ReviewDetail): string;
export declare function renderTestsSection(tests: AffectedTests, detail?: ReviewDetail): string;
/** One line for the tightest budgets: the verdict counts, the lists left to the JSON digest. */
export declare function renderReviewSummary(findings: ReviewFindings, tests: AffectedTests): string;
