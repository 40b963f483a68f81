// The project, indexed once for resolution: symbols by id, definitions by (scope, name), and by bare
// name for the heuristic fallback. Built in one pass over the files; nothing here is recomputed
// per call site, which keeps resolution linear in the number of call sites.
import type { FileRecord, PySymbol } from '../../model.js';
import { buildModuleTable, type ModuleTable } from '../sourceRoots.js';
import { isProperty } from './decorators.js';

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
export function bareName(symbol: PySymbol): string {
  const name = symbol.name;
  const hash = name.lastIndexOf('#');
  const last = name.slice(name.lastIndexOf('.') + 1);
  return hash < 0 ? last : last.slice(0, last.lastIndexOf('#'));
}

export function moduleSymbol(file: FileRecord): PySymbol | undefined {
  return file.symbols.find((s) => s.kind === 'module');
}

export function buildProjectIndex(files: readonly FileRecord[]): ProjectIndex {
  const table = buildModuleTable(files);
  // Files whose module id the table chose come first, so that on an id clash (pkg.py beside
  // pkg/__init__.py) the symbols that win are those of the module Python would import.
  const winners = new Set(table.files.values());
  const ordered = [...files].sort((a, b) => {
    const wa = winners.has(a) ? 0 : 1;
    const wb = winners.has(b) ? 0 : 1;
    return wa - wb || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  });
  const byId = new Map<string, PySymbol>();
  const fileOf = new Map<string, FileRecord>();
  const children = new Map<string, Map<string, PySymbol[]>>();
  const byBare = new Map<string, string[]>();
  const propertyNames = new Set<string>();
  const functionNames = new Set<string>();
  const callableNames = new Set<string>();
  for (const file of ordered) {
    for (const symbol of file.symbols) {
      if (byId.has(symbol.id)) continue;
      byId.set(symbol.id, symbol);
      fileOf.set(symbol.id, file);
      if (symbol.kind === 'module' || symbol.parent === undefined) continue;
      const name = bareName(symbol);
      if (symbol.decorators.length > 0 && isProperty(symbol)) propertyNames.add(name);
      if (symbol.kind === 'function') functionNames.add(name);
      if (symbol.kind !== 'class') callableNames.add(name);
      let scope = children.get(symbol.parent);
      if (!scope) children.set(symbol.parent, (scope = new Map()));
      const list = scope.get(name);
      if (list) list.push(symbol);
      else scope.set(name, [symbol]);
      const ids = byBare.get(name);
      if (ids) ids.push(symbol.id);
      else byBare.set(name, [symbol.id]);
    }
  }
  for (const ids of byBare.values()) if (ids.length > 1) ids.sort();
  return { table, files: ordered, byId, fileOf, children, byBareName: byBare, propertyNames, functionNames, callableNames };
}
