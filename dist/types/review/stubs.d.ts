import { type ModuleTable } from '../graph/sourceRoots.js';
import type { CallSite, FileRecord, PySymbol } from '../model.js';
export interface StubIndex {
    table: ModuleTable;
    /** Stub files by path relative to the scan root (`pkg/mod.pyi`). */
    byPath: ReadonlyMap<string, FileRecord>;
}
export declare function buildStubIndex(records: readonly FileRecord[]): StubIndex;
/**
 * Stub declarations a call of `target` from `caller` may be written against: beside the target, and
 * through the name the call uses. `scopes`: the caller and the scopes enclosing it (their imports).
 */
export declare function stubDeclarations(stubs: StubIndex, target: PySymbol, caller: PySymbol, scopes: readonly PySymbol[], site: CallSite): PySymbol[];
