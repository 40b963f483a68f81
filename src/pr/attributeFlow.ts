// Attribute flow (pure): an attribute that changed code assigns or defaults is read elsewhere, with no
// call edge between the two (a limit set in `__init__` and enforced in `_check`). Those readers are
// context for the change as much as its callees are, so they are offered right after the changed code.
//
// Decisions:
// - Assigned names come from the changed lines only (`+` and `-`): `self.x = …` / `cls.x = …` in a
//   method, and in a class body `x = …` or `x: T [= …]` (class attributes, dataclass and attrs fields).
//   A changed header line (a parameter's default or annotation changed) flows on through the body:
//   `self.x = … p …` anywhere in the method, for each parameter `p` named on that line, assigns `x`
//   (a limit whose default changed in `__init__` and is enforced in `_check`).
// - Readers are the methods of the same class hierarchy (the class, its bases and subclasses, up to
//   MAX_DEPTH inheritance steps each way) whose text reads `self.x` / `cls.x` anywhere but as the target
//   of an assignment. Changed symbols are not readers (they are packed already).
// - Ranked like callees: more of the changed names read first, then the changed symbol's own class
//   before the rest of the hierarchy, then id; at most MAX_READERS.
import type { Neighbour } from '../graph/adjacency.js';
import type { PySymbol } from '../model.js';
import { compareStrings } from '../shared/compare.js';

export const MAX_DEPTH = 3;
export const MAX_READERS = 20;

export interface AttributeFlowInput {
  /** Changed symbols whose behaviour changed, with their changed lines' text (`+` and `-`). */
  changed: readonly { id: string; lines: readonly string[] }[];
  symbols: ReadonlyMap<string, PySymbol>;
  /** Ids of every changed symbol (none of them is a reader). */
  isChanged: (id: string) => boolean;
  /** Direct members of a symbol (graph/classNeighbours.ts). */
  children: (id: string) => readonly string[];
  subclasses: (id: string) => readonly Neighbour[];
  bases: (id: string) => readonly Neighbour[];
}

const ATTRIBUTE = /\b(?:self|cls)\.([A-Za-z_]\w*)/g;
const CLASS_NAME = /^[ \t]+([A-Za-z_]\w*)/;
const STATEMENT_KEYWORD = /^(?:def|class|return|if|for|while|with|try|else|elif|except|finally|import|from|pass|raise|assert|del|global|nonlocal|async|await|yield|lambda|not|and|or|in|is)$/;

/**
 * Whether a target (`self.x`, or a class-body name) between `before` and `after` on its line is
 * assigned: `= v` (not `==`), or, at the start of the statement, an annotation `: T` with or without
 * `= v` (a block's `:` or a slice's is not one). Read by hand, not by one expression, so that the work
 * stays linear on any line.
 */
function isAssigned(before: string, after: string): boolean {
  const rest = after.trimStart();
  if (rest.startsWith('=')) return !rest.startsWith('==');
  if (!rest.startsWith(':') || before.trim() !== '' || rest.slice(1).trim() === '') return false;
  const eq = rest.indexOf('=');
  return eq < 0 || (rest[eq + 1] !== '=' && !'<>!'.includes(rest[eq - 1] ?? ''));
}

const HEADER_LINE = /^\s*(?:async\s+)?def\s/;

/** The parameters (not `self`/`cls`) a changed header line of the function names. */
function changedParameters(symbol: PySymbol, lines: readonly string[]): Set<string> {
  const header = new Set(symbol.signature.split('\n').map((l) => l.trim()));
  const changed = lines.filter((l) => HEADER_LINE.test(l) || header.has(l.trim()));
  const words = new Set(changed.flatMap((l) => l.match(/[A-Za-z_]\w*/g) ?? []));
  return new Set(symbol.params.map((p) => p.name).filter((name) => name !== 'self' && name !== 'cls' && words.has(name)));
}

/** The attributes the function's body assigns from one of `params` (`self.x = … p …`). */
function assignedFrom(symbol: PySymbol, params: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (const line of symbol.full.split('\n')) {
    for (const m of line.matchAll(ATTRIBUTE)) {
      const after = line.slice(m.index + m[0].length);
      if (!isAssigned(line.slice(0, m.index), after)) continue;
      const value = after.slice(after.indexOf('=') + 1);
      if ((value.match(/[A-Za-z_]\w*/g) ?? []).some((word) => params.has(word))) names.push(m[1]!);
    }
  }
  return names;
}

/** The attribute names the changed lines of `id` assign (see the top of the file). */
function assignedNames(symbol: PySymbol, lines: readonly string[]): Set<string> {
  const names = new Set<string>();
  if (symbol.kind !== 'class') {
    const params = changedParameters(symbol, lines);
    if (params.size > 0) for (const name of assignedFrom(symbol, params)) names.add(name);
  }
  for (const line of lines) {
    for (const m of line.matchAll(ATTRIBUTE)) if (isAssigned(line.slice(0, m.index), line.slice(m.index + m[0].length))) names.add(m[1]!);
    if (symbol.kind !== 'class') continue;
    const m = CLASS_NAME.exec(line);
    if (m && !STATEMENT_KEYWORD.test(m[1]!) && isAssigned('', line.slice(m[0].length))) names.add(m[1]!);
  }
  return names;
}

/** The class a changed symbol belongs to: itself, or its enclosing class. */
function classOf(symbol: PySymbol, symbols: ReadonlyMap<string, PySymbol>): PySymbol | undefined {
  if (symbol.kind === 'class') return symbol;
  const parent = symbol.parent === undefined ? undefined : symbols.get(symbol.parent);
  return parent?.kind === 'class' ? parent : undefined;
}

/** The class, its bases and its subclasses, up to MAX_DEPTH steps each way. */
function hierarchy(start: string, input: AttributeFlowInput): string[] {
  const seen = new Set([start]);
  for (const step of [input.bases, input.subclasses]) {
    let frontier = [start];
    for (let depth = 0; depth < MAX_DEPTH && frontier.length > 0; depth++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of step(id)) {
          if (seen.has(n.id)) continue;
          seen.add(n.id);
          next.push(n.id);
        }
      }
      frontier = next;
    }
  }
  return [...seen].sort(compareStrings);
}

/** How many of `names` the text reads (not only assigns). */
function readsOf(text: string, names: ReadonlySet<string>): number {
  const read = new Set<string>();
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(ATTRIBUTE)) {
      if (names.has(m[1]!) && !isAssigned(line.slice(0, m.index), line.slice(m.index + m[0].length))) read.add(m[1]!);
    }
  }
  return read.size;
}

/** Readers of the attributes the changed code assigns, ranked (see the top of the file). */
export function attributeReaders(input: AttributeFlowInput): string[] {
  const score = new Map<string, { reads: number; own: boolean }>();
  for (const c of input.changed) {
    const symbol = input.symbols.get(c.id);
    if (!symbol) continue;
    const cls = classOf(symbol, input.symbols);
    if (!cls) continue;
    const names = assignedNames(symbol, c.lines);
    if (names.size === 0) continue;
    for (const holder of hierarchy(cls.id, input)) {
      for (const id of input.children(holder)) {
        const m = input.symbols.get(id);
        if (!m || m.kind === 'class' || input.isChanged(id)) continue;
        const reads = readsOf(m.full, names);
        if (reads === 0) continue;
        const had = score.get(id);
        score.set(id, { reads: (had?.reads ?? 0) + reads, own: (had?.own ?? false) || holder === cls.id });
      }
    }
  }
  return [...score]
    .sort(([a, x], [b, y]) => y.reads - x.reads || Number(y.own) - Number(x.own) || compareStrings(a, b))
    .slice(0, MAX_READERS)
    .map(([id]) => id);
}
