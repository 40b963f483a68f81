import type { ImportRecord } from '../model.js';
import { type ModuleTable } from './sourceRoots.js';
export type ModuleRef = {
    kind: 'module';
    id: string;
    prefix: string;
} | {
    kind: 'ext';
} | {
    kind: 'unknown';
};
/** Resolve an absolute dotted module name as imported from `importerPath`. */
export declare function resolveAbsoluteModule(table: ModuleTable, importerPath: string, dotted: string): ModuleRef;
/** The module a `from ... import` record reads names from. */
export declare function resolveFromModule(table: ModuleTable, importerPath: string, record: Extract<ImportRecord, {
    kind: 'from';
}>): ModuleRef;
/**
 * What `import a.b.c` binds: the name `a`, bound to the top-level package taken from the same root
 * that holds `a.b.c` (so `a.b.c.f()` later walks down the right tree). With an alias, the alias is
 * bound to `a.b.c` itself.
 */
export declare function resolvePlainImport(table: ModuleTable, importerPath: string, record: Extract<ImportRecord, {
    kind: 'import';
}>): {
    name: string;
    ref: ModuleRef;
};
