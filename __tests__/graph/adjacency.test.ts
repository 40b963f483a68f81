// The call adjacency (src/graph/adjacency.ts): each symbol's neighbours built from its edges when first
// asked for. Edges given out of key order, one pair twice: the lists are what a full table gave.
import { describe, expect, it } from 'vitest';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { Edge } from '../../src/model.js';

const EDGES: Edge[] = [
  { from: 'b', to: 't', kind: 'calls', resolution: 'heuristic', lines: [9, 4], confidence: 0.4 },
  { from: 'a', to: 't', kind: 'calls', resolution: 'resolved', lines: [2] },
  { from: 'b', to: 'u', kind: 'calls', resolution: 'resolved', lines: [7], confidence: 0.5 },
  { from: 'b', to: 't', kind: 'calls', resolution: 'resolved', lines: [4, 1] },
  { from: 'a', to: 'u', kind: 'references', resolution: 'resolved', lines: [3] },
  { from: 'b', to: 'u', kind: 'calls', resolution: 'resolved', lines: [8] },
];

describe('buildAdjacency', () => {
  it('merges a pair given twice: the stronger resolution, certain over a share, lines sorted once each', () => {
    const adjacency = buildAdjacency(EDGES);
    expect(adjacency.callees('b')).toEqual([
      { id: 't', resolution: 'resolved', lines: [1, 4, 9] },
      { id: 'u', resolution: 'resolved', lines: [7, 8] },
    ]);
    expect(adjacency.callers('t').map((n) => `${n.id} ${n.resolution} ${n.lines.join(',')}`)).toEqual(['a resolved 2', 'b resolved 1,4,9']);
    expect(adjacency.users('u')).toEqual([{ id: 'a', resolution: 'resolved', lines: [3] }]);
  });

  it('answers an id without edges with an empty list, and the same list for the same id twice', () => {
    const adjacency = buildAdjacency(EDGES);
    expect(adjacency.callers('a')).toEqual([]);
    expect(adjacency.callees('nowhere')).toEqual([]);
    expect(adjacency.callers('u')).toBe(adjacency.callers('u'));
  });
});
