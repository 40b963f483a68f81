// Import statement -> the project module it names, or "external", or "unknown".
//
// Absolute imports try, in order: the importer's own directory when it is not a package (Python puts a
// script's directory first on sys.path), the source roots that contain the importer (longest first),
// then the other roots, where two different hits are ambiguous (duplicate module names under
// different roots) and resolve to nothing rather than to a guess. A name whose top-level package
// exists under no root is external: calls through it produce no edge. A relative import is resolved
// from the importer's directory alone, never through roots.
import type { ImportRecord } from '../model.js';
import { dirOf, dirToDotted, joinModuleId, type ModuleTable, moduleExists } from './sourceRoots.js';

export type ModuleRef = { kind: 'module'; id: string; prefix: string } | { kind: 'ext' } | { kind: 'unknown' };

const EXTERNAL: ModuleRef = { kind: 'ext' };
const UNKNOWN: ModuleRef = { kind: 'unknown' };

function rootContains(root: string, path: string): boolean {
  return root === '' || path.startsWith(`${root}/`);
}

const prefixMemo = new WeakMap<ModuleTable, Map<string, { ordered: string[]; others: string[] }>>();

function prefixesFor(table: ModuleTable, importerPath: string): { ordered: string[]; others: string[] } {
  let cache = prefixMemo.get(table);
  if (!cache) prefixMemo.set(table, (cache = new Map()));
  const dir = dirOf(importerPath);
  let found = cache.get(dir);
  if (!found) cache.set(dir, (found = computePrefixes(table, importerPath)));
  return found;
}

function computePrefixes(table: ModuleTable, importerPath: string): { ordered: string[]; others: string[] } {
  const ordered: string[] = [];
  const dir = dirOf(importerPath);
  if (dir !== '' && !table.packageDirs.has(dir)) ordered.push(dirToDotted(dir));
  const containing = table.roots.filter((r) => rootContains(r, importerPath));
  containing.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  for (const r of containing) {
    const prefix = r === '' ? '' : dirToDotted(r);
    if (!ordered.includes(prefix)) ordered.push(prefix);
  }
  const others = table.roots
    .filter((r) => !rootContains(r, importerPath))
    .map((r) => dirToDotted(r))
    .filter((p) => !ordered.includes(p));
  return { ordered, others };
}

// Answers depend only on the importer's directory and the name: memoised per table, then directory,
// then name (no key strings on the hot path). The directory's table is also found by the importer's
// path itself, so that a lookup does not cut (and hash) a new directory string each time.
interface Memo {
  byDir: Map<string, Map<string, ModuleRef>>;
  byPath: Map<string, Map<string, ModuleRef>>;
}
const memo = new WeakMap<ModuleTable, Memo>();

/** Resolve an absolute dotted module name as imported from `importerPath`. */
export function resolveAbsoluteModule(table: ModuleTable, importerPath: string, dotted: string): ModuleRef {
  if (!dotted) return UNKNOWN;
  let m = memo.get(table);
  if (!m) memo.set(table, (m = { byDir: new Map(), byPath: new Map() }));
  let byName = m.byPath.get(importerPath);
  if (!byName) {
    const dir = dirOf(importerPath);
    byName = m.byDir.get(dir);
    if (!byName) m.byDir.set(dir, (byName = new Map()));
    m.byPath.set(importerPath, byName);
  }
  let ref = byName.get(dotted);
  if (!ref) byName.set(dotted, (ref = computeAbsolute(table, importerPath, dotted)));
  return ref;
}

function computeAbsolute(table: ModuleTable, importerPath: string, dotted: string): ModuleRef {
  const { ordered, others } = prefixesFor(table, importerPath);
  for (const prefix of ordered) {
    const id = joinModuleId(prefix, dotted);
    if (moduleExists(table, id)) return { kind: 'module', id, prefix };
  }
  const hits = others.filter((prefix) => moduleExists(table, joinModuleId(prefix, dotted)));
  if (hits.length === 1) return { kind: 'module', id: joinModuleId(hits[0]!, dotted), prefix: hits[0]! };
  if (hits.length > 1) return UNKNOWN;
  const top = dotted.split('.')[0]!;
  const topKnown = [...ordered, ...others].some((prefix) => moduleExists(table, joinModuleId(prefix, top)));
  return topKnown ? UNKNOWN : EXTERNAL;
}

/** The package directory (dotted) a relative import of `level` starts from, or undefined above the root. */
function relativeBase(importerPath: string, level: number): string | undefined {
  let dir = dirOf(importerPath);
  for (let i = 1; i < level; i++) {
    if (dir === '') return undefined;
    dir = dirOf(dir);
  }
  return dir === '' ? '' : dirToDotted(dir);
}

/** The module a `from ... import` record reads names from. */
export function resolveFromModule(
  table: ModuleTable,
  importerPath: string,
  record: Extract<ImportRecord, { kind: 'from' }>,
): ModuleRef {
  if (record.level === 0) return resolveAbsoluteModule(table, importerPath, record.module);
  const base = relativeBase(importerPath, record.level);
  if (base === undefined) return UNKNOWN;
  const id = joinModuleId(base, record.module);
  if (id === '') return UNKNOWN;
  return moduleExists(table, id) ? { kind: 'module', id, prefix: base } : UNKNOWN;
}

/**
 * What `import a.b.c` binds: the name `a`, bound to the top-level package taken from the same root
 * that holds `a.b.c` (so `a.b.c.f()` later walks down the right tree). With an alias, the alias is
 * bound to `a.b.c` itself.
 */
export function resolvePlainImport(
  table: ModuleTable,
  importerPath: string,
  record: Extract<ImportRecord, { kind: 'import' }>,
): { name: string; ref: ModuleRef } {
  const full = resolveAbsoluteModule(table, importerPath, record.module);
  if (record.alias) return { name: record.alias, ref: full };
  const top = record.module.split('.')[0]!;
  if (full.kind === 'module') return { name: top, ref: { kind: 'module', id: joinModuleId(full.prefix, top), prefix: full.prefix } };
  if (full.kind === 'ext') return { name: top, ref: full };
  return { name: top, ref: resolveAbsoluteModule(table, importerPath, top) };
}
