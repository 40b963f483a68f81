// The viewer's first layout, without a browser (graphology and ForceAtlas2 run in Node as in the page):
// a real tree indexed, its payload decoded into the page's model, every parent expanded as a PR view
// does, placed and relaxed by the page's own functions.
import { rmSync } from 'node:fs';
import { MultiDirectedGraph } from 'graphology';
import { afterEach, describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { fanAngle, type Positions, placeNew, relax } from '../../src/viewer/browser/layout.js';
import { buildModel, type Model } from '../../src/viewer/browser/model.js';
import { computeShown } from '../../src/viewer/browser/visible.js';
import { buildViewerPayload } from '../../src/viewer/payload.js';
import { tempTree } from '../cli/cliHarness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function firstLayout(files: Record<string, string>): Promise<{ model: Model; at: Map<string, { x: number; y: number }> }> {
  const dir = tempTree(files);
  dirs.push(dir);
  const model = buildModel(buildViewerPayload(await indexRepository(dir, {}), { title: 't' }));
  const expanded = new Set<number>();
  for (let i = 0; i < model.size; i++) if (model.children[i]!.length > 0) expanded.add(i);
  const shown = computeShown(model, expanded, { hideTests: false, hideHeuristic: false, hiddenKinds: new Set(), showContains: true });
  const positions: Positions = new Map();
  const fresh = new Set(placeNew(model, shown.nodes, positions).map(String));
  const graph = new MultiDirectedGraph({ allowSelfLoops: false });
  for (const i of shown.nodes) graph.addNode(String(i), { ...positions.get(i)! });
  for (const e of shown.edges) graph.addEdge(String(e.from), String(e.to), { weight: e.kind === 'contains' ? 2 : Math.log2(1 + e.count) });
  relax(graph, fresh);
  const at = new Map<string, { x: number; y: number }>();
  graph.forEachNode((key, a) => at.set(model.ids[Number(key)]!, { x: a['x'] as number, y: a['y'] as number }));
  return { model, at };
}

describe('viewer layout', () => {
  // jinja e45bc745's view had this shape: a package of two modules, the second holding two symbols. On a
  // full ring the second module's first child sat on the package (0.14 apart), ForceAtlas2 flung nodes
  // ~10^9 units away, and the page drew every node on one vertical line.
  it('places no grandchild on its grandparent, and the relaxed layout stays a readable size', async () => {
    const { at } = await firstLayout({
      'pkg/__init__.py': 'from .util import Cache\n',
      'pkg/env.py': 'from .util import Cache, load\n\n\nclass Env:\n    def overlay(self):\n        return Cache(load("x"))\n\n\ndef copy_cache(c):\n    return Cache(c)\n',
      'pkg/util.py': 'class Cache:\n    def __init__(self, n):\n        self.n = n\n\n\ndef load(name):\n    return name\n',
    });
    expect([...at.keys()]).toContain('pkg.util.Cache');
    const xs = [...at.values()].map((p) => p.x);
    const ys = [...at.values()].map((p) => p.y);
    for (const v of [...xs, ...ys]) expect(Number.isFinite(v)).toBe(true);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    // A few hundred units across, neither dimension a sliver of the other.
    expect(Math.max(width, height)).toBeLessThan(2_000);
    expect(Math.min(width, height) / Math.max(width, height)).toBeGreaterThan(0.2);
  });

  it('fans children over the half circle facing away from the grandparent', () => {
    for (const n of [1, 2, 5, 40]) {
      for (let k = 0; k < n; k++) {
        const off = fanAngle(1, k, n) - 1;
        expect(Math.abs(off)).toBeLessThan(Math.PI / 2);
      }
    }
  });
});
