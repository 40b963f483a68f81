import type { Adjacency } from '../graph/adjacency.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import { type MermaidOptions } from './mermaid.js';
/** Free text -> one line of inert markdown. */
export declare function escapeMarkdownText(text: string, maxChars?: number): string;
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
}
export declare function renderPrHeader(input: PrHeaderInput): string;
export declare function renderChangedSymbolsTable(changed: readonly ChangedSymbol[], adjacency: Adjacency, nonPython?: readonly string[]): string;
/** Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols). */
export type LocateSymbol = (id: string) => {
    file: string;
} | undefined;
export declare function renderCallSites(changed: readonly ChangedSymbol[], adjacency: Adjacency, locate: LocateSymbol): string;
export interface PrSectionsInput extends PrHeaderInput {
    changed: readonly ChangedSymbol[];
    nonPython?: readonly string[];
    adjacency: Adjacency;
    locate: LocateSymbol;
    mermaid?: MermaidOptions;
}
/** Header, changed symbols, call sites and graph, in the digest's order, separated by blank lines. */
export declare function renderPrSections(input: PrSectionsInput): string;
