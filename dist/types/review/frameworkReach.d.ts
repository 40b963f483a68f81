import type { Edge, PySymbol } from '../model.js';
import type { FixtureSetup } from './pytestFixtures.js';
import type { TestItem } from './testItems.js';
export interface Reach {
    /** The symbol whose running runs the target. */
    id: string;
    lines?: readonly number[];
}
/** target id -> the symbols that run it by framework convention. */
export declare function frameworkReach(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[]): Map<string, Reach[]>;
/**
 * Fixture objects: method id -> the tests that call it on a fixture's value. A test that calls
 * `p.m(…)` on a parameter `p` naming a fixture runs `m` of each project class that fixture (or one it
 * asks for, as resolved from the test) builds or hands over (`Signer(…)`, `partial(TimestampSigner, …)`):
 * the nearest definition in the class and its project bases, each of its `@overload` variants.
 */
export declare function fixtureObjectReach(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[], setups: readonly FixtureSetup[]): Map<string, TestItem[]>;
