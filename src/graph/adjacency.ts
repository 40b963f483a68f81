// Callers and callees of a symbol over `calls` edges, built once, looked up in constant time.
//
// Decision: neighbours are sorted by resolution strength (resolved, then dispatch, then heuristic;
// heuristic ones by confidence, highest first), then by id, because that is the order the packer
// visits them in (a proved call is better context than a possible override, which is better than a
// same-named guess). Should two edges join the same pair with different resolutions, the pair takes
// the strongest and the lines are merged. Only `calls` edges are neighbours (`references` are not calls).
// A resolved edge with a confidence (one of several items a container lookup picks) ranks after the
// certain resolved ones; merged with a certain edge of the same pair, it is certain.
import type { Edge, Resolution } from '../model.js';

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
type Table = Map<string, Map<string, Cell>>;

function add(table: Table, key: string, other: string, edge: Edge): void {
  let row = table.get(key);
  if (!row) table.set(key, (row = new Map()));
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

function freeze(table: Table): Map<string, readonly Neighbour[]> {
  const out = new Map<string, readonly Neighbour[]>();
  for (const [key, row] of table) {
    const list = [...row].map(([id, cell]) =>
      Object.freeze({
        id,
        resolution: cell.resolution,
        lines: Object.freeze(sortedUnique(cell.lines)),
        ...((cell.resolution === 'heuristic' || cell.resolution === 'resolved') && cell.confidence !== undefined ? { confidence: cell.confidence } : {}),
      }),
    );
    out.set(key, Object.freeze(list.sort(compareNeighbours)));
  }
  return out;
}

/**
 * One direction's neighbours, built and frozen before the next is started: on a large tree the
 * working tables of all three at once (a map per symbol, a cell per pair) were the largest heap of a
 * PR digest after resolution.
 */
function neighbours(edges: readonly Edge[], kind: 'calls' | 'references', keyOf: (edge: Edge) => string, otherOf: (edge: Edge) => string): Map<string, readonly Neighbour[]> {
  const table: Table = new Map();
  for (const edge of edges) if (edge.kind === kind) add(table, keyOf(edge), otherOf(edge), edge);
  return freeze(table);
}

export function buildAdjacency(edges: readonly Edge[]): Adjacency {
  const from = (edge: Edge) => edge.from;
  const to = (edge: Edge) => edge.to;
  const callees = neighbours(edges, 'calls', from, to);
  const callers = neighbours(edges, 'calls', to, from);
  const users = neighbours(edges, 'references', to, from);
  return {
    callees: (id) => callees.get(id) ?? NONE,
    callers: (id) => callers.get(id) ?? NONE,
    users: (id) => users.get(id) ?? NONE,
  };
}
