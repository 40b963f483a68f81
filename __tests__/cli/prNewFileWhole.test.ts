// A new file is shown as one block, every line in order, as the plain diff shows it: a heading per
// definition cost a file of thirty small classes a quarter of a small budget (attrs added a file of
// typing examples: 31 classes of 3 lines each, with module-level code between them). When the file
// does not fit whole, its module-level code and each definition are shown on their own. A file into
// which a function moved is never shown whole (the move is a diff against its old body). Real git
// repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

const CLASSES = 24;

/** A module of small classes, each followed by a module-level line using it. */
function examples(): string {
  const parts = ['"""Examples of the record types."""', '', 'import dataclasses', ''];
  for (let i = 0; i < CLASSES; i++) {
    parts.push('', '@dataclasses.dataclass', `class Record${i}:`, `    field_${i}: int = ${i}`, '', '', `record_${i} = Record${i}()`);
  }
  return `${parts.join('\n')}\n`;
}

async function digest(budget: number, extra: Record<string, string> = {}, base: Record<string, string> = {}) {
  const repo = makeRepo();
  repo.write({ 'kit/__init__.py': '', 'kit/core.py': 'def run():\n    return 1\n', ...base });
  repo.commit('base');
  repo.write({ 'kit/examples.py': examples(), ...extra });
  repo.commit('head');
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(budget), '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { content: string; packed: { id: string; mode: string }[]; insidePackedTotal?: number };
}

describe('repodigest pr: a new file', () => {
  test('is one block holding every line in order; its definitions are inside it', async () => {
    const json = await digest(3000);
    const md = json.content;
    expect(md).toMatch(/^### `kit\.examples` \(module, full\) — lines 1-\d+ · added$/m);
    const block = md.slice(md.indexOf('### `kit.examples`'));
    const code = block.slice(block.indexOf('```python\n') + '```python\n'.length, block.indexOf('\n```\n'));
    expect(code).toBe(examples().trimEnd());
    expect(md).not.toMatch(/^### `Record\d+`/m);
    expect(json.packed.map((p) => p.id)).not.toContain('kit.examples.Record0');
    expect(json.insidePackedTotal).toBe(CLASSES);
  });

  test('that does not fit whole shows its definitions on their own', async () => {
    const json = await digest(500);
    expect(json.content).not.toContain(examples().trimEnd());
    expect(json.content).toMatch(/^### `Record\d+` \(class, full\)/m);
  });

  test('is shown symbol by symbol when a function moved into it', async () => {
    const mover = 'def normalise(value):\n    """Strip and lower a value."""\n    text = str(value).strip()\n    return text.lower()\n';
    const json = await digest(3000, { 'kit/helpers.py': '', 'kit/examples.py': `${examples()}\n\n${mover}` }, { 'kit/helpers.py': mover });
    expect(json.content).toMatch(/^### `normalise` \(function, /m);
    expect(json.content).toMatch(/Moved from `kit\.helpers\.normalise`/);
    expect(json.content).toMatch(/^### `Record0` \(class, full\)/m);
  });
});

describe('repodigest pr: a new file beside changes still to come', () => {
  test('is shown whole when it fits and costs less than its definitions on their own', async () => {
    // Changed tests come after the new file in the plan; where they leave the file no room to be
    // shown whole, its definitions on their own cost more than the file in one block.
    const testsBase: Record<string, string> = { 'tests/__init__.py': '' };
    const testsHead: Record<string, string> = {};
    for (let k = 0; k < 6; k++) {
      const body = (v: number) => `def test_record_${k}():\n    value = ${v}\n    assert value > 0, "record ${k} of the examples is positive"\n`;
      testsBase[`tests/test_part_${k}.py`] = body(1);
      testsHead[`tests/test_part_${k}.py`] = body(2);
    }
    // Budgets where the file fits whole but not beside the room the tests keep: its module-level
    // code alone, then as many definitions as fit, showed less of it.
    const shown: boolean[] = [];
    for (let budget = 950; budget <= 1250; budget += 50) {
      const json = await digest(budget, testsHead, testsBase);
      const separate = (json.content.match(/^### `Record\d+` \(class, full\)/gm) ?? []).length;
      expect(separate, `budget ${budget}`).toBeLessThan(CLASSES);
      shown.push(json.content.includes(examples().trimEnd()));
    }
    expect(shown.filter(Boolean).length).toBeGreaterThanOrEqual(3);
  });
});
