import type { ListFilesPage } from '../diff/apiDiff.js';
import type { ChangedSymbolRow } from '../pack/document.js';
import type { BreakingSite } from '../review/breakingSites.js';
import type { EventInfo } from './event.js';
import type { Settings } from './settings.js';
export type DigestRequest = {
    kind: 'pr';
    base: string;
    head: string;
    prNumber: number | undefined;
    title: string | undefined;
    changedFiles: number | undefined;
} | {
    kind: 'query';
    query: string;
} | {
    kind: 'entry';
    entry: string;
};
export interface DigestProduct {
    /** The digest in `settings.format`: what `digest-path` holds. */
    document: string;
    /** The digest as markdown: the comment and job summary are built from it. */
    markdown: string;
    /** The JSON rendering: what `json-path` holds; absent when the budget is too small for it (a query or entry run in another format). */
    json?: string;
    totalTokens: number;
    budget: number;
    changedSymbols: number;
    packedSymbols: number;
    skippedSymbols: number;
    /** Soft failures (skipped files, incomplete diff) to report as warnings. */
    warnings: string[];
    /** graph.html of a PR's impact (input `viewer`); absent for query/entry runs or when off. */
    viewerHtml?: string;
    /** pytest node ids of the tests that reach the change (PR digests; empty otherwise). */
    tests: string[];
    /** Test files that import the changed code (PR digests; empty otherwise). */
    testsMustRun?: string[];
    /** Both test tiers as JSON (PR digests; absent otherwise). */
    testsJson?: string;
    /** Breaking call sites of a PR digest's review, for `fail-on`; absent when no review ran (query/entry, a digest cut short). */
    breaking?: BreakingSite[];
    /** Lines for the log: how many files the cache answered (action/digestCache.ts). */
    cacheLog?: string[];
    /** What the analysis says about files (syntax errors, nesting Python refuses, look-alike names): log lines, names made inert. */
    fileNotes?: string[];
}
/** What the pipeline may ask GitHub for. */
export interface DigestServices {
    /** `pulls.listFiles` pages for the PR, when there is a PR and a token: used only if local git cannot diff. */
    listPullFiles?: ListFilesPage;
    /** Told the changed symbols as soon as they are known (before packing), for a digest cut short by the time limit. */
    onChanged?: (changed: readonly ChangedSymbolRow[]) => void;
}
export type ProduceDigest = (settings: Readonly<Settings>, request: DigestRequest, services: DigestServices) => Promise<DigestProduct>;
/**
 * What to digest. `entry` wins over `query` (it names one symbol exactly); otherwise a PR digest of
 * base..head, from the inputs or, on pull_request events, from the payload.
 */
export declare function digestRequest(settings: Readonly<Settings>, event: EventInfo): DigestRequest;
