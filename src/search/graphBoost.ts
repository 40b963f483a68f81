// Graph-aware re-ranking: the top lexical hits lend part of their score to their neighbours, so the
// function that the matched helpers serve (or that a matched class contains) can surface.
//
// Decisions:
// - One hop, not personalised PageRank: on eval:search a second hop added only noise, and one hop keeps
//   the cost at the seeds' degrees.
// - Neighbours: resolved call edges both ways (heuristic ones guess by name and would spread a hit to
//   every same-named method) and containment both ways (class <-> its methods).
// - The top GRAPH_SEEDS documents each give GRAPH_SHARE of their score, divided by the square root of
//   their degree, times the receiver's prior (a test calling the hit is not promoted over the hit).
// - membersByMatch: a class hit lends to its methods in proportion to each method's own word match (the
//   best-matching method gets the full share, a method sharing no word gets nothing), rather than evenly:
//   when a question names a class, the answer is the method of it that the question's other words describe.
import type { Edge } from '../model.js';
import type { RetrievalTuning } from './tuning.js';

export interface Neighbours {
  /** CSR: neighbours of d are list[start[d] .. start[d+1]). */
  readonly start: Uint32Array;
  readonly list: Uint32Array;
  /** Distinct resolved callers per document. */
  readonly callerCount: Uint32Array;
  /** 1 where list[i] is a child (contained symbol) of the document whose neighbour it is. */
  readonly isChild: Uint8Array;
}

export function buildNeighbours(n: number, docOf: ReadonlyMap<string, number>, edges: readonly Edge[]): Neighbours {
  const pairs: [number, number, number][] = [];
  const callerCount = new Uint32Array(n);
  for (const e of edges) {
    if (e.kind === 'calls' ? e.resolution !== 'resolved' : e.kind !== 'contains') continue;
    const from = docOf.get(e.from);
    const to = docOf.get(e.to);
    if (from === undefined || to === undefined || from === to) continue;
    const child = e.kind === 'contains' ? 1 : 0;
    pairs.push([from, to, child], [to, from, 0]);
    if (e.kind === 'calls') callerCount[to]!++;
  }
  const start = new Uint32Array(n + 1);
  for (const [a] of pairs) start[a + 1]!++;
  for (let d = 0; d < n; d++) start[d + 1]! += start[d]!;
  const fill = start.slice(0, n);
  const list = new Uint32Array(pairs.length);
  const isChild = new Uint8Array(pairs.length);
  for (const [a, b, c] of pairs) {
    isChild[fill[a]!] = c;
    list[fill[a]!++] = b;
  }
  return { start, list, callerCount, isChild };
}

/**
 * base + what the top seeds lend their neighbours (a new array; base is not changed). `lexical` is each
 * document's own word score (for membersByMatch), `prior` the receiver's factor.
 */
export function spreadOneHop(neighbours: Neighbours, base: Float64Array, lexical: Float64Array, prior: Float64Array, tuning: RetrievalTuning): Float64Array {
  const GRAPH_SEEDS = tuning.graphSeeds;
  const GRAPH_SHARE = tuning.graphShare;
  const out = Float64Array.from(base);
  const seeds: number[] = [];
  for (let d = 0; d < base.length; d++) {
    if (base[d]! <= 0) continue;
    // Keep the GRAPH_SEEDS best (ties by document order, which is id order).
    if (seeds.length < GRAPH_SEEDS) {
      seeds.push(d);
      seeds.sort((a, b) => base[b]! - base[a]! || a - b);
    } else if (base[d]! > base[seeds[GRAPH_SEEDS - 1]!]!) {
      seeds[GRAPH_SEEDS - 1] = d;
      seeds.sort((a, b) => base[b]! - base[a]! || a - b);
    }
  }
  for (const d of seeds) {
    const from = neighbours.start[d]!;
    const to = neighbours.start[d + 1]!;
    if (to === from) continue;
    const lend = (GRAPH_SHARE * base[d]!) / Math.sqrt(to - from);
    let bestChild = 0;
    if (tuning.membersByMatch) for (let i = from; i < to; i++) if (neighbours.isChild[i]) bestChild = Math.max(bestChild, lexical[neighbours.list[i]!]!);
    for (let i = from; i < to; i++) {
      const m = neighbours.list[i]!;
      if (tuning.membersByMatch && neighbours.isChild[i]) {
        if (bestChild > 0) out[m]! += GRAPH_SHARE * base[d]! * (lexical[m]! / bestChild) * prior[m]!;
      } else out[m]! += lend * prior[m]!;
    }
  }
  return out;
}
