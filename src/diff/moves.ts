// Removed + added symbol pairs that are one symbol moved or renamed (pure), like git's rename detection
// but measured on a symbol's body.
//
// Decisions:
// - Similarity is the Dice coefficient of the two bodies' line multisets: 2·common / (lines A + lines B),
//   lines trimmed (a method moved out of its class loses one indent), blank lines dropped, and the
//   symbol's own name replaced by a placeholder wherever it appears as a word (a renamed class that
//   names itself in its body still matches). A pair needs similarity >= MOVE_SIMILARITY (0.5, git's
//   default rename threshold).
// - A rename (the simple name differs) also needs RENAME_MIN_LINES (3) body lines besides the header:
//   two one-line stubs (`def a(): pass`, `def b(): pass`) are identical after the placeholder and would
//   pair by chance. A same-name move has no such floor (a verbatim file rename moves one-liners too).
// - Kinds pair with their own kind, except function <-> method (moved into or out of a class).
// - Pairing is greedy and deterministic, outer symbols first (by id depth): at each depth, candidates
//   whose parents were paired with each other go first (members follow their moved class), then the
//   rest; within each, by similarity (desc), same simple name first, then removed id and added id
//   ascending. Each symbol joins at most one pair.
// - moveKind is 'renamed' when the simple name differs, else 'moved' (another file, class or module).
// - Cost guard: when removed × added exceeds MAX_COMPARISONS (4M), only same-name candidates are
//   compared, and the result says so (a note).
import type { PySymbol, SymbolKind } from '../model.js';
import { compareStrings } from './hunks.js';

export const MOVE_SIMILARITY = 0.5;
export const RENAME_MIN_LINES = 3;
export const MAX_COMPARISONS = 4_000_000;

export interface MovePair {
  /** Base id of the removed end. */
  from: string;
  /** Head id of the added end. */
  to: string;
  kind: 'moved' | 'renamed';
  /** 0..1, rounded to 2 decimals. */
  similarity: number;
}

export interface MovesResult {
  pairs: MovePair[];
  notes: string[];
}

interface Body {
  symbol: PySymbol;
  /** The id it is known by (removed ends: the base id as the PR reports it). */
  id: string;
  simple: string;
  counts: Map<string, number>;
  size: number;
}

/** Last segment of a symbol's qualified name, `#2` suffix dropped; a module's last dotted segment. */
export function simpleName(symbol: Pick<PySymbol, 'name' | 'module' | 'kind'>): string {
  const qualified = symbol.kind === 'module' ? symbol.module : symbol.name;
  return qualified.slice(qualified.lastIndexOf('.') + 1).replace(/#\d+$/, '');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function bodyOf(symbol: PySymbol, id: string): Body {
  const simple = simpleName(symbol);
  const word = simple && symbol.kind !== 'module' ? new RegExp(`\\b${escapeRegExp(simple)}\\b`, 'g') : undefined;
  const counts = new Map<string, number>();
  let size = 0;
  for (const raw of symbol.full.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const key = word ? line.replace(word, '\u0000') : line;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    size++;
  }
  return { symbol, id, simple, counts, size };
}

function dice(a: Body, b: Body): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let common = 0;
  for (const [line, count] of small.counts) common += Math.min(count, large.counts.get(line) ?? 0);
  return (2 * common) / (a.size + b.size);
}

function kindsPair(a: SymbolKind, b: SymbolKind): boolean {
  if (a === b) return true;
  return (a === 'function' && b === 'method') || (a === 'method' && b === 'function');
}

/** Lines besides the header (and decorators): the first line ending a `def`/`class` header starts the body. */
function bodyLines(body: Body): number {
  const lines = body.symbol.full.split('\n').filter((l) => l.trim() !== '');
  const header = lines.findIndex((l) => /^\s*(async\s+)?(def|class)\b/.test(l));
  return header < 0 ? lines.length : lines.length - header - 1;
}

interface Candidate {
  removed: Body;
  added: Body;
  similarity: number;
  sameName: boolean;
}

/**
 * Pair removed symbols (`removed`: base symbols, by the id the PR reports them under) with added head
 * symbols. Modules pair only with modules; a module pairs only when its file's last name is the same or
 * its module-level code is not empty.
 */
export function detectMoves(
  removed: readonly { id: string; symbol: PySymbol }[],
  added: readonly { id: string; symbol: PySymbol }[],
): MovesResult {
  const notes: string[] = [];
  const removedBodies = [...removed].sort((a, b) => compareStrings(a.id, b.id)).map((r) => bodyOf(r.symbol, r.id));
  const addedBodies = [...added].sort((a, b) => compareStrings(a.id, b.id)).map((a) => bodyOf(a.symbol, a.id));
  const sameNameOnly = removedBodies.length * addedBodies.length > MAX_COMPARISONS;
  if (sameNameOnly) {
    notes.push(
      `Move detection compared only same-name symbols: ${removedBodies.length} removed × ${addedBodies.length} added exceeds ${MAX_COMPARISONS} comparisons.`,
    );
  }
  const addedByName = new Map<string, Body[]>();
  for (const a of addedBodies) {
    const list = addedByName.get(a.simple);
    if (list) list.push(a);
    else addedByName.set(a.simple, [a]);
  }

  const candidates: Candidate[] = [];
  for (const r of removedBodies) {
    const pool = sameNameOnly ? (addedByName.get(r.simple) ?? []) : addedBodies;
    for (const a of pool) {
      if (!kindsPair(r.symbol.kind, a.symbol.kind)) continue;
      const sameName = r.simple === a.simple;
      if (r.symbol.kind === 'module' && !sameName && (r.size === 0 || a.size === 0)) continue;
      // Dice can reach at most 2·min/(sum): skip pairs that cannot pass.
      if ((2 * Math.min(r.size, a.size)) / Math.max(1, r.size + a.size) < MOVE_SIMILARITY && r.size + a.size > 0) continue;
      const similarity = dice(r, a);
      if (similarity < MOVE_SIMILARITY) continue;
      if (!sameName && (bodyLines(r) < RENAME_MIN_LINES || bodyLines(a) < RENAME_MIN_LINES)) continue;
      candidates.push({ removed: r, added: a, similarity, sameName });
    }
  }

  // Greedy in a fixed order (see the top of the file).
  candidates.sort(
    (x, y) =>
      y.similarity - x.similarity ||
      Number(y.sameName) - Number(x.sameName) ||
      compareStrings(x.removed.id, y.removed.id) ||
      compareStrings(x.added.id, y.added.id),
  );
  const pairedFrom = new Map<string, string>();
  const taken = new Set<string>();
  const pairs: MovePair[] = [];
  const take = (c: Candidate) => {
    pairedFrom.set(c.removed.id, c.added.id);
    taken.add(c.added.id);
    pairs.push({
      from: c.removed.id,
      to: c.added.id,
      kind: c.sameName ? 'moved' : 'renamed',
      similarity: Math.round(c.similarity * 100) / 100,
    });
  };
  const depthOf = (id: string) => id.split('.').length;
  const parentPaired = (c: Candidate) => {
    const rp = c.removed.symbol.parent;
    const ap = c.added.symbol.parent;
    return rp !== undefined && ap !== undefined && pairedFrom.get(parentIdAsReported(c.removed, rp)) === ap;
  };
  // Outer levels first so that parents are known when members are considered.
  const depths = [...new Set(candidates.map((c) => depthOf(c.removed.id)))].sort((a, b) => a - b);
  for (const depth of depths) {
    const level = candidates.filter((c) => depthOf(c.removed.id) === depth);
    for (const preferParents of [true, false]) {
      for (const c of level) {
        if (pairedFrom.has(c.removed.id) || taken.has(c.added.id)) continue;
        if (preferParents && !parentPaired(c)) continue;
        take(c);
      }
    }
  }
  pairs.sort((a, b) => compareStrings(a.from, b.from) || compareStrings(a.to, b.to));
  return { pairs, notes };
}

/** The removed parent's id as the PR reports it: the removed end's id with its own last segment cut. */
function parentIdAsReported(body: Body, parent: string): string {
  const own = body.symbol.id;
  if (own.startsWith(`${parent}.`)) return body.id.slice(0, body.id.length - (own.length - parent.length));
  return parent;
}
