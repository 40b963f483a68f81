// Callers and callees of a symbol over `calls` edges, each symbol's list built when first asked for.
//
// Decision: no table of every symbol's neighbours. A PR digest asks for the neighbours of the changed
// symbols and of what the packer and the test search reach from them, a small part of a large tree,
// while a table of every pair (an object and a line array per edge, twice) was three times the size of
// the edges themselves and the largest heap after resolution. What is kept is, per direction, the
// positions of its edges sorted by key (4 bytes an edge); a lookup finds its key's run by binary search
// and builds the list from those edges, once. The edges are read, not copied: they must not change
// after the adjacency is built (an index's never do).
//
// Decision: neighbours are sorted by resolution strength (resolved, then dispatch, then heuristic;
// heuristic ones by confidence, highest first), then by id, because that is the order the packer
// visits them in (a proved call is better context than a possible override, which is better than a
// same-named guess). Should two edges join the same pair with different resolutions, the pair takes
// the strongest and the lines are merged. Only `calls` edges are neighbours (`references` are not calls).
// A resolved edge with a confidence (one of several items a container lookup picks) ranks after the
// certain resolved ones; merged with a certain edge of the same pair, it is certain.
import type { Edge, EdgeKind, Resolution } from '../model.js';

export interface Neighbour {
  id: string;
  resolution: Resolution;
  /** Heuristic neighbours, and resolved ones picked from several: the edge's confidence (0..1). */
  confidence?: number;
  /** Call-site lines in the caller's file, ascending. */
  lines: readonly number[];
}

export interface Adjacency {
  callees(id: string): readonly Neighbour[];
  callers(id: string): readonly Neighbour[];
  /** Symbols that use `id` as a value without calling it there (`references` edges), same order. */
  users(id: string): readonly Neighbour[];
}

const NONE: readonly Neighbour[] = Object.freeze([]);

/** 0 resolved, 1 dispatch, 2 heuristic. */
/** Which call edges a pack follows: proved ones only (`isProved`), or every one, name-based guesses included. */
export const RESOLUTION_FILTERS = ['resolved', 'all'] as const;
export type ResolutionFilter = (typeof RESOLUTION_FILTERS)[number];

export const RESOLUTION_RANK: Readonly<Record<Resolution, number>> = { resolved: 0, dispatch: 1, heuristic: 2 };

/** The rule for "resolved only" filters (`--resolution resolved`): resolved and dispatch edges are kept, heuristic ones dropped. */
export function isProved(resolution: Resolution): boolean {
  return resolution !== 'heuristic';
}

export function strongerResolution(a: Resolution, b: Resolution): Resolution {
  return RESOLUTION_RANK[a] <= RESOLUTION_RANK[b] ? a : b;
}

/** A neighbour's confidence for ordering: a proved edge without one is certain, a guess without one worth nothing. */
export function confidenceOf(n: { resolution: Resolution; confidence?: number }): number {
  return n.confidence ?? (n.resolution === 'heuristic' ? 0 : 1);
}

/**
 * One more edge (or neighbour) for the same pair into `cell`: the strongest resolution wins with its
 * confidence; at the same resolution a guess takes its best confidence, and a proved pair stays
 * uncertain only while every edge of it is.
 */
export function mergeInto(cell: { resolution: Resolution; confidence?: number }, edge: { resolution: Resolution; confidence?: number }): void {
  if (RESOLUTION_RANK[edge.resolution] < RESOLUTION_RANK[cell.resolution]) {
    cell.resolution = edge.resolution;
    if (edge.confidence === undefined) delete cell.confidence;
    else cell.confidence = edge.confidence;
  } else if (edge.resolution === cell.resolution) {
    if (edge.confidence !== undefined && (cell.resolution === 'heuristic' || cell.confidence !== undefined)) cell.confidence = Math.max(cell.confidence ?? 0, edge.confidence);
    else if (cell.resolution !== 'heuristic') delete cell.confidence;
  }
}

export function compareNeighbours(a: Neighbour, b: Neighbour): number {
  if (a.resolution !== b.resolution) return RESOLUTION_RANK[a.resolution] - RESOLUTION_RANK[b.resolution];
  const ca = confidenceOf(a);
  const cb = confidenceOf(b);
  if (ca !== cb) return cb - ca;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** One pair's merged edges; lines in arrival order, sorted and made unique when frozen. */
interface Cell {
  resolution: Resolution;
  lines: number[];
  confidence?: number;
}

/** One more edge of the pair `other` into a key's row (edges arrive in their order in the list). */
function add(row: Map<string, Cell>, other: string, edge: Edge): void {
  const cell = row.get(other);
  if (!cell) {
    const fresh: Cell = { resolution: edge.resolution, lines: edge.lines ? [...edge.lines] : [] };
    if (edge.confidence !== undefined) fresh.confidence = edge.confidence;
    row.set(other, fresh);
    return;
  }
  mergeInto(cell, edge);
  if (edge.lines) cell.lines.push(...edge.lines);
}

function sortedUnique(lines: number[]): number[] {
  lines.sort((a, b) => a - b);
  return lines.filter((line, i) => i === 0 || line !== lines[i - 1]);
}

function freeze(row: Map<string, Cell>): readonly Neighbour[] {
  const list = [...row].map(([id, cell]) =>
    Object.freeze({
      id,
      resolution: cell.resolution,
      lines: Object.freeze(sortedUnique(cell.lines)),
      ...((cell.resolution === 'heuristic' || cell.resolution === 'resolved') && cell.confidence !== undefined ? { confidence: cell.confidence } : {}),
    }),
  );
  return Object.freeze(list.sort(compareNeighbours));
}

/**
 * The positions of the edges of `kind` in `edges`, sorted by key and, within a key, by position (so a
 * key's edges are merged in list order). An index's edges are sorted by `from` already: then no sort.
 */
function positionsByKey(edges: readonly Edge[], kind: EdgeKind, keyOf: (edge: Edge) => string): Uint32Array {
  let count = 0;
  for (const edge of edges) if (edge.kind === kind) count++;
  const positions = new Uint32Array(count);
  let sorted = true;
  let at = 0;
  for (let i = 0; i < edges.length; i++) {
    if (edges[i]!.kind !== kind) continue;
    if (at > 0 && keyOf(edges[positions[at - 1]!]!) > keyOf(edges[i]!)) sorted = false;
    positions[at++] = i;
  }
  if (sorted) return positions;
  return positions.sort((a, b) => {
    const ka = keyOf(edges[a]!);
    const kb = keyOf(edges[b]!);
    return ka < kb ? -1 : ka > kb ? 1 : a - b;
  });
}

/** The first place in `positions` whose edge's key is not below `id` (binary search). */
function firstAtOrAbove(edges: readonly Edge[], positions: Uint32Array, keyOf: (edge: Edge) => string, id: string): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(edges[positions[mid]!]!) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One direction's neighbours: a key's list is built from its edges on the first lookup and kept. */
function neighbours(edges: readonly Edge[], kind: 'calls' | 'references', keyOf: (edge: Edge) => string, otherOf: (edge: Edge) => string): (id: string) => readonly Neighbour[] {
  const positions = positionsByKey(edges, kind, keyOf);
  const built = new Map<string, readonly Neighbour[]>();
  return (id) => {
    const known = built.get(id);
    if (known) return known;
    const row = new Map<string, Cell>();
    for (let i = firstAtOrAbove(edges, positions, keyOf, id); i < positions.length; i++) {
      const edge = edges[positions[i]!]!;
      if (keyOf(edge) !== id) break;
      add(row, otherOf(edge), edge);
    }
    if (row.size === 0) return NONE;
    const list = freeze(row);
    built.set(id, list);
    return list;
  };
}

export function buildAdjacency(edges: readonly Edge[]): Adjacency {
  const from = (edge: Edge) => edge.from;
  const to = (edge: Edge) => edge.to;
  return {
    callees: neighbours(edges, 'calls', from, to),
    callers: neighbours(edges, 'calls', to, from),
    users: neighbours(edges, 'references', to, from),
  };
}
