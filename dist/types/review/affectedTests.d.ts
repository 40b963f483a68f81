import type { Adjacency } from '../graph/adjacency.js';
import type { Edge, PySymbol } from '../model.js';
import type { MustRunTests } from './mustRunTests.js';
export declare const MAX_HOPS = 2;
export interface AffectedTest {
    nodeId: string;
    /** Changed symbol ids this test reaches, sorted. */
    reaches: string[];
    /** Fewest hops from the test to one of them (0: the test itself changed). */
    hops: number;
}
export interface AffectedTestsInput {
    symbols: ReadonlyMap<string, PySymbol>;
    adjacency: Adjacency;
    changed: readonly {
        id: string;
        change: 'added' | 'modified' | 'removed';
    }[];
    maxHops?: number;
    /** Every edge: what frameworks run with no call edge (frameworkReach.ts) is followed like a caller. */
    edges?: readonly Edge[];
}
export interface AffectedTests {
    /** The most-likely tier: tests that call a changed symbol within MAX_HOPS, by node id. */
    tests: AffectedTest[];
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
/** The pytest node id of a test function or method, or undefined when pytest would not collect it. */
export declare function testNodeId(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): string | undefined;
export declare function findAffectedTests(input: AffectedTestsInput): AffectedTests;
