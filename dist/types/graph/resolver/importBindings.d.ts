import type { ImportRecord, PySymbol } from '../../model.js';
import { type ProjectIndex } from './projectIndex.js';
import type { ScopeNames } from './scopeNames.js';
import { type Lookup, type Value } from './values.js';
/** The name lookup the import bindings read a module's own names from (nameLookup.ts). */
export interface ModuleScopes {
    readonly index: ProjectIndex;
    localName(scope: PySymbol, name: string): Lookup;
    names(scope: PySymbol): ScopeNames;
}
/** What `rec` binds `name` to in `scope`; undefined when it does not bind `name`. */
export declare function importBinding(scopes: ModuleScopes, scope: PySymbol, rec: ImportRecord, name: string): Value[] | undefined;
/** `name` through the module's `from m import *` statements, in order. */
export declare function starLookup(scopes: ModuleScopes, moduleScope: PySymbol, name: string): Lookup;
/** `module.name`: a module-level binding or definition, else a submodule. */
export declare function moduleMember(scopes: ModuleScopes, moduleId: string, name: string, viaStar: boolean): Lookup;
/** A member a module does not define: external when the module star-imports an external module, else unknown. */
export declare function missingModuleMember(scopes: ModuleScopes, moduleId: string): Value[];
