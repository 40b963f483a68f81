// Which symbols are drawn and which edges join them. A symbol is drawn when every ancestor is
// expanded (and the test filter does not hide it: tests the change touches are always drawn); each edge is drawn between the nearest drawn
// ancestors-or-selves of its ends, merged per (from, to, kind) with a count, so a collapsed package
// shows every call into it as one weighted arrow. Self-loops of merged nodes are dropped.
import type { Model } from './model.js';

export interface Filters {
  hideTests: boolean;
  hideHeuristic: boolean;
  /** Edge kinds switched off (names). */
  hiddenKinds: Set<string>;
  /** Parent -> child structure lines. */
  showContains: boolean;
}

export interface ShownEdge {
  from: number;
  to: number;
  kind: string;
  /** The strongest resolution among the merged edges. */
  resolution: string;
  count: number;
}

export interface Shown {
  nodes: number[];
  /** rep[i]: the drawn symbol standing for i, -1 when hidden. */
  rep: Int32Array;
  edges: ShownEdge[];
}

const RANK: Record<string, number> = { resolved: 3, dispatch: 2, heuristic: 0 };
const rank = (r: string): number => RANK[r] ?? 1;

/** A test symbol the test filter hides: every one but the tests the change itself touches. */
function hiddenTest(model: Model, i: number): boolean {
  return model.test[i] === 1 && !model.change.has(i);
}

export function edgePasses(model: Model, e: number, filters: Filters): boolean {
  const kind = model.payload.edgeKinds[model.edgeKind[e]!] ?? '';
  if (filters.hiddenKinds.has(kind)) return false;
  if (filters.hideHeuristic && model.payload.resolutions[model.edgeRes[e]!] === 'heuristic') return false;
  if (filters.hideTests && (hiddenTest(model, model.edgeFrom[e]!) || hiddenTest(model, model.edgeTo[e]!))) return false;
  return true;
}

export function computeNodes(model: Model, expanded: ReadonlySet<number>, filters: Filters): Pick<Shown, 'nodes' | 'rep'> {
  const rep = new Int32Array(model.size).fill(-1);
  const nodes: number[] = [];
  for (let i = 0; i < model.size; i++) {
    if (filters.hideTests && hiddenTest(model, i)) continue;
    const p = model.parent[i]!;
    if (p < 0) rep[i] = i;
    else if (rep[p] === -1) continue;
    else rep[i] = rep[p] === p && expanded.has(p) ? i : rep[p]!;
    if (rep[i] === i) nodes.push(i);
  }
  return { nodes, rep };
}

export function computeShown(model: Model, expanded: ReadonlySet<number>, filters: Filters): Shown {
  const { nodes, rep } = computeNodes(model, expanded, filters);
  const merged = new Map<number, ShownEdge>();
  const kinds = model.payload.edgeKinds.length + 1;
  for (let e = 0; e < model.edgeCount; e++) {
    if (!edgePasses(model, e, filters)) continue;
    const a = rep[model.edgeFrom[e]!]!;
    const b = rep[model.edgeTo[e]!]!;
    if (a < 0 || b < 0 || a === b) continue;
    const kindIndex = model.edgeKind[e]!;
    const key = (a * model.size + b) * kinds + kindIndex;
    const resolution = model.payload.resolutions[model.edgeRes[e]!] ?? '';
    const found = merged.get(key);
    if (found) {
      found.count++;
      if (rank(resolution) > rank(found.resolution)) found.resolution = resolution;
    } else {
      merged.set(key, { from: a, to: b, kind: model.payload.edgeKinds[kindIndex] ?? '', resolution, count: 1 });
    }
  }
  const edges = [...merged.values()];
  if (filters.showContains) {
    for (const i of nodes) {
      const p = model.parent[i]!;
      if (p >= 0) edges.push({ from: p, to: i, kind: 'contains', resolution: 'resolved', count: 1 });
    }
  }
  return { nodes, rep, edges };
}
