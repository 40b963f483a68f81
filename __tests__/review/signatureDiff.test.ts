// Signature diff on real extracted definitions: each kind of change, and what is not a change.
import { describe, expect, it } from 'vitest';
import { diffSignature, renderSignature } from '../../src/diff/signatureDiff.js';
import type { PySymbol } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

async function def(source: string, name = 'f'): Promise<PySymbol> {
  const parser = await loadPythonParser();
  const file = extractFile(parser, 'm.py', source);
  const found = file.symbols.find((s) => s.name === name);
  if (!found) throw new Error(`no ${name} in ${source}`);
  return found;
}

async function diff(before: string, after: string, name = 'f') {
  return diffSignature(await def(before, name), await def(after, name));
}

async function kinds(before: string, after: string, name = 'f'): Promise<string[]> {
  return ((await diff(before, after, name))?.changes ?? []).map((c) => `${c.kind}${c.param ? ` ${c.param}` : ''}${c.breaking ? ' !' : ''}`);
}

describe('diffSignature', () => {
  it('reports nothing when only the body changed', async () => {
    expect(await diff('def f(a, b=1):\n    return a\n', 'def f(a, b=1):\n    return b\n')).toBeUndefined();
  });

  it('a parameter inserted before another: added required and reordered', async () => {
    const d = await diff('class A:\n    def log(self, exc_info):\n        pass\n', 'class A:\n    def log(self, ctx, exc_info):\n        pass\n', 'A.log');
    expect(d?.changes.map((c) => c.kind)).toEqual(['added-required', 'reordered']);
    expect(d?.before).toBe('(self, exc_info)');
    expect(d?.after).toBe('(self, ctx, exc_info)');
    expect(d?.breaking).toBe(true);
  });

  it('removed, renamed, optional added', async () => {
    expect(await kinds('def f(a, b, c=1):\n    pass\n', 'def f(a, bb):\n    pass\n')).toEqual(['renamed bb !', 'removed c !']);
    expect(await kinds('def f(a):\n    pass\n', 'def f(a, d=2, *, e=3):\n    pass\n')).toEqual(['added-optional d', 'added-optional e']);
    // A slot whose name and default both changed reads as a rename with a new default.
    expect(await kinds('def f(a, c=1):\n    pass\n', 'def f(a, d=2):\n    pass\n')).toEqual(['renamed d !', 'default-changed d']);
  });

  it('defaults added, removed and changed; annotations and return annotation', async () => {
    expect(await kinds('def f(a, b=1, c: int = 2, d=3) -> int:\n    pass\n', 'def f(a=0, b=5, c: str = 2, d=None) -> str:\n    pass\n')).toEqual([
      'default-added a',
      'default-changed b',
      'annotation-changed c',
      'default-changed d',
      'returns-changed',
    ]);
    expect(await kinds('def f(a, b=1):\n    pass\n', 'def f(a, b):\n    pass\n')).toEqual(['default-removed b !']);
  });

  it('keyword-only and positional-only changes', async () => {
    expect(await kinds('def f(a, b):\n    pass\n', 'def f(a, *, b):\n    pass\n')).toEqual(['became-keyword-only b !']);
    expect(await kinds('def f(a, *, b):\n    pass\n', 'def f(a, b):\n    pass\n')).toEqual(['no-longer-keyword-only b']);
    expect(await kinds('def f(a, b):\n    pass\n', 'def f(a, /, b):\n    pass\n')).toEqual(['became-positional-only a !']);
    expect(await kinds('def f(a, /, b):\n    pass\n', 'def f(a, b):\n    pass\n')).toEqual(['no-longer-positional-only a']);
  });

  it('*args and **kwargs added and removed', async () => {
    expect(await kinds('def f(a):\n    pass\n', 'def f(a, *args, **kwargs):\n    pass\n')).toEqual(['var-positional-added args', 'var-keyword-added kwargs']);
    expect(await kinds('def f(a, *rest, **options):\n    pass\n', 'def f(a):\n    pass\n')).toEqual(['var-positional-removed rest !', 'var-keyword-removed options !']);
  });

  it('async added and removed', async () => {
    expect(await kinds('def f(a):\n    pass\n', 'async def f(a):\n    pass\n')).toEqual(['async-added !']);
    expect(await kinds('async def f(a):\n    pass\n', 'def f(a):\n    pass\n')).toEqual(['async-removed !']);
  });

  it('function <-> property and staticmethod <-> classmethod', async () => {
    const plain = 'class A:\n    def f(self):\n        return 1\n';
    const prop = 'class A:\n    @property\n    def f(self):\n        return 1\n';
    expect(await kinds(plain, prop, 'A.f')).toEqual(['became-property !']);
    expect(await kinds(prop, plain, 'A.f')).toEqual(['no-longer-property !']);
    expect(await kinds('class A:\n    @staticmethod\n    def f(x):\n        pass\n', 'class A:\n    @classmethod\n    def f(x):\n        pass\n', 'A.f')).toEqual([
      'binding-changed !',
    ]);
  });

  it('renders the markers of a signature', async () => {
    expect(renderSignature(await def('async def f(a, /, b: int = 1, *args, c, d=2, **kw) -> T:\n    pass\n'))).toBe(
      'async (a, /, b: int = 1, *args, c, d=2, **kw) -> T',
    );
    expect(renderSignature(await def('def f(a, *, c):\n    pass\n'))).toBe('(a, *, c)');
  });
});
