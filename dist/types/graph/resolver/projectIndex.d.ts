import type { FileRecord, PySymbol } from '../../model.js';
import { type ModuleTable } from '../sourceRoots.js';
export interface ProjectIndex {
    table: ModuleTable;
    files: FileRecord[];
    byId: Map<string, PySymbol>;
    fileOf: Map<string, FileRecord>;
    /** parent symbol id -> bare name -> definitions in source order (repeated definitions all kept). */
    children: Map<string, Map<string, PySymbol[]>>;
    /** bare name -> ids of functions, methods and classes with that name, sorted. */
    byBareName: Map<string, string[]>;
    /** Bare names of every property getter: an attribute read by any other name runs no getter. */
    propertyNames: Set<string>;
    /** Bare names of functions (not methods), and of functions or methods: `references` asks these per name read. */
    functionNames: Set<string>;
    callableNames: Set<string>;
}
/** `Class.method` -> `method`; a repeat marker (`f#2`) is dropped. */
export declare function bareName(symbol: PySymbol): string;
export declare function moduleSymbol(file: FileRecord): PySymbol | undefined;
export declare function buildProjectIndex(files: readonly FileRecord[]): ProjectIndex;
