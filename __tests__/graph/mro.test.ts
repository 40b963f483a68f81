import { describe, expect, it } from 'vitest';
import { type BaseRef, createMroComputer, EXTERNAL_BASE, MAX_MRO_LENGTH, UNKNOWN_BASE } from '../../src/graph/resolver/mro.js';

function computer(bases: Record<string, string[]>) {
  return createMroComputer((id) =>
    (bases[id] ?? []).map((b): BaseRef => (b === 'EXT' ? { k: 'ext' } : b === '?' ? { k: 'unknown' } : { k: 'class', id: b })),
  );
}

describe('createMroComputer', () => {
  it('linearises with C3 (the classic diamond and the Python docs example)', () => {
    const diamond = computer({ D: ['B', 'C'], B: ['A'], C: ['A'], A: [] });
    expect(diamond.mro('D')).toEqual(['D', 'B', 'C', 'A']);
    const docs = computer({ O: [], F: ['O'], E: ['O'], D: ['O'], C: ['D', 'F'], B: ['D', 'E'], A: ['B', 'C'] });
    expect(docs.mro('A')).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'O']);
  });

  it('keeps external and unknown bases as sentinels in order', () => {
    expect(computer({ C: ['EXT', 'B'], B: ['?'] }).mro('C')).toEqual(['C', EXTERNAL_BASE, 'B', UNKNOWN_BASE]);
  });

  it('falls back to depth-first order when C3 has no solution', () => {
    const bad = computer({ X: [], Y: [], A: ['X', 'Y'], B: ['Y', 'X'], Z: ['A', 'B'] });
    expect(bad.mro('Z')).toEqual(['Z', 'A', 'X', 'Y', 'B']);
  });

  it('gives every class on an inheritance cycle the MRO [itself, external]', () => {
    const cyc = computer({ A: ['B'], B: ['C'], C: ['A'], D: ['A'] });
    expect(cyc.mro('A')).toEqual(['A', EXTERNAL_BASE]);
    expect(cyc.mro('B')).toEqual(['B', EXTERNAL_BASE]);
    expect(cyc.mro('D')).toEqual(['D', 'A', EXTERNAL_BASE]);
    expect(computer({ S: ['S'] }).mro('S')).toEqual(['S', EXTERNAL_BASE]);
  });

  it("handles a 20,000-class chain without recursion, capping the order at MAX_MRO_LENGTH", () => {
    const bases: Record<string, string[]> = { C0: [] };
    for (let i = 1; i < 20_000; i++) bases[`C${i}`] = [`C${i - 1}`];
    const mro = computer(bases).mro('C19999');
    expect(mro).toHaveLength(MAX_MRO_LENGTH);
    expect(mro.slice(0, 2)).toEqual(['C19999', 'C19998']);
    expect(mro[mro.length - 1]).toBe(UNKNOWN_BASE);
  });
});
