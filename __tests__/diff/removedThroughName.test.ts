// A removed function that a live call reaches only through another name (a parameter a removed
// decorator filled, as `attrs`' `converter(meth)` calls `meth(...)`): the graph's resolved edge is
// evidence of a value's flow, not of a call that names the removed function, so the site is
// name-only ("check"), never "calls a removed function".
import { describe, expect, it } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { removedStillReferenced } from '../../src/diff/removedReferences.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import type { CallSite, Edge } from '../../src/model.js';

const call = (name: string, line: number): CallSite => ({ callee: { t: 'name', name }, line, via: 'call' });

describe('a removed function reached through another name', () => {
  const edges: Edge[] = [
    { from: 'conv.Field.converter', to: 'models.Model._to_int', kind: 'calls', resolution: 'resolved', lines: [6] },
    { from: 'app.run', to: 'models.Model._to_int', kind: 'calls', resolution: 'resolved', lines: [3] },
  ];
  const symbols: Record<string, { file: string; parent?: string; startLine: number; calls: CallSite[] }> = {
    'conv.Field.converter': { file: 'conv.py', parent: 'conv.Field', startLine: 5, calls: [call('meth', 6)] },
    'conv.Field': { file: 'conv.py', parent: 'conv', startLine: 1, calls: [] },
    conv: { file: 'conv.py', startLine: 1, calls: [] },
    'app.run': { file: 'app.py', parent: 'app', startLine: 2, calls: [{ callee: { t: 'attr', object: { t: 'name', name: 'm' }, attr: '_to_int' }, line: 3, via: 'call' }] },
    app: { file: 'app.py', startLine: 1, calls: [] },
    'models.Model._to_int': { file: 'models.py', parent: 'models.Model', startLine: 7, calls: [] },
  };
  const changed: ChangedSymbol[] = [{ id: 'models.Model._to_int', file: 'models.py', name: 'Model._to_int', kind: 'method', change: 'removed', lines: [7, 9] }];

  it('keeps the call that names it as a site and the one through a parameter as name-only', () => {
    const [ref] = removedStillReferenced({ changed, adjacency: buildAdjacency(edges), importers: () => [], locate: (id) => symbols[id] });
    expect(ref?.sites.map((s) => `${s.file}:${s.line}`)).toEqual(['app.py:3']);
    expect(ref?.heuristicSites.map((s) => `${s.file}:${s.line}`)).toEqual(['conv.py:6']);
  });
});
