// A PR digest shaped by the kind of change: mechanical churn folded, callers shown by their call
// lines, each code line once, call-site lists capped by tokens, docstring-only edits not counted as
// behaviour. Each case is a real two-commit git repository of Python source, digested by the CLI.
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { codeLines, digestOf, section, tokens } from './prShape.js';

afterAll(removeTempDirs);

describe('mechanical churn next to one behaviour change', () => {
  // f0..f15: only `typing.Any` -> `Any` in their headers (annotation-only).
  // f16..f23: only their docstrings reworded (docstring-only).
  // compute: its loop now stops at `limit` (the one behaviour change).
  const fn = (i: number, ann: string, doc: string) =>
    `def f${i}(x: ${ann}, y: int = ${i}) -> ${ann}:\n    """${doc} ${i}."""\n    z = x\n    for k in range(y):\n        z = z + k\n    return z\n`;
  const api = (annotated: string, doc: string, body: string) =>
    [
      'import typing\nfrom typing import Any\n\n',
      ...Array.from({ length: 24 }, (_, i) => fn(i, i < 16 ? annotated : 'int', i < 16 ? 'Return x' : doc)),
      `def compute(values, limit=10):\n    total = 0\n    for v in values:\n${body}\n    return total\n`,
    ].join('\n\n');
  const base = {
    'pkg/__init__.py': '',
    'pkg/api.py': api('typing.Any', 'Return x', '        total += v'),
    'pkg/use.py': 'from pkg.api import compute, f1, f2\n\n\ndef run(vals):\n    return compute(vals) + f1(1) + f2(2)\n',
  };
  const head = { 'pkg/api.py': api('Any', 'Give back x', '        if total + v > limit:\n            break\n        total += v') };

  it('shows the behaviour change as its diff, folds each mechanical class into one line, and starts with an overview', async () => {
    const digest = await digestOf(base, head, 3000);
    const compute = digest.packed.find((p) => p.id === 'pkg.api.compute');
    expect(compute?.mode).not.toBe('signature');
    expect(digest.markdown).toContain('+        if total + v > limit:');
    // No annotation-only or docstring-only symbol is a root (a block ahead of the behaviour change).
    const mechanical = digest.packed.filter((p) => /^pkg\.api\.f\d+$/.test(p.id) && p.direction === 'root');
    expect(mechanical).toEqual([]);
    expect(digest.markdown.match(/Signature changed/g) ?? []).toHaveLength(0);
    // Mechanical diffs may be shown after every changed root, marked so.
    const order = digest.packed.map((p) => p.direction);
    expect(order.indexOf('mechanical')).toBeGreaterThan(order.lastIndexOf('root'));
    const overview = section(digest.markdown, '### Overview');
    expect(overview).toMatch(/annotation-only \(16\)/i);
    expect(overview).toMatch(/docstring or comment only \(8\)/i);
    expect(overview).toMatch(/behaviour \(1\)/i);
    expect(digest.markdown.indexOf('### Overview')).toBeLessThan(digest.markdown.indexOf('### Changed symbols'));
  });
});

describe('a caller that is module-level code', () => {
  const licence = Array.from({ length: 12 }, (_, i) => `# Copyright line ${i}: licensed under the Example Licence, see LICENSE for terms.\n`).join('');
  const models = [
    licence,
    'import os\nimport sys\nfrom pkg.registry import register\n\n',
    `__all__ = [${Array.from({ length: 30 }, (_, i) => `"M${i}"`).join(', ')}]\n\n`,
    Array.from({ length: 30 }, (_, i) => `@register\nclass M${i}:\n    def go(self):\n        return ${i}\n`).join('\n\n'),
    `\n\nSETTINGS = {${Array.from({ length: 60 }, (_, i) => `"k${i}": ${i}`).join(', ')}}\n`,
  ].join('');
  const registry = (body: string) => `REGISTRY = {}\n\n\ndef register(cls):\n    ${body}\n    return cls\n`;

  it('is shown as its call lines, not as the module body without them', async () => {
    const digest = await digestOf(
      { 'pkg/__init__.py': '', 'pkg/registry.py': registry('REGISTRY[cls.__name__] = cls'), 'pkg/models.py': models },
      { 'pkg/registry.py': registry('REGISTRY[cls.__qualname__.lower()] = cls') },
      6000,
    );
    const caller = digest.packed.find((p) => p.id === 'pkg.models');
    expect(caller).toBeDefined();
    const block = section(digest.markdown, '### `pkg.models`');
    expect(block).toContain('@register');
    expect(block).not.toContain('Copyright line');
    expect(block).not.toContain('SETTINGS');
  });
});

describe('a removed class larger than the budget', () => {
  const methods = Array.from(
    { length: 40 },
    (_, i) => `    def step${i}(self, text):\n        value = text.strip()\n        value = value.replace("${i}", "")\n        return value + "${i}"\n`,
  ).join('\n');
  const parser = `class Parser:\n    """Parses."""\n\n${methods}`;

  it('shows each of its methods once', async () => {
    const digest = await digestOf(
      { 'pkg/__init__.py': '', 'pkg/parse.py': `import re\n\n\n${parser}\n\ndef keep():\n    return 1\n` },
      { 'pkg/parse.py': 'import re\n\n\ndef keep():\n    return 1\n' },
      3000,
    );
    const headers = codeLines(digest.markdown).filter((l) => /def step\d+\(/.test(l));
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.length).toBe(new Set(headers).size);
  });
});

describe('a default changed on a function called from hundreds of lines', () => {
  const users = Object.fromEntries(
    Array.from({ length: 22 }, (_, j) => [
      `pkg/user${j}.py`,
      `from pkg.net import fetch\n\n\n${Array.from({ length: 5 }, (_, i) => `def use${i}():\n${Array.from({ length: 4 }, (_, k) => `    fetch("u${i}${k}")\n`).join('')}    return 1\n`).join('\n\n')}`,
    ]),
  );

  it('lists its call sites within a share of the budget, folded to per-file counts', async () => {
    const budget = 6000;
    const digest = await digestOf(
      { 'pkg/__init__.py': '', 'pkg/net.py': 'def fetch(url, timeout=10):\n    return (url, timeout)\n', ...users },
      { 'pkg/net.py': 'def fetch(url, timeout=30):\n    return (url, timeout)\n' },
      budget,
    );
    const sites = section(digest.markdown, '### Call sites to check');
    expect(sites).toContain('440 call sites');
    expect(sites).toMatch(/`pkg\/user0\.py` 20/);
    expect(tokens(sites)).toBeLessThanOrEqual(budget * 0.1);
  });
});

describe('a docstring-only edit', () => {
  const core = (doc: string) => `def helper(x):\n    ${doc}\n    return x * 2\n\n\ndef other(x):\n    return helper(x) + 1\n`;
  const tests = Array.from({ length: 8 }, (_, i) => `def test_${i}():\n    assert helper(${i}) == ${2 * i}\n`).join('\n\n');

  it('is not a behaviour change: no test reaches it, its callers are not listed or packed', async () => {
    const digest = await digestOf(
      {
        'pkg/__init__.py': '',
        'pkg/core.py': core('"""Double x."""'),
        'pkg/app.py': 'from pkg.core import helper\n\n\ndef main():\n    return helper(3)\n',
        'tests/test_core.py': `from pkg.core import helper, other\n\n\n${tests}\n\ndef test_other():\n    assert other(1) == 3\n`,
      },
      { 'pkg/core.py': core('"""Double x.\n\n    Works on any number.\n    """') },
      6000,
    );
    expect(digest.tests).toEqual([]);
    expect(digest.mustRun).toEqual([]);
    expect(section(digest.markdown, '### Call sites to check')).not.toContain('tests/test_core.py');
    expect(digest.packed.filter((p) => p.id.startsWith('tests.'))).toEqual([]);
    expect(section(digest.markdown, '### Overview')).toMatch(/docstring or comment only \(1\)/i);
  });
});

describe('an annotation-only edit', () => {
  it('selects the test modules that import it (annotations run where dataclasses read them), and no most-likely test', async () => {
    const model = (type: string) => `from dataclasses import dataclass\n\n\n@dataclass\nclass Point:\n    x: ${type}\n    y: ${type}\n\n\ndef norm(p):\n    return abs(p.x) + abs(p.y)\n`;
    const digest = await digestOf(
      {
        'pkg/__init__.py': '',
        'pkg/geo.py': model('int'),
        'tests/test_geo.py': 'from pkg.geo import Point, norm\n\n\ndef test_norm():\n    assert norm(Point(1, -2)) == 3\n',
        'tests/test_other.py': 'def test_nothing():\n    assert True\n',
      },
      { 'pkg/geo.py': model('float') },
      6000,
    );
    expect(digest.mustRun).toEqual(['tests/test_geo.py']);
    expect(digest.tests).toEqual([]);
  });
});

describe('a limit stored on self', () => {
  const parser = (assign: string) =>
    [
      'class MultiPartParser:',
      '    def __init__(self, max_part_size=1000):',
      `        self.max_part_size = ${assign}`,
      '',
      '    def parse(self, data):',
      '        return data.split(b"--")',
      '',
      '',
      'class LimitedParser(MultiPartParser):',
      '    def feed(self, chunk):',
      '        if len(chunk) > self.max_part_size:',
      '            raise ValueError("part too large")',
      '        return chunk',
      '',
      '    def reset(self):',
      '        self.max_part_size = 0',
      '',
    ].join('\n');

  it('brings in the method that reads it, in the same class hierarchy', async () => {
    const digest = await digestOf({ 'pkg/__init__.py': '', 'pkg/multipart.py': parser('max_part_size') }, { 'pkg/multipart.py': parser('max(1, max_part_size)') }, 6000);
    const ids = digest.packed.map((p) => p.id);
    expect(ids).toContain('pkg.multipart.LimitedParser.feed');
    // Assigning it is not reading it.
    expect(ids).not.toContain('pkg.multipart.LimitedParser.reset');
  });

  it('brings it in when only the default changed: the parameter flows into the attribute', async () => {
    const before = parser('max_part_size');
    const after = before.replace('max_part_size=1000', 'max_part_size=64')
    const digest = await digestOf({ 'pkg/__init__.py': '', 'pkg/multipart.py': before }, { 'pkg/multipart.py': after }, 6000);
    const ids = digest.packed.map((p) => p.id);
    expect(ids).toContain('pkg.multipart.LimitedParser.feed');
    expect(ids).not.toContain('pkg.multipart.LimitedParser.reset');
  });
});
