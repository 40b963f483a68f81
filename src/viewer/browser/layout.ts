// Positions of drawn symbols. Deterministic: no random seeds anywhere. Newly drawn children start on a
// ring around their parent (angle by their order among siblings), then ForceAtlas2 runs with every
// node that already had a place pinned (`fixed`), so an expansion never reshuffles what the reader has
// already seen. The first layout places the roots on a circle and lets all of them move.
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
    kids.forEach((i, k) => {
      const angle = (2 * Math.PI * k) / kids.length + (p < 0 ? 0 : 0.3);
      positions.set(i, { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) });
    });
  }
  return fresh;
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
