import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { RemovedReference } from '../diff/removedReferences.js';
import type { MoveFields } from '../diff/symbolDiff.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { ImportRecord } from '../model.js';
/** Free text -> one line of inert markdown. */
export declare function escapeMarkdownText(text: string, maxChars?: number): string;
/**
 * Free text -> one line of plain text, for the header of an XML digest: its preamble sits in CDATA,
 * where markdown escapes would be literal noise (`\(1 added\)`). Invisible and control characters
 * are still removed and the length capped; the XML renderer splits any `]]>`.
 */
export declare function plainText(text: string, maxChars?: number): string;
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
    /** Title and notes as plain text (XML digests), not escaped markdown. */
    plain?: boolean;
}
export declare function renderPrHeader(input: PrHeaderInput): string;
/** A changed symbol as the PR sections see it: the diff's entry, its move links, and whether its contract changed. */
export type PrEntry = ChangedSymbol & MoveFields & {
    /** What breaks callers: the symbol is gone (not moved), was renamed or moved, or its header changed. */
    contract?: 'removed' | 'moved' | 'renamed' | 'signature';
    /** Moved unchanged together with this moved ancestor (a method of a renamed class): listed under it. */
    carriedBy?: string;
};
/** How much of the changed list the preamble carries: a table, names per file, or counts per file. */
export type ListLevel = 'table' | 'names' | 'counts';
/** How call sites are listed: one line per site, one line per file with line numbers, or only counted. */
export type SitesLevel = 'full' | 'compact' | 'counts';
/**
 * Every changed symbol, at every level: a table; or, when that displaces code, names per file;
 * or counts per file. The list is never cut.
 */
export declare function renderChangedList(changed: readonly PrEntry[], adjacency: Adjacency, level: ListLevel, nonPython?: readonly string[]): string;
/** Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `imports` gives import lines. */
export type LocateSymbol = (id: string) => {
    file: string;
    imports?: readonly ImportRecord[];
} | undefined;
/** Ids of the symbols whose scope imports `id` (the graph's `imports` edges), sorted. */
export type ImportersOf = (id: string) => readonly string[];
export interface CallSitesInput {
    changed: readonly PrEntry[];
    adjacency: Adjacency;
    locate: LocateSymbol;
    /** Removed symbols head still refers to (diff/: computed against head's own bindings). */
    alarms: readonly RemovedReference[];
    /** Symbols whose contract changed (removed, moved, renamed, signature). */
    contract: SitesLevel;
    /** Every other changed symbol that has callers. */
    other: SitesLevel;
    /** Whether a file is a test file (python/testFiles.ts isTestModule); without it no site is folded as a test. */
    isTest?: (file: string) => boolean;
}
/** More call sites in test files than this, for one symbol, are listed one line per file (decision above). */
export declare const MAX_TEST_SITES_LISTED = 5;
/** More call sites outside test files than this, for one symbol, are listed one line per file (decision above). */
export declare const MAX_SITES_LISTED = 20;
/**
 * Call sites for every changed symbol that has any: alarms first (always in full), then the symbols
 * whose contract changed, then the rest; `contract` and `other` say how compact each group is. A
 * statement that no call site exists is made only when none exists, never because lines were cut.
 */
export declare function renderCallSites(input: CallSitesInput): string;
