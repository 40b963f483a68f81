// Positions of drawn symbols. Deterministic: no random seeds anywhere. Newly drawn children start on a
// half-circle fan around their parent that faces away from the parent's own parent (angle by their order
// among siblings), then ForceAtlas2 runs with every node that already had a place pinned (`fixed`), so an
// expansion never reshuffles what the reader has already seen. The first layout places the roots on a
// circle and lets all of them move.
// Why a fan and not a full ring: a ring around a child whose radius equals the child's distance from its
// parent puts one grandchild on the grandparent (jinja's `jinja2` / `utils` / `LRUCache`: 0.14 apart),
// and ForceAtlas2's repulsion (~1/distance) then flung nodes 10^9 units away: every node drawn on one line.
import type { MultiDirectedGraph } from 'graphology';
import * as fa2 from 'graphology-layout-forceatlas2';
import type { Model } from './model.js';

export type Positions = Map<number, { x: number; y: number }>;

export function placeNew(model: Model, nodes: readonly number[], positions: Positions): number[] {
  const fresh = nodes.filter((i) => !positions.has(i));
  const byParent = new Map<number, number[]>();
  for (const i of fresh) {
    const p = model.parent[i]!;
    const list = byParent.get(p);
    if (list) list.push(i);
    else byParent.set(p, [i]);
  }
  for (const [p, kids] of byParent) {
    const centre = positions.get(p) ?? { x: 0, y: 0 };
    const radius = (p < 0 ? 40 : 10) * Math.sqrt(kids.length) + 5;
    const from = p < 0 ? undefined : positions.get(model.parent[p]!);
    kids.forEach((i, k) => {
      const angle = from === undefined ? (2 * Math.PI * k) / kids.length + (p < 0 ? 0 : 0.3) : fanAngle(Math.atan2(centre.y - from.y, centre.x - from.x), k, kids.length);
      positions.set(i, { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) });
    });
  }
  return fresh;
}

/** The k-th of n angles spread over the half circle centred on `outward` (pure). */
export function fanAngle(outward: number, k: number, n: number): number {
  return outward + (Math.PI * (k + 0.5)) / n - Math.PI / 2;
}

/** Runs ForceAtlas2 on `graph` (node keys are symbol indices) moving only `free` nodes. */
export function relax(graph: MultiDirectedGraph, free: ReadonlySet<string>): void {
  if (free.size === 0 || graph.order < 2) return;
  graph.forEachNode((key) => graph.setNodeAttribute(key, 'fixed', !free.has(key)));
  // A CommonJS module: esbuild's namespace carries module.exports as `default`.
  const forceAtlas2 = fa2.default as unknown as {
    inferSettings: typeof fa2.inferSettings;
    assign: (graph: MultiDirectedGraph, params: { iterations: number; settings: fa2.ForceAtlas2Settings; getEdgeWeight: string }) => void;
  };
  const settings = forceAtlas2.inferSettings(graph);
  // Fewer iterations on busy views keep an expansion quick (cost ~ iterations x (nodes^2 or n log n + edges)).
  const work = graph.order + graph.size;
  const iterations = work > 20_000 ? 15 : work > 5_000 ? 30 : 60;
  forceAtlas2.assign(graph, {
    iterations,
    settings: { ...settings, barnesHutOptimize: graph.order > 300, adjustSizes: false, edgeWeightInfluence: 0.5 },
    getEdgeWeight: 'weight',
  });
}
