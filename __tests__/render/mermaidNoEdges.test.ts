import { describe, expect, it } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { buildAdjacency } from '../../src/graph/adjacency.js';
import { renderMermaid } from '../../src/render/mermaid.js';
import { renderPrSections } from '../../src/render/prSections.js';

const changedSym = (id: string, change: ChangedSymbol['change'] = 'modified'): ChangedSymbol => ({ id, file: 'm.py', name: id, kind: 'function', change, lines: [1, 2] });

describe('a graph without edges', () => {
  it('is not drawn, and its section is left out', () => {
    const adjacency = buildAdjacency([{ from: 'other.a', to: 'other.b', kind: 'calls', resolution: 'resolved', lines: [1] }]);
    const changed = [changedSym('m.f'), changedSym('m.g', 'added')];
    expect(renderMermaid(changed, adjacency)).toBe('');
    const sections = renderPrSections({ base: 'a', head: 'b', tokensUsed: 1, budget: 2, encoding: 'o200k_base', changed, adjacency, locate: () => undefined });
    expect(sections).not.toContain('Call graph of the changes');
    expect(sections).not.toContain('mermaid');
  });
});
