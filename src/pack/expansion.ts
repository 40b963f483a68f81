// The order in which the packer considers symbols: roots, then breadth-first rounds outward.
//
// The rule (exactly):
// - Two frontiers start as the roots: DOWN (whose callees are next) and UP (whose callers are next).
// - Rounds alternate: a callee hop expands every symbol of DOWN at once, then a caller hop expands every
//   symbol of UP at once, then callees again, and so on. A direction whose frontier is empty is passed
//   over; expansion ends when both are empty. So each direction advances one hop per two rounds and
//   neither starves the other, however wide one side is.
// - Directions stay consistent: callees of callees go down, callers of callers go up (callees of a
//   caller would be siblings, not context). A symbol joins a frontier the first time it is reached in
//   that direction, even if the other direction already offered it; it is offered to the packer once.
// - A hop's new symbols come resolved-first (reached over at least one `resolved` edge), then by id.
//   With `resolution: 'resolved'`, heuristic edges are not followed at all.
// - The order depends only on the graph, not on what fitted: a skipped symbol's neighbours are still
//   reached, so a smaller, farther symbol can use space a large near one could not.
import type { Resolution } from '../model.js';
import type { Adjacency, Neighbour } from '../graph/adjacency.js';
import type { PackDirection } from '../render/document.js';

export interface Candidate {
  id: string;
  hop: number;
  direction: PackDirection;
  resolution?: Resolution;
}

export interface ExpansionInput {
  roots: readonly string[];
  adjacency: Adjacency;
  /** Only ids this accepts are reached (unknown ids from a stale graph are ignored). */
  exists(id: string): boolean;
  resolution: 'resolved' | 'all';
}

export function* expansionOrder(input: ExpansionInput): Generator<Candidate> {
  const offered = new Set<string>();
  for (const id of input.roots) {
    if (offered.has(id)) continue;
    offered.add(id);
    yield { id, hop: 0, direction: 'root' };
  }
  const seen = { callee: new Set(offered), caller: new Set(offered) };
  const frontier = { callee: [...offered], caller: [...offered] };
  const hop = { callee: 0, caller: 0 };
  while (frontier.callee.length > 0 || frontier.caller.length > 0) {
    for (const direction of ['callee', 'caller'] as const) {
      if (frontier[direction].length === 0) continue;
      const reached = new Map<string, Resolution>();
      for (const from of frontier[direction]) {
        const neighbours: readonly Neighbour[] =
          direction === 'callee' ? input.adjacency.callees(from) : input.adjacency.callers(from);
        for (const n of neighbours) {
          if (input.resolution === 'resolved' && n.resolution !== 'resolved') continue;
          if (seen[direction].has(n.id) || !input.exists(n.id)) continue;
          if (reached.get(n.id) !== 'resolved') reached.set(n.id, n.resolution);
        }
      }
      const next = [...reached]
        .sort(([a, ra], [b, rb]) => (ra === rb ? (a < b ? -1 : a > b ? 1 : 0) : ra === 'resolved' ? -1 : 1))
        .map(([id, resolution]) => ({ id, resolution }));
      hop[direction]++;
      for (const { id, resolution } of next) {
        seen[direction].add(id);
        if (offered.has(id)) continue;
        offered.add(id);
        yield { id, hop: hop[direction], direction, resolution };
      }
      frontier[direction] = next.map((n) => n.id);
    }
  }
}
