import { describe, expect, it } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { renderMermaid } from '../../src/pr/mermaid.js';

const changedSym = (id: string, change: ChangedSymbol['change'] = 'modified'): ChangedSymbol => ({ id, file: 'm.py', name: id, kind: 'function', change, lines: [1, 2] });

describe('a graph without edges', () => {
  it('is not drawn', () => {
    const adjacency = buildAdjacency([{ from: 'other.a', to: 'other.b', kind: 'calls', resolution: 'resolved', lines: [1] }]);
    const changed = [changedSym('m.f'), changedSym('m.g', 'added')];
    expect(renderMermaid(changed, adjacency)).toBe('');
    // The digest draws its graph section only when this is not '' (pipeline/prDigest.ts levelsFor);
    // __tests__/cli/prBudgetLevels.test.ts checks a whole digest without call relations.
  });
});
