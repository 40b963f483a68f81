import type { Adjacency } from '../graph/adjacency.js';
import type { PySymbol } from '../model.js';
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
}
export interface AffectedTests {
    tests: AffectedTest[];
    /** Changed functions, methods and classes outside tests that no test reaches. */
    unreached: string[];
}
/** The pytest node id of a test function or method, or undefined when pytest would not collect it. */
export declare function testNodeId(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): string | undefined;
export declare function findAffectedTests(input: AffectedTestsInput): AffectedTests;
