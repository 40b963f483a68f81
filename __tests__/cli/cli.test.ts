import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { makeRepo } from '../support/testRepo.js';
import { cli, samplePrRepository, sampleRepo, tempTree } from './cliHarness.js';

const pricing = {
  'shop/__init__.py': '',
  'shop/pricing.py': [
    'from .money import percent_of',
    '',
    '',
    'def apply_discount(subtotal: int, percent: int) -> int:',
    '    """Take a percentage off a subtotal."""',
    '    return subtotal - percent_of(subtotal, percent)',
    '',
    '',
    'def quote(subtotal: int) -> int:',
    '    """Price with the standard discount."""',
    '    return apply_discount(subtotal, 10)',
    '',
  ].join('\n'),
  'shop/money.py': ['def percent_of(cents: int, percent: int) -> int:', '    """Percent of an amount in cents."""', '    return (cents * percent + 50) // 100', ''].join('\n'),
};

describe('repodigest pack', () => {
  test('json output follows the contract and stays within the budget', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop.pricing.apply_discount', '--budget', '1200', '--format', 'json');
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['budget', 'totalTokens', 'encoding', 'roots', 'packed', 'skipped', 'content']));
    expect(body.roots).toEqual(['shop.pricing.apply_discount']);
    expect(body.packed.map((p: { id: string }) => p.id)).toEqual(['shop.pricing.apply_discount', 'shop.money.percent_of', 'shop.pricing.quote']);
    expect(body.packed[0]).toMatchObject({ file: 'shop/pricing.py', name: 'apply_discount', kind: 'function', mode: 'full', hop: 0, startLine: 4, endLine: 6 });
    expect(body.totalTokens).toBe(createTokenCounter('o200k_base').count(run.stdout));
    expect(body.totalTokens).toBeLessThanOrEqual(1200);
  });

  test('the same input gives byte-identical output, in every format', async () => {
    const root = tempTree(pricing);
    for (const format of ['markdown', 'xml', 'json']) {
      const first = await cli('pack', root, '--query', 'discount', '--format', format);
      const second = await cli('pack', root, '--query', 'discount', '--format', format);
      expect(first.code).toBe(0);
      expect(second.stdout).toBe(first.stdout);
    }
  });

  test('a file entry roots at its top-level definitions', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop/pricing.py', '--format', 'json');
    expect(JSON.parse(run.stdout).roots).toEqual(['shop.pricing.apply_discount', 'shop.pricing.quote']);
  });

  test('--output writes the file and prints nothing on stdout', async () => {
    const root = tempTree(pricing);
    const out = join(root, 'digest.md');
    const run = await cli('pack', root, '--entry', 'shop.pricing.quote', '--output', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toContain('def quote(subtotal: int) -> int:');
  });

  test.each([
    [['--budget', '0'], /Invalid --budget '0'/],
    [['--budget', '-5'], /Invalid --budget '-5'/],
    [['--budget', '1.5'], /Invalid --budget '1.5'/],
    [['--format', 'yaml'], /Invalid --format 'yaml'/],
    [['--encoding', 'p50k'], /Invalid --encoding 'p50k'/],
  ])('usage error %j exits 2 with one line', async (extra, message) => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop.pricing.quote', ...extra);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  test('an unknown option is one line, exit 2', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop.pricing.quote', '--bogus');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual(["error: unknown option '--bogus'"]);
  });

  test('an --output that cannot be written names the option', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop.pricing.quote', '--output', join(root, 'no', 'such', 'dir', 'x.md'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/error: Cannot write --output '.*x\.md': ENOENT/);
  });

  test('neither or both of --entry and --query is a usage error', async () => {
    const root = tempTree(pricing);
    expect((await cli('pack', root)).code).toBe(2);
    const both = await cli('pack', root, '--entry', 'shop.pricing.quote', '--query', 'x');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --entry or --query');
  });

  test('an unknown entry names the closest ids', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--entry', 'shop.pricing.apply_discont');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error: Unknown entry 'shop.pricing.apply_discont'.*did you mean 'shop.pricing.apply_discount'/);
    expect(run.stderr).not.toContain('    at ');
  });

  test('a query nothing matches is an error, not an empty pack', async () => {
    const root = tempTree(pricing);
    const run = await cli('pack', root, '--query', 'zebra giraffe');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No symbol matches the query 'zebra giraffe'");
  });

  test('a method inside a class packed in full is not reported as skipped, and counts are worded in the singular', async () => {
    const root = tempTree({
      'cart.py': ['class Cart:', '    def total(self):', '        return 1', '', '', 'def checkout(cart: Cart):', '    return cart.total()', ''].join('\n'),
    });
    const run = await cli('pack', root, '--entry', 'cart.py', '--format', 'json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const ids = result.packed.map((p: { id: string }) => p.id);
    expect(ids).toContain('cart.Cart');
    expect(ids).not.toContain('cart.Cart.total');
    expect(result.skipped.map((s: { id: string }) => s.id)).toEqual(['cart.Cart.total']);
    expect(run.stderr).toMatch(new RegExp(`packed ${ids.length} symbols in \\d+/8000 tokens \\(o200k_base\\); 1 already inside packed symbols\n`));
    const graph = await cli('graph', root, '--callers', 'cart.Cart.total');
    expect(graph.stdout).toContain('1 caller of cart.Cart.total');
  });

  test('symbols from a file with syntax errors are marked as partially parsed in every format', async () => {
    const root = tempTree({
      'broken.py': ['def ok():', '    return helper()', '', '', 'def bad(:', '    pass', ''].join('\n'),
      'clean.py': ['def helper():', '    return 1', ''].join('\n'),
    });
    const markdown = await cli('pack', root, '--entry', 'broken.ok');
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain('### `ok` (function, full) — lines 1-2 (file partially parsed: syntax errors)');
    expect(markdown.stdout).toMatch(/### `helper` \(function, full\) — lines 1-2\n/);
    expect(markdown.stderr).toContain('note broken.py: syntax errors: partially parsed');
    const json = JSON.parse((await cli('pack', root, '--entry', 'broken.ok', '--format', 'json')).stdout);
    expect(json.packed.map((p: { id: string; partialParse?: boolean }) => [p.id, p.partialParse ?? false])).toEqual([
      ['broken.ok', true],
      ['clean.helper', false],
    ]);
    const xml = (await cli('pack', root, '--entry', 'broken.ok', '--format', 'xml')).stdout;
    expect(xml).toMatch(/<symbol id="broken.ok"[^>]* partialParse="true">/);
    expect(xml).not.toMatch(/<symbol id="clean.helper"[^>]*partialParse/);
  });

  test('stderr says what the budget bought: packed, did not fit, and neighbours not visited once it was spent', async () => {
    const callees = Array.from({ length: 40 }, (_, i) => `def step_${i}(order):\n    """Step ${i} of the order pipeline."""\n    return order + ${i}\n`);
    const main = `def run(order):\n${Array.from({ length: 40 }, (_, i) => `    order = step_${i}(order)`).join('\n')}\n    return order\n`;
    const root = tempTree({ 'pipe.py': `${main}\n\n${callees.join('\n\n')}` });
    const run = await cli('pack', root, '--entry', 'pipe.run', '--budget', '750', '--format', 'json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    const match = /packed (\d+) symbols? in \d+\/750 tokens \(o200k_base\)(?:; (\d+) did not fit)?; (\d+) further neighbours not visited once the budget was spent\n/.exec(run.stderr);
    expect(match, run.stderr).not.toBeNull();
    expect(Number(match![1])).toBe(result.packed.length);
    expect(Number(match![2] ?? 0) + Number(match![3])).toBe(result.skippedTotal);
    expect(result.packed.length + result.skippedTotal).toBe(41);
    expect(Number(match![3])).toBeGreaterThan(0);
    expect(run.stderr).not.toMatch(/skipped|never considered/);
  });

  test('a root larger than the budget is skipped, said clearly, exit 0', async () => {
    const body = Array.from({ length: 200 }, (_, i) => `    total += compute_line_item_value_${i}(order)`).join('\n');
    const root = tempTree({ 'big.py': `def huge(order):\n    total = 0\n${body}\n    return total\n` });
    const run = await cli('pack', root, '--entry', 'big.huge', '--budget', '300', '--format', 'json');
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.packed).toEqual([]);
    expect(result.skipped[0].id).toBe('big.huge');
    expect(run.stderr).toContain('1 of 1 root symbol did not fit');
  });

  test('an empty directory is reported, not a crash', async () => {
    const root = tempTree({});
    const run = await cli('graph', root, '--format', 'json');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ symbols: [], edges: [] });
    expect(run.stderr).toContain('no Python files found');
  });

  test('pkg.py beside pkg/__init__.py: the package wins, the shadowed file is reported', async () => {
    const root = tempTree({ 'pkg.py': 'def f():\n    return 1\n', 'pkg/__init__.py': 'def f():\n    return 2\n' });
    const run = await cli('graph', root, '--format', 'json');
    const f = JSON.parse(run.stdout).symbols.find((s: { id: string }) => s.id === 'pkg.f');
    expect(f.file).toBe('pkg/__init__.py');
    expect(run.stderr).toContain('skipped pkg.py: symbol pkg.f is also defined by pkg/__init__.py, which Python imports instead');
  });

  test('a missing path fails with one line', async () => {
    const run = await cli('pack', '/nonexistent/repodigest-x', '--query', 'x');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('repodigest graph and search', () => {
  test('graph json lists every function and method with the contract fields', async () => {
    const run = await cli('graph', sampleRepo, '--format', 'json');
    expect(run.code).toBe(0);
    const graph = JSON.parse(run.stdout);
    const ids = graph.symbols.map((s: { id: string }) => s.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['shop.inventory.Inventory.reserve', 'shop.pricing.quote', 'shop.util.money', 'shop']));
    expect(graph.symbols.find((s: { id: string }) => s.id === 'shop.inventory.Inventory.reserve')).toEqual({
      id: 'shop.inventory.Inventory.reserve',
      file: 'shop/inventory.py',
      name: 'Inventory.reserve',
      kind: 'method',
      startLine: 24,
      endLine: 30,
    });
    const call = graph.edges.find((e: { from: string; to: string; kind: string }) => e.kind === 'calls' && e.from === 'shop.checkout.checkout' && e.to === 'shop.pricing.quote');
    expect(call).toMatchObject({ resolution: expect.stringMatching(/^(resolved|heuristic)$/), line: 26 });
    for (const e of graph.edges) expect(['calls', 'contains', 'imports', 'inherits']).toContain(e.kind);
  });

  test('graph --callers lists call sites as file:line', async () => {
    const run = await cli('graph', sampleRepo, '--callers', 'shop.pricing.quote');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('shop.checkout.checkout');
    expect(run.stdout).toContain('shop/checkout.py:26');
  });

  test('a function passed as an argument is followed by default; --parameter-flow also follows a receiver', async () => {
    const root = tempTree({
      'app.py': ['def double(x):', '    return 2 * x', '', '', 'def apply(f, x):', '    return f(x)', '', '', 'class Job:', '    def run(self):', '        pass', '', '', 'def go(task):', '    task.run()', '', '', 'def main():', '    go(Job())', '    return apply(double, 3)', ''].join('\n'),
    });
    const edgesOf = async (...extra: string[]) => {
      const run = await cli('graph', root, '--format', 'json', '--resolution', 'resolved', ...extra);
      return JSON.parse(run.stdout).edges.filter((e: { kind: string }) => e.kind === 'calls').map((e: { from: string; to: string }) => `${e.from}->${e.to}`);
    };
    const byDefault = await edgesOf();
    expect(byDefault).toContain('app.apply->app.double');
    expect(byDefault).not.toContain('app.go->app.Job.run');
    expect(await edgesOf('--parameter-flow')).toEqual([...byDefault, 'app.go->app.Job.run'].sort());
  });

  test('search json ranks by BM25, best first', async () => {
    const run = await cli('search', sampleRepo, '--query', 'reserve every line of a cart', '--format', 'json', '--top', '3');
    expect(run.code).toBe(0);
    const { results } = JSON.parse(run.stdout);
    expect(results).toHaveLength(3);
    expect(results[0].id).toBe('shop.inventory.Inventory.reserve');
    expect(results[0]).toMatchObject({ file: 'shop/inventory.py', startLine: expect.any(Number), endLine: expect.any(Number) });
    expect(Object.keys(results[0])).toEqual(['id', 'score', 'file', 'startLine', 'endLine']);
    expect(results[0].score).toBeGreaterThanOrEqual(results[1].score);
  });
});

describe('repodigest pr', () => {
  test('reports exactly the symbols the commit changed, and still-called removals', async () => {
    const repo = samplePrRepository();
    const run = await cli('pr', repo, '--base', 'HEAD~1', '--format', 'json', '--budget', '3000');
    expect(run.code).toBe(0);
    const body = JSON.parse(run.stdout);
    // (The manifest also carries kind, lines, changedLines and diff: __tests__/cli/prSubdir.test.ts.)
    expect(body.changed.map((c: { id: string; file: string; name: string; change: string }) => ({ id: c.id, file: c.file, name: c.name, change: c.change }))).toEqual([
      { id: 'shop.models.Cart.add', file: 'shop/models.py', name: 'Cart.add', change: 'modified' },
      { id: 'shop.pricing', file: 'shop/pricing.py', name: '', change: 'modified' },
      { id: 'shop.pricing.apply_discount', file: 'shop/pricing.py', name: 'apply_discount', change: 'modified' },
      { id: 'shop.pricing.loyalty_discount', file: 'shop/pricing.py', name: 'loyalty_discount', change: 'added' },
      { id: 'shop.pricing.quote', file: 'shop/pricing.py', name: 'quote', change: 'modified' },
      { id: 'shop.util.money.legacy_round', file: 'shop/util/money.py', name: 'legacy_round', change: 'removed' },
    ]);
    expect(body.totalTokens).toBeLessThanOrEqual(3000);
    expect(body.content).toContain('Removed but still called');
    expect(body.content).toContain('shop/pricing.py:51');
    // The removed function is shown from base.
    expect(body.content).toContain('def legacy_round(cents: float) -> int:');
  });

  test('a PR whose sections exceed the budget is shortened, never failed', async () => {
    const repo = makeRepo();
    const module = (edit: string) =>
      Array.from({ length: 15 }, (_, i) => `def handler_${i}(event):\n    return dispatch(event, ${i}${edit})\n`).join('\n\n');
    const files = (edit: string) => Object.fromEntries(Array.from({ length: 10 }, (_, f) => [`svc/m${f}.py`, module(edit)]));
    repo.write({ ...files(''), 'svc/__init__.py': '', 'svc/core.py': 'def dispatch(event, n):\n    return n\n' });
    repo.commit('base');
    repo.write(files(' + 1'));
    repo.commit('touch 150 handlers');
    for (const [budget, format] of [['1500', 'markdown'], ['1500', 'json'], ['700', 'markdown']] as const) {
      const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', budget, '--format', format);
      expect(run.code, run.stderr).toBe(0);
      const text: string = format === 'json' ? JSON.parse(run.stdout).content : run.stdout;
      // Every changed symbol is accounted for (never "the first 30"); the budget bounds the document,
      // which for JSON is `content` (the markdown digest), with the complete manifest around it.
      expect(text).not.toMatch(/first 30/);
      expect(text).toMatch(/### Changed symbols \(150: 0 added, 150 modified, 0 removed\)|150 changed symbols \\?\(0 added, 150 modified, 0 removed\\?\)/);
      expect(createTokenCounter('o200k_base').count(text)).toBeLessThanOrEqual(Number(budget));
      if (format === 'json') expect(JSON.parse(run.stdout).changed).toHaveLength(150);
    }
    const tiny = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '40');
    // The value passed is the problem: a usage error (exit 2), and the remedy names the flag.
    expect(tiny.code).toBe(2);
    expect(tiny.stderr).toMatch(/^error: Budget 40 is too small: .* \(raise --budget\)\n$/);
  });

  test('an unknown base revision fails with one line', async () => {
    const repo = samplePrRepository();
    const run = await cli('pr', repo, '--base', 'no-such-rev');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
