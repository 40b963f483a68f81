import type { PySymbol } from '../model.js';
import type { TestItem } from './testItems.js';
/** What a test sets up: its whole fixture closure, and what builds the value each parameter receives. */
export interface FixtureSetup {
    item: TestItem;
    /** Every fixture the test sets up. */
    closure: ReadonlySet<string>;
    /** Parameter name -> the fixture it names and the fixtures that one asks for in turn, resolved from the test. */
    params: ReadonlyMap<string, readonly string[]>;
}
/** Each test's fixture setup. `bases`: class id -> its project bases. */
export declare function fixtureSetups(symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>, tests: readonly TestItem[]): FixtureSetup[];
/** fixture id -> the tests whose fixture closure holds it. */
export declare function fixtureUsers(setups: readonly FixtureSetup[]): Map<string, TestItem[]>;
