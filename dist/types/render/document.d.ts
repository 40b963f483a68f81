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
}
/** `tokens` is exact, or a lower bound when the reason says "at least" (the packer proved it cannot fit without counting). */
export interface DigestSkip {
    id: string;
    tokens: number;
    reason: string;
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
    skippedTotal: number;
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
export declare function usageLine(doc: DigestDocument): string;
/** Items grouped by file: files in order of first appearance, items in pack order. */
export declare function groupByFile(items: readonly DigestItem[]): {
    file: string;
    items: DigestItem[];
}[];
export declare function notListed(doc: DigestDocument): number;
