import type { SymbolKind } from '../model.js';
export type PackMode = 'full' | 'signature';
export type PackDirection = 'root' | 'callee' | 'caller';
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
}
/**
 * `tokens` is exact, or a lower bound when the reason says "at least" (the packer proved it cannot fit
 * without counting), or 0 when `considered` is false.
 */
export interface DigestSkip {
    id: string;
    tokens: number;
    reason: string;
    /** The packed symbol whose text already holds this one's (reason `contained in <within>`): nothing lost. */
    within?: string;
    /** Reached after the packer stopped scanning (reason `not considered: …`): its size was never measured. */
    considered?: false;
}
/** One row of the PR digest's changed symbols (issue 4), carried into the json output. */
export interface ChangedSymbolRow {
    id: string;
    file: string;
    name: string;
    change: 'added' | 'modified' | 'removed';
}
export interface TokenUsage {
    used: number;
    budget: number;
    encoding: string;
    packed: number;
    skipped: number;
    /** The format being rendered: a preamble escapes its text for markdown only (xml carries it in CDATA). */
    format: DigestFormat;
}
export interface DigestDocument {
    title: string;
    /** Markdown sections placed between the title and the packed code. */
    preamble: readonly string[];
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
}
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
