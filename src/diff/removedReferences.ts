// "Removed but still referenced": which removed symbols head still calls or imports (pure).
//
// Decisions:
// - The graph is head's own, with the removed symbols put back only where head does not bind their name
//   again (changedSymbols.ts, withRemovedSymbols / reboundInHead): a name head imports from its new home
//   resolves there, so only a use that really reaches the old definition is an edge to the removed id.
// - A referencing site counts only when it is live: a caller that is itself removed, or sits inside a
//   removed symbol (a nested function of a removed test class), is gone with it.
// - Only resolved evidence raises the alarm (resolved call edges, import edges). A name-only (heuristic)
//   call is kept apart in `heuristicSites`: it may be a same-named method of another class, so it is at
//   most a quieter "unresolved, check" item, never "removed but still called".
// - A moved or renamed symbol is treated like any removed one: references that were updated point at the
//   new home and raise nothing; one left pointing at the old name is a true alarm (`movedTo` helps the fix).
//   Its name-only matches are dropped: the symbol at its new home explains them better.

import type { Adjacency } from '../graph/adjacency.js';
import type { ImportRecord, Resolution } from '../model.js';
import type { ChangedSymbol } from './changedSymbols.js';
import { compareStrings } from './hunks.js';

export interface ReferenceSite {
  /** Head path of the referencing code. */
  file: string;
  /** Call line, or the import statement's line; absent when unknown. */
  line?: number;
  /** Id of the referencing symbol (a module for a module-level use or import). */
  caller: string;
  via: 'call' | 'import' | 'value';
  resolution: Resolution;
}

export interface RemovedReference {
  /** The removed symbol's id. */
  id: string;
  /** Set when the symbol moved or was renamed (the head id it became). */
  movedTo?: string;
  /** Resolved, live sites: each fails in head. Sorted by file, line, caller. */
  sites: ReferenceSite[];
  /** Name-only (heuristic) live call sites: "unresolved, check", never an alarm. Sorted likewise. */
  heuristicSites: ReferenceSite[];
  /** True when only heuristic evidence exists (sites is empty). */
  heuristicOnly: boolean;
}

export interface RemovedReferencesInput {
  changed: readonly ChangedSymbol[];
  adjacency: Adjacency;
  /** Ids of the symbols whose scope imports an id (the graph's `imports` edges). */
  importers: (id: string) => readonly string[];
  /** The index's lookup (head symbols plus the removed ones put back). */
  locate: (id: string) => { file: string; parent?: string; imports?: readonly ImportRecord[] } | undefined;
}

function compareSites(a: ReferenceSite, b: ReferenceSite): number {
  return compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || compareStrings(a.caller, b.caller) || compareStrings(a.via, b.via);
}

/** The line of the import statement that names `id` (by imported name, or by module for `import m`). */
function importLine(imports: readonly ImportRecord[] | undefined, id: string): number | undefined {
  const name = id.slice(id.lastIndexOf('.') + 1);
  const found = (imports ?? []).find((r) => (r.kind === 'from' ? r.name === name : r.module === id || id.startsWith(`${r.module}.`)));
  return found?.line;
}

/** Per removed symbol with live references in head: where, and whether only name matches say so. Sorted by id. */
export function removedStillReferenced(input: RemovedReferencesInput): RemovedReference[] {
  const removed = new Map(input.changed.filter((c) => c.change === 'removed').map((c) => [c.id, c]));
  const memo = new Map<string, boolean>();
  const isLive = (id: string): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    let live = !removed.has(id);
    if (live) {
      const parent = input.locate(id)?.parent;
      live = parent === undefined || isLive(parent);
    }
    memo.set(id, live);
    return live;
  };
  const out: RemovedReference[] = [];
  for (const [id, change] of [...removed].sort(([a], [b]) => compareStrings(a, b))) {
    const sites: ReferenceSite[] = [];
    const heuristicSites: ReferenceSite[] = [];
    for (const caller of input.adjacency.callers(id)) {
      if (!isLive(caller.id)) continue;
      const file = input.locate(caller.id)?.file;
      if (file === undefined) continue;
      // A dispatch edge reaches an override through its base method, which still answers the call.
      if (caller.resolution === 'dispatch') continue;
      const list = caller.resolution === 'resolved' ? sites : heuristicSites;
      const lines = caller.lines.length > 0 ? caller.lines : [undefined];
      for (const line of lines) {
        list.push({ file, ...(line === undefined ? {} : { line }), caller: caller.id, via: 'call', resolution: caller.resolution });
      }
    }
    // Used as a value (passed, stored, returned: `references` edges): called from wherever it went.
    for (const user of input.adjacency.users(id)) {
      if (!isLive(user.id)) continue;
      const file = input.locate(user.id)?.file;
      if (file === undefined) continue;
      for (const line of user.lines.length > 0 ? user.lines : [undefined]) {
        sites.push({ file, ...(line === undefined ? {} : { line }), caller: user.id, via: 'value', resolution: 'resolved' });
      }
    }
    for (const importer of input.importers(id)) {
      if (!isLive(importer)) continue;
      const symbol = input.locate(importer);
      if (!symbol) continue;
      const line = importLine(symbol.imports, id);
      sites.push({ file: symbol.file, ...(line === undefined ? {} : { line }), caller: importer, via: 'import', resolution: 'resolved' });
    }
    // A name match on a symbol that moved is better explained by the symbol at its new home.
    if (change.movedTo !== undefined) heuristicSites.length = 0;
    if (sites.length === 0 && heuristicSites.length === 0) continue;
    sites.sort(compareSites);
    heuristicSites.sort(compareSites);
    out.push({
      id,
      ...(change.movedTo === undefined ? {} : { movedTo: change.movedTo }),
      sites,
      heuristicSites,
      heuristicOnly: sites.length === 0,
    });
  }
  return out;
}
