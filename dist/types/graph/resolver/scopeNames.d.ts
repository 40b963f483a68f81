import type { Binding, ImportRecord, PySymbol } from '../../model.js';
export interface ScopeNames {
    bindings: Map<string, Binding[]>;
    imports: Map<string, ImportRecord[]>;
    stars: ImportRecord[];
    /** Every name the scope binds itself (params, assignments, imports, nested definitions). */
    bound: Set<string>;
}
/** The name an import statement binds in its scope (`import a.b` binds `a`). */
export declare function importedName(rec: ImportRecord): string;
/** `childNames`: the bare names of the definitions nested directly in `scope`. Callers cache the result. */
export declare function scopeNames(scope: PySymbol, childNames?: Iterable<string>): ScopeNames;
export interface SelfAssignment {
    method: PySymbol;
    binding: Binding;
}
/** `self.<attr> = ...` assignments in the methods directly in a class, by attribute name. */
export declare function selfAssignments(methods: Iterable<PySymbol>): Map<string, SelfAssignment[]>;
