// The compactor must change nothing a reader can see (values and key order), share equal references
// across files, and keep `elements` nodes per occurrence (the resolver memoises them by identity).
// What it shares (equal binding targets, empty lists) is shared for good: an empty list is frozen.
import { describe, expect, it } from 'vitest';
import type { FileRecord, RefExpr } from '../../src/model.js';
import { createRecordCompactor } from '../../src/python/compactRecord.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

const A = `
import os.path as osp
from .util import helper, CONST as C

HANDLERS = [helper, os.getcwd]

class Service(Base, metaclass=Meta):
    @property
    def name(self) -> str:
        return self.label.upper()

    def run(self, *args, key=None, **kw):
        items: list = []
        items.append(helper(1, key=key))
        for first, *rest in self.pairs():
            helper(first, rest, x=[1, 2], y={'a': C})
        return osp.join(self.root, *args)

    def shapes(self, a: int, b=1, c: str = 'x', *rest):
        import json
        from . import util as u
        self.root = a
        self.label = b
`;
const B = `
def go(self):
    helper(self)
    self.label.upper()
    return [self, helper]
`;

/** JSON keeps key order, so equal text means equal values in the same key order. */
const text = (r: FileRecord) => JSON.stringify(r);

function refs(record: FileRecord): RefExpr[] {
  return record.symbols.flatMap((s) => s.calls.map((c) => c.callee));
}

describe('createRecordCompactor', () => {
  it('keeps every value and key order of real records', async () => {
    const parser = await loadPythonParser();
    const compact = createRecordCompactor();
    for (const [path, source] of [['pkg/a.py', A], ['pkg/b.py', B]] as const) {
      const expected = text(extractFile(parser, path, source));
      expect(text(compact(extractFile(parser, path, source)))).toBe(expected);
    }
  });

  it('shares equal references across files, but not container literals', async () => {
    const parser = await loadPythonParser();
    const compact = createRecordCompactor();
    const a = compact(extractFile(parser, 'pkg/a.py', A));
    const b = compact(extractFile(parser, 'pkg/b.py', B));
    const helperA = refs(a).find((r) => r.t === 'name' && r.name === 'helper');
    const helperB = refs(b).find((r) => r.t === 'name' && r.name === 'helper');
    expect(helperA).toBeDefined();
    expect(helperA).toBe(helperB);
    const upperA = refs(a).find((r) => r.t === 'attr' && r.attr === 'upper' && r.object.t === 'attr');
    const upperB = refs(b).find((r) => r.t === 'attr' && r.attr === 'upper' && r.object.t === 'attr');
    expect(upperA).toBeDefined();
    expect(upperA).toBe(upperB);
    // The two `[...]` literals bound or returned are distinct objects, as extracted.
    const go = b.symbols.find((s) => s.name === 'go')!;
    const returned = go.returnValues?.[0];
    expect(returned?.t).toBe('elements');
    const again = compact(extractFile(parser, 'pkg/b.py', B)).symbols.find((s) => s.name === 'go')!.returnValues?.[0];
    expect(again).toEqual(returned);
    expect(again).not.toBe(returned);
  });

  it('gives equal binding targets one array, and every empty list the same frozen one', async () => {
    const parser = await loadPythonParser();
    const compact = createRecordCompactor();
    const a = compact(extractFile(parser, 'pkg/a.py', A));
    const b = compact(extractFile(parser, 'pkg/b.py', A));
    const targetsOf = (r: FileRecord, name: string) => r.symbols.find((s) => s.name === name)!.bindings.map((x) => x.target);
    const [rootA, labelA] = targetsOf(a, 'Service.shapes');
    const [rootB, labelB] = targetsOf(b, 'Service.shapes');
    expect(rootA).toEqual(['self', 'root']);
    expect(rootB).toBe(rootA);
    expect(labelB).toBe(labelA);
    expect(labelA).not.toBe(rootA);
    const empty = a.symbols.find((s) => s.name === 'Service.name')!.bindings;
    expect(empty).toEqual([]);
    expect(Object.isFrozen(empty)).toBe(true);
    for (const r of [a, b]) {
      for (const s of r.symbols) {
        for (const list of [s.calls, s.bindings, s.imports, s.decorators, s.bases, s.params]) if (list.length === 0) expect(list).toBe(empty);
      }
    }
    expect(() => (empty as unknown[]).push(1)).toThrow(TypeError);
  });
});
