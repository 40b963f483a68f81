import { type SignatureDiff } from '../diff/signatureDiff.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { Edge, PySymbol } from '../model.js';
import { type StubIndex } from './stubs.js';
export interface ChangedCallable {
    id: string;
    change: 'added' | 'modified' | 'removed';
    /** The base version of a modified symbol (its signature before). */
    base?: PySymbol;
}
export interface BreakingInput {
    /** Head symbols by id (removed ones put back as in base). */
    symbols: ReadonlyMap<string, PySymbol>;
    edges: readonly Edge[];
    adjacency: Adjacency;
    changed: readonly ChangedCallable[];
    /** Head lines each file added (for calls that changed code adds to unchanged functions). */
    addedLines?: ReadonlyMap<string, ReadonlySet<number>>;
    /** Report callers of removed symbols (default true; false when the caller has its own list). */
    reportRemoved?: boolean;
    /**
     * Removed methods a base class still defines, by id: the id of the method their calls now reach.
     * Each call is bound against that method, as Python's lookup finds it.
     */
    inherited?: ReadonlyMap<string, string>;
    /** Head's `.pyi` stubs: a call that binds against a stub's declaration but not the implementation is "check" (stubs.ts). */
    stubs?: StubIndex;
}
export interface BreakingSite {
    /** The changed (or called) symbol the site no longer fits. */
    symbol: string;
    site: {
        file: string;
        line: number;
        caller: string;
    };
    reason: string;
    certainty: 'broken' | 'check';
}
export interface OverrideFinding {
    base: string;
    override: string;
    file: string;
    line: number;
    matches: boolean;
    reason?: string;
}
export interface SignatureReport {
    id: string;
    diff: SignatureDiff;
}
export interface ReviewFindings {
    /** Call sites of changed signatures that were bound (those that fit included). */
    checkedSites: number;
    signatures: SignatureReport[];
    breaking: BreakingSite[];
    overrides: OverrideFinding[];
}
export declare function findBreakingSites(input: BreakingInput): ReviewFindings;
