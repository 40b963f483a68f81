import type { PySymbol } from '../model.js';
import type { TestItem } from './testItems.js';
/** fixture id -> the tests whose fixture closure holds it. `bases`: class id -> its project bases. */
export declare function fixtureUsers(symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>, tests: readonly TestItem[]): Map<string, TestItem[]>;
