// Bad and extreme input: syntax errors, empty files, unicode, and nesting deep enough to overflow
// any recursive walk.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CHAIN } from '../../src/python/extractRef.js';
import { calls, extract, py, symbol } from './extractHarness.js';

describe('syntax errors', () => {
  it('keeps what tree-sitter recovers and marks the file partial with the error lines', async () => {
    const record = await extract(py`
      import os

      def good(a):
          return helper(a)

      def broken(:
          pass

      class Fine:
          def method(self):
              return os.getcwd()
    `);
    expect(record.partial).toBe(true);
    expect(record.notes).toHaveLength(1);
    expect(record.notes[0]).toMatch(/^syntax errors: partially parsed \(lines \d+(, \d+)*\)$/);
    expect(record.notes[0]).toContain('6');
    const ids = record.symbols.map((s) => s.id);
    expect(ids).toContain('pkg.mod.good');
    expect(ids).toContain('pkg.mod.Fine.method');
    expect(calls(symbol(record, 'pkg.mod.good'))).toEqual(['call:helper@4']);
    expect(symbol(record, 'pkg.mod').imports).toEqual([{ kind: 'import', module: 'os', line: 1 }]);
  });

  it('reports a missing token as partial', async () => {
    const record = await extract('x = (1,\n');
    expect(record.partial).toBe(true);
    expect(record.notes[0]).toMatch(/^syntax errors: partially parsed/);
  });

  it('does not mark valid files partial', async () => {
    const record = await extract('def f():\n    return 1\n');
    expect(record).toMatchObject({ partial: false, notes: [] });
  });
});

describe('edge files', () => {
  it('gives an empty file a module symbol with every field filled', async () => {
    const record = await extract('', 'pkg/empty.py');
    expect(record).toEqual({ path: 'pkg/empty.py', module: 'pkg.empty', symbols: [expect.any(Object)], partial: false, lineCount: 0, notes: [] });
    expect(record.symbols[0]).toEqual({
      id: 'pkg.empty',
      file: 'pkg/empty.py',
      module: 'pkg.empty',
      name: '',
      kind: 'module',
      startLine: 1,
      endLine: 1,
      decorators: [],
      params: [],
      bases: [],
      isAsync: false,
      full: '',
      signature: '',
      calls: [],
      bindings: [],
      imports: [],
    });
  });

  it('counts lines with and without a final newline', async () => {
    expect((await extract('a = 1\nb = 2\n')).lineCount).toBe(2);
    expect((await extract('a = 1\nb = 2')).lineCount).toBe(2);
    expect((await extract('\n')).lineCount).toBe(1);
  });

  it('handles a file without a trailing newline and a definition on its last line', async () => {
    const record = await extract('def f():\n    return g()');
    expect(symbol(record, 'pkg.mod.f')).toMatchObject({ startLine: 1, endLine: 2, full: 'def f():\n    return g()' });
  });

  it('keeps non-ASCII identifiers, strings and columns straight', async () => {
    const record = await extract(py`
      """Módulo — ünïcode 😀."""
      def grüße(名前="😀😀"):
          """Sagt hallo 👋."""
          return höflich.grüßen(名前)
    `);
    const f = symbol(record, 'pkg.mod.grüße');
    expect(f.params).toEqual([{ name: '名前', kind: 'regular', default: '"😀😀"' }]);
    expect(f.docstring).toBe('Sagt hallo 👋.');
    expect(f.signature).toBe('def grüße(名前="😀😀"):\n    """Sagt hallo 👋."""\n    ...');
    expect(calls(f)).toEqual(['call:höflich.grüßen@4']);
    expect(symbol(record, 'pkg.mod').docstring).toBe('Módulo — ünïcode 😀.');
  });

  it('gives a CRLF file, once normalised to LF as files/read.ts delivers it, the same record as its LF twin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repodigest-crlf-'));
    const lf = "class A:\n    '''Doc.'''\n\n    def m(self, x=(1,\n                   2)):\n        return call(x)\n";
    writeFileSync(join(dir, 'crlf.py'), lf.replace(/\n/g, '\r\n'));
    const normalised = readFileSync(join(dir, 'crlf.py'), 'utf8').replace(/\r\n?/g, '\n');
    const fromDisk = await extract(normalised, 'crlf.py');
    expect(fromDisk).toEqual(await extract(lf, 'crlf.py'));
    expect(JSON.stringify(fromDisk)).not.toContain('\\r');
    expect(symbol(fromDisk, 'crlf.A.m')).toMatchObject({ startLine: 4, endLine: 6 });
  });

  it('names a root __init__.py module `__init__`', async () => {
    const record = await extract('def f(): pass\n', '__init__.py');
    expect(record.symbols.map((s) => s.id)).toEqual(['__init__', '__init__.f']);
  });
});

describe('deep nesting', () => {
  it('caps the RefExpr of the longest chain Python compiles (2,900 links); a 10,000-link one is refused with its reason', async () => {
    const chain = `x${'.a'.repeat(2_900)}`;
    const record = await extract(`def f():\n    ${chain}()\n    y = ${chain}\n    return ok()\n`);
    const f = symbol(record, 'pkg.mod.f');
    expect(f.calls.filter((c) => c.via === 'call')).toEqual([
      { callee: { t: 'other' }, line: 2, via: 'call' },
      { callee: { t: 'name', name: 'ok' }, line: 4, via: 'call' },
    ]);
    expect(f.bindings).toEqual([{ target: ['y'], value: { t: 'other' }, line: 3 }]);
    await expect(extract(`def f():\n    x${'.a'.repeat(10_000)}()\n`)).rejects.toThrow(/nested over 4000 levels deep/);
  });

  it('keeps chains up to the cap', async () => {
    const chain = `x${'.a'.repeat(MAX_CHAIN)}`;
    const record = await extract(`${chain}()\n`);
    let depth = 0;
    let ref = symbol(record, 'pkg.mod').calls[0]!.callee;
    while (ref.t === 'attr') {
      depth++;
      ref = ref.object;
    }
    expect(ref).toEqual({ t: 'name', name: 'x' });
    expect(depth).toBe(MAX_CHAIN);
  });

  it('reads parentheses, lists and calls nested as deep as Python allows (190); 5,000 deep is refused with its reason', async () => {
    const parens = `${'('.repeat(190)}f()${')'.repeat(190)}`;
    const lists = `${'['.repeat(190)}g()${']'.repeat(190)}`;
    const nestedCalls = `${'h('.repeat(190)}${')'.repeat(190)}`;
    const record = await extract(`a = ${parens}\nb = ${lists}\nc = ${nestedCalls}\n`);
    const mod = symbol(record, 'pkg.mod');
    expect(mod.calls.filter((c) => c.line === 1).map((c) => c.callee)).toEqual([{ t: 'name', name: 'f' }]);
    expect(mod.calls.filter((c) => c.line === 2).map((c) => c.callee)).toEqual([{ t: 'name', name: 'g' }]);
    expect(mod.calls.filter((c) => c.line === 3)).toHaveLength(190);
    expect(mod.bindings.map((b) => b.target[0])).toEqual(['a', 'b', 'c']);
    for (const deep of [`a = ${'('.repeat(5000)}f()${')'.repeat(5000)}\n`, `c = ${'h('.repeat(5000)}${')'.repeat(5000)}\n`]) {
      await expect(extract(deep)).rejects.toThrow(/nested over 4000 levels deep/);
    }
  });

  it('survives deeply nested definitions', async () => {
    const depth = 200;
    let source = '';
    for (let i = 0; i < depth; i++) source += `${' '.repeat(i)}def f${i}():\n`;
    source += `${' '.repeat(depth)}return leaf()\n`;
    const record = await extract(source);
    expect(record.symbols).toHaveLength(depth + 1);
    const leaf = record.symbols[depth]!;
    expect(leaf.id).toBe(`pkg.mod.${Array.from({ length: depth }, (_, i) => `f${i}`).join('.')}`);
    expect(calls(leaf)).toEqual([`call:leaf@${depth + 1}`]);
  });
});
