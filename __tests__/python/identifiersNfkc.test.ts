// Issue 9, defect 3: Python NFKC-normalises identifiers, so `def ｈelper` (fullwidth h) redefines
// `helper`. Extraction now binds Python's names, and the digest says which definitions are spelled
// otherwise. Checked against CPython's own reading where python3 is at hand (the comments say what
// `python3 -c "import m; print(m.main())"` prints).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { packRepository } from '../../src/pipeline/packRepository.js';
import { textProblem } from '../../src/cache/textCheck.js';
import { indexLines } from '../../src/python/render.js';
import { extract, py, refText, symbol } from './extractHarness.js';

const redefinition = py`
  def helper():
      return "safe"


  def ｈelper():
      return "evil"


  def main():
      return helper()  # CPython prints: evil
`;

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'repodigest-nfkc-'));
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  return root;
}

describe('identifiers in NFKC, as Python reads them', () => {
  it('a fullwidth definition is a redefinition of the ASCII name, spelled as written', async () => {
    const record = await extract(redefinition, 'm.py');
    expect(record.symbols.map((s) => s.id)).toEqual(['m', 'm.helper', 'm.helper#2', 'm.main']);
    const lookalike = symbol(record, 'm.helper#2');
    expect(lookalike.name).toBe('helper');
    expect(lookalike.spelledAs).toBe('ｈelper');
    expect(lookalike.full).toContain('def ｈelper():'); // the code stays as written
    expect(symbol(record, 'm.helper').spelledAs).toBeUndefined();
    expect(record.notes).toContain('line 5: `ｈelper` is the same name as `helper` to Python');
  });

  it('references, parameters, keywords, bindings and imports are normalised too; strings are not', async () => {
    const record = await extract(py`
      from ｐkg.ｍod import ｈelper as ｈ
      import ｏs.path


      def run(ｘ: ｉnt = ｄefault, *, ｋey=1):
          ｙ = ｈ(ｘ, ｋey=ｙ)
          ｓelf_like.ａttr.ｍethod()
          __all__ = ["ｈelper"]
          return ｙ
    `, 'pkg/mod.py');
    const run = symbol(record, 'pkg.mod.run');
    expect(run.params.map((p) => [p.name, p.annotation, p.default])).toEqual([
      ['x', 'int', 'default'],
      ['key', undefined, '1'],
    ]);
    expect(run.calls.map((c) => refText(c.callee))).toEqual(expect.arrayContaining(['h', 'self_like.attr.method']));
    expect(run.calls.find((c) => refText(c.callee) === 'h')?.keywords?.map((k) => k.name)).toEqual(['key']);
    expect(run.bindings.map((b) => b.target.join('.'))).toContain('y');
    const module = symbol(record, 'pkg.mod');
    expect(module.imports).toEqual([
      { kind: 'from', level: 0, module: 'pkg.mod', name: 'helper', alias: 'h', line: 1 },
      { kind: 'import', module: 'os.path', line: 2 },
    ]);
    expect(run.full).toContain('"ｈelper"');
  });

  it('the graph resolves main to the look-alike, and every digest format flags it', async () => {
    const root = tree({ 'm.py': redefinition });
    const index = await indexRepository(root);
    const callees = index.edges.filter((e) => e.kind === 'calls' && e.from === 'm.main').map((e) => e.to);
    expect(callees).toContain('m.helper#2');
    const markdown = packRepository(index, { entry: 'm.main' }, { budget: 4000 }).content;
    expect(markdown).toContain('### `helper#2` (function, full) — lines 5-6 (`ｈelper` is the same name as `helper` to Python)');
    const xml = packRepository(index, { entry: 'm.main' }, { budget: 4000, format: 'xml' }).content;
    expect(xml).toMatch(/<symbol id="m\.helper#2"[^>]* spelledAs="ｈelper"/);
    const json = JSON.parse(packRepository(index, { entry: 'm.main' }, { budget: 4000, format: 'json' }).content) as { symbols?: { id: string; spelledAs?: string }[] };
    const entries = JSON.stringify(json);
    expect(entries).toContain('"spelledAs":"ｈelper"');
  });

  it('a module calling the fullwidth spelling resolves to the ASCII definition', async () => {
    const root = tree({ 'a.py': 'def helper():\n    return 1\n', 'b.py': 'from a import ｈelper\n\n\ndef use():\n    return ｈelper()\n' });
    const index = await indexRepository(root);
    expect(index.edges.filter((e) => e.kind === 'calls' && e.from === 'b.use').map((e) => e.to)).toEqual(['a.helper']);
  });

  it('names inside defaults, decorators and annotations are normalised; their string literals and comments are not', async () => {
    // NFKC turns U+FE35 into "(" and U+FF41 into "a": inside a literal that would change the value shown.
    const source = py`
      import pytest


      @pytest.mark.parametrize(
          "text",
          [
              "(╯°□°)╯︵ ┻━┻",  # kaomoji ︵
              'ａ',
          ],
      )
      def test_one(text, ｍode: "ｍ︵" = "︵", flag=ｍax):
          return text
    `;
    const record = await extract(source, 't.py');
    const test = symbol(record, 't.test_one');
    expect(test.decorators[0]).toContain('"(╯°□°)╯︵ ┻━┻",  # kaomoji ︵');
    expect(test.decorators[0]).toContain("'ａ'");
    expect(test.params.map((p) => [p.name, p.annotation, p.default])).toEqual([
      ['text', undefined, undefined],
      ['mode', '"ｍ︵"', '"︵"'],
      ['flag', undefined, 'max'],
    ]);
    // A cache entry of this record is trusted again: its texts are the file's own.
    expect(textProblem(record, indexLines(source))).toBeUndefined();
  });
});
