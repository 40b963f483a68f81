// One-line call-site lists are shared between edges (src/graph/edgeLines.ts): the same frozen array for
// every edge with that line, made by the resolver and by the graph cache's decoder alike, and a write
// to one throws instead of changing every edge that holds it. Real Python, real tree-sitter, the real
// resolver and codec.
import { describe, expect, it } from 'vitest';
import { decodeGraphEntry, encodeGraphEntry } from '../../src/cache/graphCodec.js';
import type { Edge } from '../../src/model.js';
import { graphOf } from './projectHelpers.js';

const HELPERS = `def helper():
    return 1


def other():
    return 2
`;

// `helper` and `other` are called on line 5 of two files, `helper` twice in `twice`.
const A = `from pkg.helpers import helper, other


def first():
    return helper() + other()
`;
const B = `from pkg.helpers import helper


def second():
    return helper()


def twice():
    helper()
    return helper()
`;

const calls = (edges: readonly Edge[], from: string, to: string): Edge => {
  const edge = edges.find((e) => e.kind === 'calls' && e.from === from && e.to === to);
  expect(edge, `${from} -> ${to}`).toBeDefined();
  return edge!;
};

describe('edge line lists', () => {
  it('gives every edge with one call site on the same line the same frozen list', async () => {
    const edges = await graphOf({ 'pkg/__init__.py': '', 'pkg/helpers.py': HELPERS, 'pkg/a.py': A, 'pkg/b.py': B });
    const first = calls(edges, 'pkg.a.first', 'pkg.helpers.helper');
    const firstOther = calls(edges, 'pkg.a.first', 'pkg.helpers.other');
    const second = calls(edges, 'pkg.b.second', 'pkg.helpers.helper');
    expect(first.lines).toEqual([5]);
    expect(firstOther.lines).toBe(first.lines);
    expect(second.lines).toBe(first.lines);
    expect(Object.isFrozen(first.lines)).toBe(true);
    expect(() => first.lines!.push(6)).toThrow(TypeError);
    expect(second.lines).toEqual([5]);
    // A list of several lines is the edge's own.
    const twice = calls(edges, 'pkg.b.twice', 'pkg.helpers.helper');
    expect(twice.lines).toEqual([9, 10]);
    expect(Object.isFrozen(twice.lines)).toBe(false);
  });

  it('shares the lists of edges read back from the graph cache too', async () => {
    const edges = await graphOf({ 'pkg/__init__.py': '', 'pkg/helpers.py': HELPERS, 'pkg/a.py': A, 'pkg/b.py': B });
    const key = { namespace: 'test', tree: 'tree' };
    const ids = new Set(edges.flatMap((e) => [e.from, e.to]));
    const decoded = decodeGraphEntry(key, encodeGraphEntry(key, edges), ids);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(JSON.stringify(decoded.edges)).toBe(JSON.stringify(edges));
    const first = calls(decoded.edges, 'pkg.a.first', 'pkg.helpers.helper');
    expect(calls(decoded.edges, 'pkg.b.second', 'pkg.helpers.helper').lines).toBe(first.lines);
    expect(first.lines).toBe(calls(edges, 'pkg.a.first', 'pkg.helpers.helper').lines);
  });
});
