// A PR digest spends its budget on the changed code before the sections about it: more budget never
// shows fewer changed symbols, a changed method inside a changed class counts as shown, and a root
// that does not fit is named even when other roots sit inside packed classes (second walkthrough).
import { afterAll, describe, expect, test } from 'vitest';
import { rootsInDocument } from '../../src/pack/packer.js';
import { packPr } from '../../src/pr/packPr.js';
import { preparePr } from '../../src/pr/prepare.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const ORDERS_BASE = `class Order:
    """An order."""

    def add(self, item):
        self.items.append(item)


def make_order():
    return Order()
`;

const ORDERS_HEAD = `class Order:
    """An order of items."""

    def add(self, item):
        self.items.append(item)
        self.total += item.price


def make_order():
    order = Order()
    return order
`;

function orderPr() {
  const repo = makeRepo();
  repo.write({ 'orders.py': ORDERS_BASE, 'util.py': 'def helper(x):\n    return x\n', 'main.py': 'from orders import make_order\nfrom util import helper\n\n\ndef run():\n    return helper(make_order())\n' });
  repo.commit('base');
  repo.write({ 'orders.py': ORDERS_HEAD, 'util.py': 'def helper(x):\n    """Identity, documented."""\n    return x\n' });
  repo.commit('feature');
  return repo;
}

describe('PR digest: code first', () => {
  test('more budget never shows fewer changed symbols (among digests that name every changed symbol)', async () => {
    // Below the budget where the changed list fits, the last-resort levels (counts, summary line) may
    // show a symbol's code; naming every changed symbol comes first (issue 8), so those are left out here.
    const repo = orderPr();
    const prepared = await preparePr({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD' });
    let previous = -1;
    for (let budget = 250; budget <= 1500; budget += 25) {
      let shown: number;
      try {
        const result = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
        if (!result.content.includes('### Changed symbols') || result.content.includes('counted per file')) continue;
        shown = rootsInDocument(result);
      } catch {
        continue; // too small for even the summary line
      }
      expect(shown, `budget ${budget}`).toBeGreaterThanOrEqual(previous);
      previous = shown;
    }
    expect(previous).toBe(prepared.roots.length);
  }, 60_000);

  test('a changed class is shown as its own changed lines, its changed method as a whole diff, neither reported missing', async () => {
    const repo = orderPr();
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '3000');
    expect(run.code, run.stderr).toBe(0);
    // The class's own change is its docstring only: a mechanical change, folded in the overview and
    // shown after the changed roots as its own changed lines; its method's lines are the method's own item.
    expect(run.stdout).toContain('- docstring or comment only (2): `orders.py` `Order`; `util.py` `helper`');
    expect(run.stdout).toContain('### `Order` (class, hunks) · modified');
    expect(run.stdout).toContain('-    """An order."""\n+    """An order of items."""');
    expect(run.stdout).toContain(['### `Order.add` (method, full) — lines 4-6 · modified', '', '```diff', '     def add(self, item):', '         self.items.append(item)', '+        self.total += item.price', '```'].join('\n'));
    expect(run.stderr).not.toContain('did not fit');
  });

  test('a root that does not fit is named, even when other roots are inside packed classes', async () => {
    // The walkthrough's case: a module renamed (class + method removed, then added) and a helper changed,
    // so the roots' skips begin with methods inside their packed classes.
    const repo = makeRepo();
    const models = 'class Order:\n    """An order."""\n    total = 0\n\n    def add(self, amount):\n        self.total += amount\n        return self.total\n';
    repo.write({
      'app/__init__.py': '',
      'app/core/__init__.py': '',
      'app/core/models.py': models,
      'app/core/util.py': 'def helper(x):\n    """Double x."""\n    return x * 2\n\n\ndef legacy(y):\n    """Old thing."""\n    return y + 1\n',
      'app/main.py': 'from app.core.util import helper, legacy\nfrom app.core.models import Order\n\n\ndef run(n):\n    o = Order()\n    o.add(helper(n))\n    return legacy(o.total)\n',
    });
    repo.commit('base');
    repo.git('mv', 'app/core/models.py', 'app/core/orders.py');
    repo.write({
      'app/core/orders.py': `${models}\n\ndef make_order():\n    return Order()\n`,
      'app/core/util.py': 'def helper(x):\n    """Double x, then triple."""\n    return x * 6\n',
    });
    repo.commit('feature');
    const prepared = await preparePr({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD' });
    // The added module has no code of its own (only definitions): listed as changed, but no empty root block.
    expect(prepared.changed.map((c) => c.id)).toContain('app.core.orders');
    expect(prepared.roots).not.toContain('app.core.orders');
    expect(prepared.roots).toContain('app.core.orders.make_order');
    const roots = new Set(prepared.roots);
    for (let budget = 250; budget <= 700; budget += 10) {
      let result;
      try {
        result = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
      } catch {
        continue;
      }
      const missing = result.roots.length - rootsInDocument(result);
      if (missing === 0) continue;
      // Every root not in the document is counted, with the reason, on the one line that accounts for
      // them (never "… and N more"), and named in the changed list.
      const count = missing === 1 ? '1 changed symbol is' : `${missing} changed symbols are`;
      expect(result.content, `budget ${budget}`).toContain(`- ${count} not in the document: they did not fit after the higher-ranked changes`);
      // (The last-resort levels, counts per file or one summary line, do not name them.)
      if (!result.content.includes('### Changed symbols') || result.content.includes('counted per file')) continue;
      const inDocument = new Set([...result.packed.map((p) => p.id), ...result.skipped.filter((s) => s.within).map((s) => s.id)]);
      for (const id of result.roots.filter((r) => !inDocument.has(r))) {
        const name = id.split('.').pop()!;
        expect(result.content, `budget ${budget}: ${id}`).toMatch(new RegExp(`\`(${id.replace(/\./g, '\\.')}|[\\w.]*${name})\``));
      }
      expect(roots.size).toBeGreaterThan(0);
    }
  }, 60_000);

  test('an added class is shown once, holding its added methods, even when they rank before it', async () => {
    // flask fbb6f0bc's shape: a private added class whose public methods have callers, so the methods
    // rank first; each was packed whole and then the class again, with all their code inside it.
    const repo = makeRepo();
    repo.write({ 'jobs.py': 'def run(tasks):\n    for task in tasks:\n        task()\n' });
    repo.commit('base');
    repo.write({
      'jobs.py': [
        'class _Collect:',
        '    def __init__(self):',
        '        self.errors = []',
        '',
        '    def keep(self, error):',
        '        self.errors.append(error)',
        '',
        '    def raise_any(self, message):',
        '        if self.errors:',
        '            raise RuntimeError(message)',
        '',
        '',
        'def run(tasks):',
        '    collect = _Collect()',
        '    for task in tasks:',
        '        try:',
        '            task()',
        '        except Exception as error:',
        '            collect.keep(error)',
        '    collect.raise_any("tasks failed")',
        '',
      ].join('\n'),
    });
    repo.commit('feature');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '3000');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('### `_Collect` (class, full)');
    for (const method of ['__init__', 'keep', 'raise_any']) expect(run.stdout).not.toContain(`### \`jobs._Collect.${method}\``);
    expect(run.stdout.split('self.errors.append(error)').length - 1).toBe(1);
    expect(run.stderr).toContain('already inside packed symbols');
  });
});

