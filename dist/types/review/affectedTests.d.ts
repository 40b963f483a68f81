import { type Adjacency } from '../graph/adjacency.js';
import type { Edge, PySymbol } from '../model.js';
import type { MustRunTests } from './mustRunTests.js';
/** Tests this close to a change are always listed. */
export declare const NEAR_HOPS = 2;
/** The longest caller chain followed. */
export declare const MAX_HOPS = 10;
/** Deeper levels are listed while the list stays within this share of the suite's tests. */
export declare const MAX_SHARE = 0.75;
export interface AffectedTest {
    nodeId: string;
    /** Changed symbol ids this test reaches, sorted. */
    reaches: string[];
    /** Fewest hops from the test to one of them (0: the test itself changed). */
    hops: number;
    /** The node id of the method where the test is defined, when its class inherits it. */
    definedAt?: string;
}
export interface AffectedTestsInput {
    symbols: ReadonlyMap<string, PySymbol>;
    adjacency: Adjacency;
    changed: readonly {
        id: string;
        change: 'added' | 'modified' | 'removed';
    }[];
    maxHops?: number;
    /** Overrides MAX_SHARE. */
    maxShare?: number;
    /** Every edge: what frameworks run with no call edge (frameworkReach.ts) is followed like a caller. */
    edges?: readonly Edge[];
}
export interface AffectedTests {
    /** The most-likely tier: tests that reach a changed symbol (the depth rule above), nearest first, then by node id. */
    tests: AffectedTest[];
    /** Tests that reach the change but are left out of the list, which stays within MAX_SHARE of the suite. */
    beyond?: number;
    /** Changed functions, methods and classes outside tests that no test reaches in either tier. */
    unreached: string[];
    /** The must-run tier: test modules that import the changed code (mustRunTests.ts). */
    mustRun?: MustRunTests;
}
/**
 * Both tiers together: a changed symbol is untested only when no test calls it within MAX_HOPS and
 * no test module imports its file (a framework may call it where no call edge shows).
 */
export declare function withMustRun(mostLikely: AffectedTests, mustRun: MustRunTests, symbols: ReadonlyMap<string, PySymbol>): AffectedTests;
export declare function findAffectedTests(input: AffectedTestsInput): AffectedTests;
