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
// - A removed name that still answers (removedAnswers.ts) is not "removed" for its users: one a base
//   class still defines, or an attribute now holds, raises nothing; one a `__getattr__` or a library
//   base may serve is name-only evidence ("check"), except a bare-name call in its own module, which
//   no module `__getattr__` serves.
// - Every site has a line: an import is found in the live scope that executes it (a function-local
//   import inside a removed function is gone with it), and a site whose line is unknown takes the
//   first line of the symbol that holds it.

import type { Adjacency } from '../graph/adjacency.js';
import type { CallSite, ImportRecord, RefExpr, Resolution } from '../model.js';
import type { ChangedSymbol } from './changedSymbols.js';
import { compareStrings } from './hunks.js';
import type { StillAnswered } from './removedAnswers.js';

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
  locate: (id: string) => Located | undefined;
  /** The symbols of a file (to find the scope that executes an import); default: the importer alone. */
  symbolsIn?: (file: string) => readonly (Located & { id: string })[];
  /** What still answers a removed name in head (removedAnswers.ts); default: nothing. */
  answered?: (id: string) => StillAnswered | undefined;
}

interface Located {
  file: string;
  parent?: string;
  startLine?: number;
  imports?: readonly ImportRecord[];
  /** The symbol's own call sites (to tell a call that names the removed symbol from one through another name). */
  calls?: readonly CallSite[];
}

/** The last name of a callee (`f` of `a.b.f`), undefined for other shapes. */
function calleeName(ref: RefExpr): string | undefined {
  return ref.t === 'name' ? ref.name : ref.t === 'attr' ? ref.attr : undefined;
}

/**
 * Whether `caller`'s calls on `line` name the removed symbol (`f(...)`, `obj.f(...)`, `C(...)` for a
 * class). A call through another name (`meth(...)` of a parameter a removed decorator passed) may
 * hold something else at run time: name-only evidence. Unknown calls (no record) count as naming it.
 */
function namesRemoved(caller: Located | undefined, line: number | undefined, removedName: string): boolean {
  if (!caller?.calls || line === undefined) return true;
  const onLine = caller.calls.filter((c) => c.line === line);
  if (onLine.length === 0) return true;
  return onLine.some((c) => calleeName(c.callee.t === 'call' ? c.callee.callee : c.callee) === removedName);
}

/** The id of the module that holds `id` (the top of its parent chain). */
function moduleOf(input: RemovedReferencesInput, id: string): string {
  let at = id;
  for (let parent = input.locate(at)?.parent; parent !== undefined; parent = input.locate(at)?.parent) at = parent;
  return at;
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

/**
 * Where `importer` (a module: its `imports` edges stand for every scope of its file) imports `id`: the
 * scopes of the file whose own import statements name it, with their lines; the importer itself when
 * no statement is found.
 */
function importSites(input: RemovedReferencesInput, importer: string, id: string): { holder: string; file: string; line?: number }[] {
  const symbol = input.locate(importer);
  if (!symbol) return [];
  const scopes = input.symbolsIn?.(symbol.file) ?? [{ ...symbol, id: importer }];
  const found = scopes.flatMap((s) => {
    const line = importLine(s.imports, id);
    return line === undefined ? [] : [{ holder: s.id, file: s.file, line }];
  });
  if (found.length > 0) return found;
  return [{ holder: importer, file: symbol.file, ...(symbol.startLine === undefined ? {} : { line: symbol.startLine }) }];
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
    const answer = input.answered?.(id);
    if (answer !== undefined && answer.by !== 'dynamic') continue;
    const home = input.locate(id)?.file;
    // A removed `__init__`/`__new__` is called by its class's name.
    const removedName = ((local) => (local === '__init__' || local === '__new__' ? (id.split('.').slice(-2, -1)[0] ?? local) : local))(id.slice(id.lastIndexOf('.') + 1).replace(/#\d+$/, ''));
    // Served at run time perhaps (`__getattr__`, a library base): name-only evidence, except a bare-name
    // call in the removed function's own module (no module `__getattr__` serves a global lookup).
    const listFor = (resolution: Resolution, file: string, via: ReferenceSite['via']): ReferenceSite[] =>
      resolution !== 'resolved' || (answer !== undefined && !(via === 'call' && file === home && input.locate(id)?.parent === moduleOf(input, id))) ? heuristicSites : sites;
    const lineOr = (line: number | undefined, holder: string): number | undefined => line ?? input.locate(holder)?.startLine;
    for (const caller of input.adjacency.callers(id)) {
      if (!isLive(caller.id)) continue;
      const file = input.locate(caller.id)?.file;
      if (file === undefined) continue;
      // A dispatch edge reaches an override through its base method, which still answers the call.
      if (caller.resolution === 'dispatch') continue;
      const lines = caller.lines.length > 0 ? caller.lines : [undefined];
      for (const at of lines) {
        const line = lineOr(at, caller.id);
        const named = namesRemoved(input.locate(caller.id), at, removedName);
        const list = listFor(named ? caller.resolution : 'heuristic', file, 'call');
        list.push({ file, ...(line === undefined ? {} : { line }), caller: caller.id, via: 'call', resolution: caller.resolution });
      }
    }
    // Used as a value (passed, stored, returned: `references` edges): called from wherever it went.
    // A line that already calls it (`map(f, xs)`: a builtin calls what it is passed) is one site.
    const called = new Set([...sites, ...heuristicSites].map((s) => `${s.caller}\u0000${s.line}`));
    for (const user of input.adjacency.users(id)) {
      if (!isLive(user.id)) continue;
      const file = input.locate(user.id)?.file;
      if (file === undefined) continue;
      for (const at of user.lines.length > 0 ? user.lines : [undefined]) {
        const line = lineOr(at, user.id);
        if (called.has(`${user.id}\u0000${line}`)) continue;
        listFor('resolved', file, 'value').push({ file, ...(line === undefined ? {} : { line }), caller: user.id, via: 'value', resolution: 'resolved' });
      }
    }
    for (const importer of input.importers(id)) {
      if (!isLive(importer)) continue;
      for (const site of importSites(input, importer, id)) {
        if (!isLive(site.holder)) continue;
        listFor('resolved', site.file, 'import').push({ file: site.file, ...(site.line === undefined ? {} : { line: site.line }), caller: site.holder, via: 'import', resolution: 'resolved' });
      }
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
