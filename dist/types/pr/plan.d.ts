import { type Adjacency } from '../graph/adjacency.js';
import type { Reached } from '../pack/expansion.js';
/** Example or documentation code: under an `examples`, `docs`, `demo` or `samples` folder (or the singular). */
export declare function isExamplePath(file: string): boolean;
export interface PlanEntry {
    id: string;
    file: string;
    name: string;
    kind: string;
    startLine: number;
    /** Set when the symbol's contract changed (what breaks its callers). */
    contract?: string;
    /** The id whose callers the contract change affects (a moved/renamed symbol: the old id). */
    contractOf?: string;
    /** Ids of the enclosing symbols, innermost first. */
    ancestors?: readonly string[];
    /** Set when the symbol's first view is its whole text, which holds its descendants' text. */
    whole?: boolean;
    /** Set when the first view is a diff (`+`/`-` lines): plain code holding it would lose its `-` lines. */
    diff?: boolean;
}
/** What the review knows of a changed id's risk (pr/review.ts); without it nothing is known. */
export interface Risk {
    /** The change breaks a call site (a resolved caller fails under the new signature, or calls a removed symbol). */
    breaking(id: string): boolean;
    /** No test reaches the change within the review's hops. */
    untested(id: string): boolean;
}
export interface Plan {
    /** Changed symbols in budget order: non-test code ranked, then tests. */
    roots: string[];
    /** How many of `roots` are non-test code (the call sites of step 2 go after them). */
    nonTest: number;
    /** Step 2: callers of contract-changed symbols, ranked. */
    callSites: string[];
}
/** `isTest`: whether a caller is test code (step 2 leaves those out); without it no caller is known to be a test. */
export declare function planPr(entries: readonly PlanEntry[], adjacency: Adjacency, isChanged: (id: string) => boolean, isTest?: (id: string) => boolean, risk?: Risk): Plan;
/** The neighbour order of step 4; `fileOf` places an id, `packages` are the changed symbols' top-level packages. */
export declare function neighbourOrder(fileOf: (id: string) => string | undefined, packages: ReadonlySet<string>): (a: Reached, b: Reached) => number;
