import type { SymbolKind } from '../model.js';
/** `hunks`: a PR's changed symbol shown as its changed lines with a little context (its whole diff did not fit, or it is a module or class). */
/** `window`: a caller cut to the lines around its calls (pack/callerView.ts). */
export type PackMode = 'full' | 'signature' | 'hunks' | 'window';
/** `mechanical`: a PR's annotation, docstring or formatting-only change, packed after everything else (tailItems.ts). */
export type PackDirection = 'root' | 'callee' | 'caller' | 'mechanical';
export type DigestFormat = 'markdown' | 'xml' | 'json';
export interface DigestItem {
    id: string;
    file: string;
    name: string;
    kind: SymbolKind;
    mode: PackMode;
    /** Tokens of `text` alone. */
    tokens: number;
    startLine: number;
    endLine: number;
    /** Hops from the nearest root in `direction` (0 for roots). */
    hop: number;
    direction: PackDirection;
    /** The code shown: the full source or the signature rendering. */
    text: string;
    /** Set for a symbol the PR removed: `text` is its code in base (PR digests only). */
    status?: 'removed';
    /** Set when the symbol's file had syntax errors and was only partly parsed. */
    partialParse?: true;
    /** The definition's name as written when Python reads it as another (NFKC, python/identifiers.ts): said in the heading. */
    spelledAs?: string;
    /** PR digests: how the PR changed this symbol (changed symbols only). */
    change?: 'added' | 'modified' | 'removed';
    /** PR digests: `text` is diff lines (`+`/`-`/` ` prefixes, `@@` hunk headers), fenced as `diff`. */
    fence?: 'diff';
    /** PR digests: short lines said under the heading (moved from, signature old -> new, why only hunks). */
    notes?: readonly string[];
}
/** One way to show a symbol: its text and how it is labelled (PR digests: a diff, or only its hunks). */
export type ItemView = Pick<DigestItem, 'text' | 'mode' | 'change' | 'fence' | 'notes'> & {
    /**
     * Shown only in part (a PR's module or class as its changed lines): the head lines whose calls the
     * view stands for when the packer goes outward (pack/expansion.ts `calleesOn`). Unset: all its calls.
     */
    callsOn?: readonly number[];
    /** Members whose whole code the view's text holds (a new file shown whole holds its definitions): packed inside it, never again. */
    holds?: readonly string[];
};
/**
 * `tokens` is exact, or a lower bound when `atLeast` is set (the packer proved it cannot fit without
 * counting; the reason says "needs more than the N tokens left"), or 0 when `considered` is false.
 */
export interface DigestSkip {
    id: string;
    tokens: number;
    reason: string;
    /** The packed symbol whose text already holds this one's (reason `contained in <within>`): nothing lost. */
    within?: string;
    /** Reached after the packer stopped scanning (reason `not considered: …`): its size was never measured. */
    considered?: false;
    /** `tokens` is only a lower bound: the lists show no size (a bound reads as the symbol's size). */
    atLeast?: true;
}
/**
 * One entry of the PR digest's manifest of changed symbols, carried whole into the json output (it is
 * metadata: never cut by the budget). `diff` is the symbol's unified diff base -> head, `changedLines`
 * the head line numbers it adds; the move fields link the two ends of a moved or renamed symbol.
 */
export interface ChangedSymbolRow {
    id: string;
    file: string;
    name: string;
    kind?: SymbolKind;
    change: 'added' | 'modified' | 'removed';
    startLine?: number;
    endLine?: number;
    diff?: string;
    changedLines?: number[];
    movedFrom?: string;
    movedTo?: string;
    moveKind?: 'moved' | 'renamed';
    similarity?: number;
    /** PR digests: the kind of change (diff/changeClass.ts: behaviour, signature, annotation, docstring, formatting, moved, added, removed). */
    changeClass?: string;
}
export interface TokenUsage {
    used: number;
    budget: number;
    encoding: string;
    packed: number;
    skipped: number;
    /** The items in the document so far (a note about the code shown is said only when it applies). */
    items: readonly DigestItem[];
}
/** JSON-shaped data: what the PR digest's JSON holds, and what XML writes as elements (render/xmlData.ts). */
export type DataValue = string | number | boolean | null | readonly DataValue[] | DataRecord;
export interface DataRecord {
    readonly [key: string]: DataValue | undefined;
}
export interface DigestDocument {
    title: string;
    /** Markdown sections placed between the title and the packed code. */
    preamble: readonly string[];
    /** The preamble as data, when the caller has it: XML renders it instead of `preamble`. */
    preambleData?: DataRecord;
    budget: number;
    encoding: string;
    roots: readonly string[];
    changed?: readonly ChangedSymbolRow[];
    items: readonly DigestItem[];
    skipped: readonly DigestSkip[];
    /** Every skip, those `within` a packed symbol included. */
    skippedTotal: number;
    /** How many of the `skippedTotal` skips are `within` a packed symbol (0 when omitted). */
    insidePacked?: number;
    /** Token count of the whole rendered document; stated in its footer. */
    usedTokens: number;
    /**
     * PR digests: the preamble accounts for every changed symbol (the roots), so XML lists no <roots>/<changed>, and the roots that are not in the document are named on one line (never folded into
     * "… and N more", which is for neighbours only) instead of one line each.
     */
    changedInPreamble?: true;
    /** With `changedInPreamble`: each root's file (the roots' line counts them per file). */
    rootFiles?: ReadonlyMap<string, string>;
}
export interface DocumentRenderer {
    readonly format: DigestFormat;
    render(doc: DigestDocument): string;
    /** Text one packed item adds to the document (estimate). */
    itemText(item: DigestItem): string;
    /** Text opening and closing one file group adds (estimate). */
    fileText(file: string): string;
    /** Text one listed skip adds (estimate). */
    skipText(skip: DigestSkip): string;
    /** With `changedInPreamble`: the one line that accounts for the roots not in the document. */
    rootsLineText(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string>): string;
}
/** With `changedInPreamble`: the roots not in the document (lost, not inside a packed symbol), in skip order. */
export declare function groupedRootSkips(doc: DigestDocument): DigestSkip[];
/** The listed skips that get a line each (all lost ones, or only non-roots with `changedInPreamble`). */
export declare function listedOwnLines(doc: DigestDocument): DigestSkip[];
/**
 * Files the roots' line names with their counts; the rest are one figure. A sweep over 35 files named
 * each one (400 tokens, a seventh of a 3,000-token digest) where the changed list or the JSON digest
 * names every symbol anyway.
 */
export declare const ROOT_FILES_NAMED = 6;
/** The roots' line: how many changed symbols are not in the document, why, and per file how many (each is named in the changed list, or only in the JSON digest at the levels without it). */
export declare function rootsNotShown(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined, file: (path: string) => string): string;
export declare function isInsidePacked(skip: DigestSkip): boolean;
/** Skips that lost code: all of them but those already inside a packed symbol. */
export declare function lostTotal(doc: DigestDocument): number;
/** The listed skips that lost code (markdown and XML list only these). */
export declare function listedLost(doc: DigestDocument): DigestSkip[];
export declare function usageLine(doc: DigestDocument): string;
/** Items grouped by file: files in order of first appearance, items in pack order. */
export declare function groupByFile(items: readonly DigestItem[]): {
    file: string;
    items: DigestItem[];
}[];
/** Skips that lost code and are not listed: the "… and N more" figure. */
export declare function notListed(doc: DigestDocument): number;
