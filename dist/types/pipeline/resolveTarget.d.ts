import type { RepoIndex } from '../model.js';
export declare const ROOT_CUTOFF = 0.8;
export declare const MAX_QUERY_ROOTS = 3;
export type Target = {
    entry: string;
} | {
    query: string;
};
export interface ResolvedTarget {
    roots: string[];
    /** How the roots were chosen, for headers and logs. */
    description: string;
}
export declare function resolveTarget(index: RepoIndex, target: Target): ResolvedTarget;
/** The query on one line, cut at a word boundary after at most QUOTED_QUERY_CHARS characters, with its length when cut. */
export declare function shortQuote(query: string): string;
