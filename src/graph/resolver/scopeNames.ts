// Per-scope name tables, built once per scope on first use (the name lookup caches them): which bindings and imports bind a name,
// and (for classes) which methods assign `self.<attr>`. Without them every lookup would rescan a
// module's statements, which is quadratic on modules with hundreds of imports.
import type { Binding, ImportRecord, PySymbol } from '../../model.js';
import { pushTo } from '../../shared/arrays.js';

export interface ScopeNames {
  bindings: Map<string, Binding[]>;
  imports: Map<string, ImportRecord[]>;
  stars: ImportRecord[];
  /** Every name the scope binds itself (params, assignments, imports, nested definitions). */
  bound: Set<string>;
}


/** The name an import statement binds in its scope (`import a.b` binds `a`). */
export function importedName(rec: ImportRecord): string {
  return rec.kind === 'import' ? (rec.alias ?? rec.module.split('.')[0]!) : (rec.alias ?? rec.name);
}

/** `childNames`: the bare names of the definitions nested directly in `scope`. Callers cache the result. */
export function scopeNames(scope: PySymbol, childNames?: Iterable<string>): ScopeNames {
  const names: ScopeNames = { bindings: new Map(), imports: new Map(), stars: [], bound: new Set(childNames) };
  for (const p of scope.params) names.bound.add(p.name);
  for (const b of scope.bindings) {
    if (b.target.length !== 1 || b.adds) continue; // `X.append(v)` does not bind X (nameLookup.ts: addedTo)
    pushTo(names.bindings, b.target[0]!, b);
    names.bound.add(b.target[0]!);
  }
  for (const rec of scope.imports) {
    if (rec.kind === 'from' && rec.name === '*') names.stars.push(rec);
    else {
      pushTo(names.imports, importedName(rec), rec);
      names.bound.add(importedName(rec));
    }
  }
  return names;
}

export interface SelfAssignment {
  method: PySymbol;
  binding: Binding;
}

/** `self.<attr> = ...` assignments in the methods directly in a class, by attribute name. */
export function selfAssignments(methods: Iterable<PySymbol>): Map<string, SelfAssignment[]> {
  const out = new Map<string, SelfAssignment[]>();
  for (const method of methods) {
    if (method.kind !== 'method') continue;
    const self = method.params[0]?.name;
    for (const b of method.bindings) {
      if (b.target.length === 2 && b.target[0] === self) pushTo(out, b.target[1]!, { method, binding: b });
    }
  }
  return out;
}
