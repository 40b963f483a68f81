import type { Adjacency } from '../graph/adjacency.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { ImportRecord } from '../model.js';
import { type MermaidOptions } from './mermaid.js';
/** Free text -> one line of inert markdown. */
export declare function escapeMarkdownText(text: string, maxChars?: number): string;
/**
 * Free text -> one line of plain text, for the header of an XML digest: its preamble sits in CDATA,
 * where markdown escapes would be literal noise (`\(1 added\)`). Invisible and control characters
 * are still removed and the length capped; the XML renderer splits any `]]>`.
 */
export declare function plainText(text: string, maxChars?: number): string;
/** Text as an inline code span that nothing can escape; `inTable` escapes `|`, which GFM splits cells on even inside code. */
export declare function codeSpan(text: string, inTable?: boolean): string;
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
export declare function renderChangedSymbolsTable(changed: readonly ChangedSymbol[], adjacency: Adjacency, nonPython?: readonly string[]): string;
/** Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `imports` gives import lines. */
export type LocateSymbol = (id: string) => {
    file: string;
    imports?: readonly ImportRecord[];
} | undefined;
/** Ids of the symbols whose scope imports `id` (the graph's `imports` edges), sorted. */
export type ImportersOf = (id: string) => readonly string[];
export declare function renderCallSites(changed: readonly ChangedSymbol[], adjacency: Adjacency, locate: LocateSymbol, importers?: ImportersOf): string;
export interface PrSectionsInput extends PrHeaderInput {
    changed: readonly ChangedSymbol[];
    nonPython?: readonly string[];
    adjacency: Adjacency;
    locate: LocateSymbol;
    importers?: ImportersOf;
    mermaid?: MermaidOptions;
}
/** Header, changed symbols, call sites and graph, in the digest's order, separated by blank lines. */
export declare function renderPrSections(input: PrSectionsInput): string;
