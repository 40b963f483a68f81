import type { RemovedReference } from '../diff/removedReferences.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { ImportRecord } from '../model.js';
import type { DataRecord } from '../pack/document.js';
import { type PrEntry, type SitesLevel } from './sections.js';
/**
 * Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `name` is its
 * qualified name inside the file (`Class.method`, `''` for the module), `imports` gives import lines.
 */
export type LocateSymbol = (id: string) => {
    file: string;
    name?: string;
    imports?: readonly ImportRecord[];
} | undefined;
/** The code of line `line` of symbol `callerId`, which calls `name` there. */
export type LineText = (callerId: string, line: number, name: string) => string | undefined;
/** Ids of the symbols whose scope imports `id` (the graph's `imports` edges), sorted. */
export type ImportersOf = (id: string) => readonly string[];
/** A call line longer than this is cut with `…` in a site list. */
export declare const MAX_LINE_CHARS = 100;
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
    /** The code of a caller's line that calls `name` (pack/callerView.ts callLineText); without it sites name no code. */
    lineText?: LineText;
    /** Whether a changed symbol is local to a function: its calls are in that function's code (see the decisions). */
    isLocal?: (id: string) => boolean;
    /**
     * The section's share of the budget, in tokens, and how to count them: lists past it are folded to
     * per-file counts, longest first (see the decision above). Without it no list is folded for its size.
     */
    cap?: {
        tokens: number;
        count: (text: string) => number;
    };
}
/** Files named in one folded list at most; the rest are counted. */
export declare const MAX_FOLDED_FILES = 30;
/** More call sites in test files than this, for one symbol, are counted per file (decision above). */
export declare const MAX_TEST_SITES_LISTED = 5;
/**
 * Call sites for every changed symbol that has any: alarms first (always in full), then the symbols
 * whose contract changed, then the rest; `contract` and `other` say how compact each group is. A
 * statement that no call site exists is made only when none exists, never because lines were cut.
 */
export declare function renderCallSites(input: CallSitesInput): string;
/**
 * The call sites as data (the JSON digest's `callSites`, the XML digest's <callSites>): every site
 * when `complete`, else as compact as the levels say, by the rules renderCallSites follows: `sites`
 * lists the sites shown one each, `byFile` the rest per file, `sitesTotal` counts them all. Removed
 * symbols are not here: a reference to one is a breaking finding.
 */
export declare function callSiteData(input: CallSitesInput, complete: boolean): DataRecord[];
