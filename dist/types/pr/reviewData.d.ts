import type { ChangedSymbolRow, DataRecord } from '../pack/document.js';
import type { AffectedTests } from '../review/affectedTests.js';
import type { ReviewFindings } from '../review/breakingSites.js';
import type { RedactionCount } from '../review/redact.js';
import { type CallSitesInput } from './callSites.js';
import { type OverviewInput } from './overview.js';
import { type ReviewDetail } from './reviewSections.js';
import { type ListLevel, type SitesLevel, type SummaryLevel } from './sections.js';
/** How much of each list the data carries: everything, or what a section level shows. */
export type DataDetail = 'complete' | {
    list: ListLevel | SummaryLevel;
    review: ReviewDetail;
    contract: SitesLevel;
    other: SitesLevel;
};
export interface HeaderData {
    prNumber?: number;
    title?: string;
    base: string;
    head: string;
    incomplete?: boolean;
    /** Our own notes (the working tree, what the budget left out, redactions). */
    notes: readonly string[];
}
export interface ReviewDataInput {
    header: HeaderData;
    overview: Omit<OverviewInput, 'detail'>;
    changed: readonly ChangedSymbolRow[];
    nonPython: readonly string[];
    findings: ReviewFindings;
    tests: AffectedTests;
    redactions: readonly RedactionCount[];
    /** The call sites' input without its levels (callSites.ts). */
    sites: Omit<CallSitesInput, 'contract' | 'other'>;
}
/** The findings and the test tiers at `detail` (the breaking … untested fields). */
export declare function reviewListsData(findings: ReviewFindings, tests: AffectedTests, detail: DataDetail): DataRecord;
/** The review record at `detail`: every list whole (`complete`, the JSON), or as a section level shows it (the XML). */
export declare function reviewData(input: ReviewDataInput, detail: DataDetail): DataRecord;
