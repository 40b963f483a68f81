import type { AffectedTests } from '../review/affectedTests.js';
import type { ReviewFindings } from '../review/breakingSites.js';
export declare const MAX_LISTED = 20;
export declare function renderBreakingSection(findings: ReviewFindings, plain?: boolean): string;
export declare function renderTestsSection(tests: AffectedTests, plain?: boolean): string;
/** One line for the tightest budgets: the verdict counts, the lists left to the JSON digest. */
export declare function renderReviewSummary(findings: ReviewFindings, tests: AffectedTests, plain?: boolean): string;
/** The review's JSON metadata: complete lists, whatever the budget. */
export declare function reviewJson(findings: ReviewFindings, tests: AffectedTests, redactions: readonly {
    kind: string;
    count: number;
}[]): Record<string, unknown>;
