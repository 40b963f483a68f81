// What import statements bind: `import a.b` binds the module `a`, `from m import x` binds m's own `x`
// (a module-level binding or definition, else the submodule `m.x`), `from m import *` binds m's
// public names (its `__all__`, else the names without a leading underscore). A name that may come
// from `from external import *` is external, never a candidate for guessing.
import type { ImportRecord, PySymbol } from '../../model.js';
import { type ModuleRef, resolveFromModule, resolvePlainImport } from '../imports.js';
import { joinModuleId, moduleExists } from '../sourceRoots.js';
import { moduleSymbol, type ProjectIndex } from './projectIndex.js';
import type { ScopeNames } from './scopeNames.js';
import { BUILTIN, type Lookup, NOT_BOUND, type Value } from './values.js';

/** The name lookup the import bindings read a module's own names from (nameLookup.ts). */
export interface ModuleScopes {
  readonly index: ProjectIndex;
  localName(scope: PySymbol, name: string): Lookup;
  names(scope: PySymbol): ScopeNames;
}

function moduleRefValues(ref: ModuleRef): Value[] {
  if (ref.kind === 'module') return [{ k: 'module', id: ref.id }];
  return ref.kind === 'ext' ? BUILTIN : [];
}

/** What `rec` binds `name` to in `scope`; undefined when it does not bind `name`. */
export function importBinding(scopes: ModuleScopes, scope: PySymbol, rec: ImportRecord, name: string): Value[] | undefined {
  const file = scopes.index.fileOf.get(scope.id);
  if (!file) return undefined;
  if (rec.kind === 'import') {
    if ((rec.alias ?? rec.module.split('.')[0]) !== name) return undefined;
    return moduleRefValues(resolvePlainImport(scopes.index.table, file.path, rec).ref);
  }
  if (rec.name === '*' || (rec.alias ?? rec.name) !== name) return undefined;
  const from = resolveFromModule(scopes.index.table, file.path, rec);
  if (from.kind !== 'module') return moduleRefValues(from);
  return moduleMember(scopes, from.id, rec.name, false) ?? [];
}

/** `name` through the module's `from m import *` statements, in order. */
export function starLookup(scopes: ModuleScopes, moduleScope: PySymbol, name: string): Lookup {
  const file = scopes.index.fileOf.get(moduleScope.id);
  if (!file) return NOT_BOUND;
  let external = false;
  for (const rec of scopes.names(moduleScope).stars) {
    if (rec.kind !== 'from') continue;
    const from = resolveFromModule(scopes.index.table, file.path, rec);
    if (from.kind === 'ext') external = true;
    if (from.kind !== 'module') continue;
    const found = moduleMember(scopes, from.id, name, true);
    if (found) return found;
  }
  return external ? BUILTIN : NOT_BOUND;
}

/** `module.name`: a module-level binding or definition, else a submodule. */
export function moduleMember(scopes: ModuleScopes, moduleId: string, name: string, viaStar: boolean): Lookup {
  const file = scopes.index.table.files.get(moduleId);
  const modSym = file ? moduleSymbol(file) : undefined;
  if (modSym) {
    const visible = !viaStar || (modSym.all ? modSym.all.includes(name) : !name.startsWith('_'));
    if (visible) {
      const found = scopes.localName(modSym, name);
      if (found !== NOT_BOUND) return found;
    }
  }
  if (!viaStar) {
    const sub = joinModuleId(moduleId, name);
    if (moduleExists(scopes.index.table, sub)) return [{ k: 'module', id: sub }];
    const lazy = file && modSym ? lazyMember(scopes, file.symbols, modSym, name) : undefined;
    if (lazy) return lazy;
  }
  return NOT_BOUND;
}

const lazyInProgress = new Set<string>();

/**
 * A module-level `__getattr__` (PEP 562) that imports `name` in its own scope serves `m.name` and
 * `from m import name` with what that import binds (lazy imports). Guarded against a hook that
 * imports from its own module.
 */
function lazyMember(scopes: ModuleScopes, symbols: readonly PySymbol[], modSym: PySymbol, name: string): Value[] | undefined {
  const hook = symbols.find((s) => s.parent === modSym.id && s.kind === 'function' && s.name === '__getattr__');
  if (!hook || hook.imports.length === 0) return undefined;
  const key = `${modSym.id}\u0000${name}`;
  if (lazyInProgress.has(key)) return undefined;
  lazyInProgress.add(key);
  try {
    for (const rec of hook.imports) {
      const values = importBinding(scopes, hook, rec, name);
      if (values && values.length > 0) return values;
    }
    return undefined;
  } finally {
    lazyInProgress.delete(key);
  }
}

/** A member a module does not define: external when the module star-imports an external module, else unknown. */
export function missingModuleMember(scopes: ModuleScopes, moduleId: string): Value[] {
  const file = scopes.index.table.files.get(moduleId);
  const modSym = file ? moduleSymbol(file) : undefined;
  return modSym ? (starLookup(scopes, modSym, '\u0000') ?? []) : [];
}
