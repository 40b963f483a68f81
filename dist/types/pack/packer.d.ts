import type { PySymbol } from '../model.js';
import type { Adjacency, Neighbour } from '../graph/adjacency.js';
import type { ChangedSymbolRow, DigestItem, DigestSkip, DocumentRenderer, TokenUsage } from '../render/document.js';
import { RepoDigestError } from '../shared/errors.js';
import type { TokenCounter } from './tokens.js';
export type Preamble = readonly string[] | ((usage: TokenUsage) => readonly string[]);
export interface PackInput {
    /** Root symbol ids, in the order they are packed. */
    roots: readonly string[];
    symbols: ReadonlyMap<string, PySymbol>;
    adjacency: Adjacency;
    /** Token budget of the rendered document: a positive integer. */
    budget: number;
    counter: TokenCounter;
    /** Output format; markdown when omitted. */
    renderer?: DocumentRenderer;
    signaturesOnly?: boolean;
    /** Follow only resolved call edges, or all (default). */
    resolution?: 'resolved' | 'all';
    title?: string;
    preamble?: Preamble;
    changed?: readonly ChangedSymbolRow[];
    /** Ids of symbols a PR removed (shown from base): their items carry `status: 'removed'`. */
    removed?: ReadonlySet<string>;
    /** Files tree-sitter could only partly parse: their symbols' items carry `partialParse: true`. */
    partialFiles?: ReadonlySet<string>;
    /** Direct subclasses of a class (from `inherits` edges, e.g. `subclassIndex(edges)`); none when omitted. */
    subclasses?: (id: string) => readonly Neighbour[];
    /** Direct project bases of a class (`baseIndex(edges)`); none when omitted. */
    bases?: (id: string) => readonly Neighbour[];
    maxCandidates?: number;
}
/** What the result lists of a packed symbol: the digest item without its text. */
export type PackedSymbol = Omit<DigestItem, 'text'>;
export type SkippedSymbol = DigestSkip;
export interface PackResult {
    budget: number;
    /** Exact token count of `content`. */
    totalTokens: number;
    encoding: string;
    roots: string[];
    packed: PackedSymbol[];
    /** Every skip, in the order decided (the document may list only the first ones). */
    skipped: SkippedSymbol[];
    /** How many `skipped` entries lost nothing: their code is inside a packed symbol (`within` set). */
    insidePacked: number;
    content: string;
}
/** How many roots have their code in the document: packed, or inside a packed symbol (a method of a packed class). */
export declare function rootsInDocument(result: Pick<PackResult, 'roots' | 'packed' | 'skipped'>): number;
/** Reasons of the skips after the scan stopped (see the top of this file). */
export declare const NOT_CONSIDERED_BUDGET = "not considered: the budget was used up";
export declare function notConsideredLimit(maxCandidates: number): string;
/** Even the document with no code (title, preamble, footer, and the lines naming roots left out) exceeds the budget. */
export declare class BudgetTooSmallError extends RepoDigestError {
    constructor(budget: number, needed: number | undefined, skippedRoot?: string);
}
export declare function packContext(input: PackInput): PackResult;
