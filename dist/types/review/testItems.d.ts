import type { PySymbol } from '../model.js';
export interface TestItem {
    nodeId: string;
    /** The test function or method that runs. */
    sym: PySymbol;
    /** The collected class it runs in (a subclass of the method's own class when inherited). */
    cls?: PySymbol;
    /** The node id of the method where it is defined, when inherited from another class. */
    definedAt?: string;
}
export interface TestItems {
    /** Function or method id -> the items that run it. */
    bySymbol: Map<string, TestItem[]>;
    /** Collected class id -> its items (inherited ones and nested classes' included). */
    byClass: Map<string, TestItem[]>;
    /** Module id -> the items of its classes and functions. */
    byModule: Map<string, TestItem[]>;
    all: TestItem[];
}
/** Whether pytest collects `sym` as a test class. */
export declare function isTestClass(sym: PySymbol, symbols: ReadonlyMap<string, PySymbol>): boolean;
/** `bases`: class id -> its project bases (resolved `inherits` edges). */
export declare function collectTests(symbols: ReadonlyMap<string, PySymbol>, bases: ReadonlyMap<string, readonly string[]>): TestItems;
