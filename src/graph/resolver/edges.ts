// Structural edges: contains (parent -> child), imports (module -> module or symbol), inherits
// (class -> project base). Calls live in calls.ts; graph/callGraph.ts puts them all together.
import type { Edge, FileRecord } from '../../model.js';
import { resolveAbsoluteModule, resolveFromModule, resolvePlainImport } from '../imports.js';
import type { Evaluator } from './evaluator.js';
import { moduleSymbol } from './projectIndex.js';

export function containsEdges(ev: Evaluator): Edge[] {
  const out: Edge[] = [];
  for (const s of ev.index.byId.values()) {
    if (s.parent !== undefined && ev.index.byId.has(s.parent)) out.push({ from: s.parent, to: s.id, kind: 'contains', resolution: 'resolved' });
  }
  return out;
}

/** A project module's symbol id, or undefined for namespace directories (no file, no symbol). */
function moduleTarget(ev: Evaluator, moduleId: string): string | undefined {
  const file = ev.index.table.files.get(moduleId);
  return file ? moduleSymbol(file)?.id : undefined;
}

/**
 * Every import anywhere in a file (module level, in functions, under TYPE_CHECKING, in try/except)
 * is an edge from the file's module; `from m import name` points at the definition the name
 * resolves to (through re-exports), else at `m` itself. A module importing itself gets no edge.
 */
export function importEdges(ev: Evaluator, file: FileRecord): Edge[] {
  const from = moduleSymbol(file)?.id;
  if (from === undefined) return [];
  const targets = new Set<string>();
  const { table } = ev.index;
  for (const sym of file.symbols) {
    for (const rec of sym.imports) {
      if (rec.kind === 'import') {
        const ref = rec.alias ? resolvePlainImport(table, file.path, rec).ref : resolveAbsoluteModule(table, file.path, rec.module);
        const to = ref.kind === 'module' ? moduleTarget(ev, ref.id) : undefined;
        if (to !== undefined) targets.add(to);
        continue;
      }
      const mod = resolveFromModule(table, file.path, rec);
      if (mod.kind !== 'module') continue;
      let to: string | undefined;
      if (rec.name !== '*') {
        for (const v of ev.moduleMember(mod.id, rec.name, false) ?? []) {
          if (v.k === 'def') to ??= v.id;
          else if (v.k === 'module') to ??= moduleTarget(ev, v.id);
        }
      }
      to ??= moduleTarget(ev, mod.id);
      if (to !== undefined) targets.add(to);
    }
  }
  // A module importing itself (or names from itself) is not a dependency.
  for (const to of targets) if (ev.index.fileOf.get(to) === file) targets.delete(to);
  return [...targets].map((to) => ({ from, to, kind: 'imports', resolution: 'resolved' }));
}

export function inheritsEdges(ev: Evaluator): Edge[] {
  const out: Edge[] = [];
  for (const s of ev.index.byId.values()) {
    if (s.kind !== 'class') continue;
    const seen = new Set<string>();
    for (const base of ev.classes.basesOf(s.id)) {
      if (base.k !== 'class' || seen.has(base.id) || !ev.classes.mro.mro(s.id).includes(base.id)) continue; // cycles: no edge
      seen.add(base.id);
      out.push({ from: s.id, to: base.id, kind: 'inherits', resolution: 'resolved' });
    }
  }
  return out;
}
