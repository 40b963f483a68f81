// Callers and callees of a symbol over `calls` edges, built once, looked up in constant time.
//
// Decision: neighbours are sorted resolved-first, then by id, because that is the order the packer
// visits them in (a proved call is better context than a same-named guess). Should two edges join the
// same pair with different resolutions, the pair counts as resolved and the lines are merged.
import type { Edge, Resolution } from '../model.js';

export interface Neighbour {
  id: string;
  resolution: Resolution;
  /** Call-site lines in the caller's file, ascending. */
  lines: readonly number[];
}

export interface Adjacency {
  callees(id: string): readonly Neighbour[];
  callers(id: string): readonly Neighbour[];
}

const NONE: readonly Neighbour[] = Object.freeze([]);

export function compareNeighbours(a: Neighbour, b: Neighbour): number {
  if (a.resolution !== b.resolution) return a.resolution === 'resolved' ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

type Table = Map<string, Map<string, { resolution: Resolution; lines: Set<number> }>>;

function add(table: Table, key: string, other: string, edge: Edge): void {
  let row = table.get(key);
  if (!row) table.set(key, (row = new Map()));
  const cell = row.get(other);
  if (!cell) {
    row.set(other, { resolution: edge.resolution, lines: new Set(edge.lines ?? []) });
    return;
  }
  if (edge.resolution === 'resolved') cell.resolution = 'resolved';
  for (const line of edge.lines ?? []) cell.lines.add(line);
}

function freeze(table: Table): Map<string, readonly Neighbour[]> {
  const out = new Map<string, readonly Neighbour[]>();
  for (const [key, row] of table) {
    const list = [...row].map(([id, cell]) =>
      Object.freeze({ id, resolution: cell.resolution, lines: Object.freeze([...cell.lines].sort((a, b) => a - b)) }),
    );
    out.set(key, Object.freeze(list.sort(compareNeighbours)));
  }
  return out;
}

export function buildAdjacency(edges: readonly Edge[]): Adjacency {
  const down: Table = new Map();
  const up: Table = new Map();
  for (const edge of edges) {
    if (edge.kind !== 'calls') continue;
    add(down, edge.from, edge.to, edge);
    add(up, edge.to, edge.from, edge);
  }
  const callees = freeze(down);
  const callers = freeze(up);
  return {
    callees: (id) => callees.get(id) ?? NONE,
    callers: (id) => callers.get(id) ?? NONE,
  };
}
