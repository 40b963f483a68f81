// Changed lines + base/head symbols -> which symbols a PR added, modified or removed (pure).
//
// Decisions:
// - Innermost wins: every line of a file is owned by the innermost symbol whose span holds it (the module
//   owns the rest), so a change in a method is the method's, not its class's, and a change between
//   definitions is the module's.
// - Blank lines own nothing: adding a function also adds the blank lines around it, and those would
//   otherwise mark the module (or the class, between methods) modified on every addition.
// - Identity is the symbol id. A renamed file's base ids are re-rooted at the head module, so a rename
//   without edits changes nothing and an edited renamed file compares symbol by symbol. (The PR paths,
//   git and API, pass no renames: they report the old file removed and the new one added, since ids
//   follow paths and importers of the old module break; gitDiff.ts. This serves other callers.)
// - Added: id only in head. Removed: id only in base (the base PySymbol is kept so the digest can show its
//   text). Modified: id in both, and an added head line or a removed base line is owned by it.
// - Lines unknown (GitHub omitted the patch): every line of the file counts as changed.
// - Moves and renames (moves.ts) link a removed symbol to the added one it became; both keep their change.
import type { FileRecord, PySymbol, SymbolKind } from '../model.js';
import { compareStrings, type FileChange, type LineRange } from './hunks.js';
import { detectMoves } from './moves.js';

export type SymbolChange = 'added' | 'modified' | 'removed';

export interface ChangedSymbol {
  id: string;
  /** Head path; for a removed symbol, the base path its lines refer to. */
  file: string;
  name: string;
  kind: SymbolKind;
  change: SymbolChange;
  /** Head span; base span for a removed symbol. */
  lines: LineRange;
  /** On an added symbol that is a removed one moved or renamed (moves.ts): the removed end's (base) id. */
  movedFrom?: string;
  /** On a removed symbol that moved or was renamed: the added end's (head) id. */
  movedTo?: string;
  /** Set on both ends of a move: 'renamed' when the simple name differs, else 'moved'. */
  moveKind?: 'moved' | 'renamed';
  /** Set on both ends of a move: body similarity, 0..1 (moves.ts). */
  similarity?: number;
}

export interface ChangedSymbolsInput {
  changes: readonly FileChange[];
  /** Base-side records by base path (read at the merge base). */
  baseFiles: readonly FileRecord[];
  /** Head-side records by head path. */
  headFiles: readonly FileRecord[];
}

export interface ChangedSymbolsResult {
  changed: ChangedSymbol[];
  /** Base symbols that head no longer has; ids (and module/parent) re-rooted at the head path of a renamed file. */
  removedSymbols: PySymbol[];
  /** Changed files that are not Python: listed, not analysed. */
  nonPython: string[];
  notes: string[];
}

/** owner[line] = the innermost symbol holding that line (index 0 unused). */
function lineOwners(record: FileRecord): (PySymbol | undefined)[] {
  const lastLine = Math.max(record.lineCount, ...record.symbols.map((s) => s.endLine));
  const owners = Array.from<PySymbol | undefined>({ length: lastLine + 1 });
  // Outer symbols first (earlier start, then longer span), so nested ones paint over them.
  const ordered = [...record.symbols].sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  for (const symbol of ordered) {
    const from = symbol.kind === 'module' ? 1 : symbol.startLine;
    const to = symbol.kind === 'module' ? lastLine : symbol.endLine;
    for (let line = from; line <= to; line++) owners[line] = symbol;
  }
  return owners;
}

function* linesOf(ranges: readonly LineRange[], skip: readonly LineRange[] = []): Generator<number> {
  const blank = new Set<number>();
  for (const [from, to] of skip) for (let n = from; n <= to; n++) blank.add(n);
  for (const [from, to] of ranges) for (let n = from; n <= to; n++) if (!blank.has(n)) yield n;
}

function moduleSymbolOf(record: FileRecord): PySymbol | undefined {
  return record.symbols.find((s) => s.kind === 'module');
}

/** Re-root an id of `fromModule` at `toModule` (`old.mod.Class.f` -> `new.mod.Class.f`). */
function reroot(id: string, fromModule: string, toModule: string): string {
  if (fromModule === toModule) return id;
  if (id === fromModule) return toModule;
  return id.startsWith(`${fromModule}.`) ? `${toModule}${id.slice(fromModule.length)}` : id;
}

function rerootSymbol(symbol: PySymbol, toModule: string): PySymbol {
  if (symbol.module === toModule) return symbol;
  const from = symbol.module;
  const copy: PySymbol = { ...symbol, id: reroot(symbol.id, from, toModule), module: toModule };
  if (symbol.parent !== undefined) copy.parent = reroot(symbol.parent, from, toModule);
  return copy;
}

function entry(symbol: PySymbol, change: SymbolChange, id = symbol.id): ChangedSymbol {
  return { id, file: symbol.file, name: symbol.name, kind: symbol.kind, change, lines: [symbol.startLine, symbol.endLine] };
}

function wholeFile(record: FileRecord | undefined): LineRange[] {
  return record && record.lineCount > 0 ? [[1, record.lineCount]] : [];
}

interface FileResult {
  changed: ChangedSymbol[];
  removed: PySymbol[];
  notes: string[];
}

function changedInFile(change: FileChange, base: FileRecord | undefined, head: FileRecord | undefined): FileResult {
  const out: FileResult = { changed: [], removed: [], notes: [] };
  const basePath = change.oldPath ?? change.path;
  if (change.status !== 'added' && !base && change.status !== 'removed') {
    out.notes.push(`${basePath}: base version not available; its changed symbols are all reported as modified`);
  }
  if (change.status !== 'removed' && !head) {
    out.notes.push(`${change.path}: head version not analysed; its added and modified symbols are unknown`);
  }
  const headModule = head?.module ?? (base ? base.module : '');
  const baseSymbols = new Map<string, PySymbol>();
  for (const s of base?.symbols ?? []) baseSymbols.set(reroot(s.id, s.module, headModule), s);
  const headIds = new Set(head?.symbols.map((s) => s.id) ?? []);
  const compareWithBase = base !== undefined || change.status === 'added';

  const added = new Set<string>();
  if (head && compareWithBase) {
    for (const s of head.symbols) {
      if (baseSymbols.has(s.id)) continue;
      added.add(s.id);
      out.changed.push(entry(s, 'added'));
    }
  }
  if (base && (head || change.status === 'removed')) {
    for (const [id, s] of baseSymbols) {
      if (headIds.has(id)) continue;
      out.changed.push(entry(s, 'removed', id));
      out.removed.push(rerootSymbol(s, headModule));
    }
  }

  const modified = new Map<string, PySymbol>();
  const headById = new Map(head?.symbols.map((s) => [s.id, s]) ?? []);
  if (head) {
    const owners = lineOwners(head);
    const lines = change.linesUnknown ? wholeFile(head) : change.newLines;
    for (const n of linesOf(lines, change.blankNewLines)) {
      const owner = owners[n] ?? moduleSymbolOf(head);
      if (owner && !added.has(owner.id)) modified.set(owner.id, owner);
    }
  }
  if (head && base) {
    const owners = lineOwners(base);
    const lines = change.linesUnknown ? wholeFile(base) : change.oldLines;
    for (const n of linesOf(lines, change.blankOldLines)) {
      const owner = owners[n] ?? moduleSymbolOf(base);
      if (!owner) continue;
      const inHead = headById.get(reroot(owner.id, owner.module, headModule));
      if (inHead && !added.has(inHead.id)) modified.set(inHead.id, inHead);
    }
  }
  for (const s of modified.values()) out.changed.push(entry(s, 'modified'));
  return out;
}

function compareChanged(a: ChangedSymbol, b: ChangedSymbol): number {
  return compareStrings(a.file, b.file) || a.lines[0] - b.lines[0] || compareStrings(a.id, b.id);
}

/** Which symbols the changes added, modified and removed; sorted by file, start line, id. */
export function computeChangedSymbols(input: ChangedSymbolsInput): ChangedSymbolsResult {
  const baseByPath = new Map(input.baseFiles.map((f) => [f.path, f]));
  const headByPath = new Map(input.headFiles.map((f) => [f.path, f]));
  const result: ChangedSymbolsResult = { changed: [], removedSymbols: [], nonPython: [], notes: [] };
  for (const change of input.changes) {
    if (!change.isPython) {
      result.nonPython.push(change.path);
      continue;
    }
    const base = change.status === 'added' ? undefined : baseByPath.get(change.oldPath ?? change.path);
    const head = change.status === 'removed' ? undefined : headByPath.get(change.path);
    const file = changedInFile(change, base, head);
    result.changed.push(...file.changed);
    result.removedSymbols.push(...file.removed);
    result.notes.push(...file.notes);
  }
  linkMoves(result, input.headFiles);
  result.changed.sort(compareChanged);
  result.removedSymbols.sort((a, b) => compareStrings(a.id, b.id));
  result.nonPython.sort(compareStrings);
  result.notes.sort(compareStrings);
  return result;
}

/** Pairs removed and added symbols that are one symbol moved or renamed (moves.ts) and links both ends. */
function linkMoves(result: ChangedSymbolsResult, headFiles: readonly FileRecord[]): void {
  const addedIds = new Set(result.changed.filter((c) => c.change === 'added').map((c) => c.id));
  if (addedIds.size === 0 || result.removedSymbols.length === 0) return;
  const added = headFiles.flatMap((f) => f.symbols.filter((s) => addedIds.has(s.id)).map((symbol) => ({ id: symbol.id, symbol })));
  const removed = result.removedSymbols.map((symbol) => ({ id: symbol.id, symbol }));
  const moves = detectMoves(removed, added);
  const from = new Map(moves.pairs.map((p) => [p.to, p]));
  const to = new Map(moves.pairs.map((p) => [p.from, p]));
  result.changed = result.changed.map((c) => {
    const pair = c.change === 'added' ? from.get(c.id) : c.change === 'removed' ? to.get(c.id) : undefined;
    if (!pair) return c;
    const link = c.change === 'added' ? { movedFrom: pair.from } : { movedTo: pair.to };
    return { ...c, ...link, moveKind: pair.kind, similarity: pair.similarity };
  });
  result.notes.push(...moves.notes);
}

/** Names a head scope binds itself: its imports, its single-name assignments, its own definitions. */
function namesBoundBy(scope: PySymbol, children: readonly PySymbol[]): Set<string> {
  const names = new Set<string>();
  for (const r of scope.imports) names.add(r.alias ?? (r.kind === 'from' ? r.name : r.module.split('.')[0]!));
  for (const b of scope.bindings) if (b.target.length === 1) names.add(b.target[0]!);
  for (const c of children) names.add(c.name.slice(c.name.lastIndexOf('.') + 1));
  return names;
}

/**
 * Removed symbols whose name the head scope that held them binds again (`from .new_home import f` in the
 * module that defined `f`, `g = other` in place of `def g`): head's binding is what the name means now.
 * Members of those are included. Sorted ids.
 */
export function reboundInHead(headFiles: readonly FileRecord[], removedSymbols: readonly PySymbol[]): string[] {
  const live = new Map<string, PySymbol>();
  const children = new Map<string, PySymbol[]>();
  for (const f of headFiles) {
    for (const s of f.symbols) {
      live.set(s.id, s);
      if (s.parent === undefined) continue;
      const list = children.get(s.parent);
      if (list) list.push(s);
      else children.set(s.parent, [s]);
    }
  }
  const bound = new Map<string, Set<string>>();
  const boundIn = (scope: PySymbol) => {
    let names = bound.get(scope.id);
    if (!names) bound.set(scope.id, (names = namesBoundBy(scope, children.get(scope.id) ?? [])));
    return names;
  };
  const rebound = new Set<string>();
  // Parents before members (shorter ids first), so a member of a rebound symbol follows it.
  for (const s of [...removedSymbols].sort((a, b) => a.id.length - b.id.length || compareStrings(a.id, b.id))) {
    if (s.kind === 'module' || s.parent === undefined || live.has(s.id)) continue;
    if (rebound.has(s.parent)) {
      rebound.add(s.id);
      continue;
    }
    const scope = live.get(s.parent);
    if (scope && boundIn(scope).has(s.name.slice(s.name.lastIndexOf('.') + 1))) rebound.add(s.id);
  }
  return [...rebound].sort(compareStrings);
}

/**
 * Head records plus the removed symbols, for building the graph the digest's "still called" check needs:
 * a removed symbol joins the head record of its (re-rooted) module, or a record of its own when the
 * whole file is gone, so name and import resolution can still find it; one whose id the files still
 * define is left out, and so is one whose name head binds again in the same scope (reboundInHead): the
 * base copy would shadow head's own binding (an import from the symbol's new home) and turn every use
 * of it into a false "removed but still called". Inputs are not mutated.
 */
export function withRemovedSymbols(headFiles: readonly FileRecord[], removedSymbols: readonly PySymbol[]): FileRecord[] {
  // A removed id that the files still define (the working tree is not head) stays as the files have it:
  // adding the base copy would define the id twice.
  const live = new Set(headFiles.flatMap((f) => f.symbols.map((s) => s.id)));
  const rebound = new Set(reboundInHead(headFiles, removedSymbols));
  const byModule = new Map<string, PySymbol[]>();
  for (const s of removedSymbols) {
    if (!live.has(s.id) && !rebound.has(s.id)) byModule.set(s.module, [...(byModule.get(s.module) ?? []), s]);
  }
  const out = headFiles.map((f) => {
    const extra = byModule.get(f.module);
    if (!extra) return f;
    byModule.delete(f.module);
    return { ...f, symbols: [...f.symbols, ...extra] };
  });
  for (const [module, symbols] of [...byModule].sort(([a], [b]) => compareStrings(a, b))) {
    const first = symbols[0]!;
    const lineCount = Math.max(...symbols.map((s) => s.endLine));
    const moduleFirst = [...symbols].sort((a, b) => (a.kind === 'module' ? -1 : b.kind === 'module' ? 1 : a.startLine - b.startLine));
    out.push({ path: first.file, module, symbols: moduleFirst, partial: false, lineCount, notes: ['removed in this change'] });
  }
  return out;
}
