// The PR digest's shortening ladder (full -> no graph -> capped at 30 -> summary): at every budget the
// header's note says exactly what was left out, and never a cut that did not happen.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { BudgetTooSmallError } from '../../src/pack/packer.js';
import { levelNotes, packPr, preparePr, type PreparedPr } from '../../src/pipeline/prDigest.js';
import type { DigestFormat } from '../../src/render/document.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr } from './prScenario.js';

afterAll(removeTempDirs);

const GRAPH_NOTE = 'The call graph of the changes was left out to fit the budget';

/** Every digest between `from` and the smallest budget that still fits, in steps of 10 tokens. */
function sweep(prepared: PreparedPr, format: DigestFormat, from: number): { budget: number; content: string }[] {
  const out: { budget: number; content: string }[] = [];
  for (let budget = from; budget > 0; budget -= 10) {
    try {
      const result = packPr(prepared, { budget, encoding: 'o200k_base', format, signaturesOnly: false, resolution: 'all' });
      out.push({ budget, content: result.content });
    } catch (error) {
      if (!(error instanceof BudgetTooSmallError)) throw error;
      break;
    }
  }
  return out;
}

describe('PR digest shortening', () => {
  test('with 2 changed symbols, each level says what it left out, and never "first 30"', async () => {
    const { repo } = monorepoPr();
    const prepared = await preparePr({ repoDir: join(repo.dir, 'app'), base: 'main', head: 'HEAD' });
    for (const format of ['xml', 'markdown', 'json'] as const) {
      const digests = sweep(prepared, format, 1500);
      const levels = new Set<string>();
      for (const { budget, content } of digests) {
        const text = format === 'json' ? (JSON.parse(content) as { content: string }).content : content;
        expect(text, `${format} ${budget}`).not.toMatch(/first 30|only the first/i);
        const hasTable = text.includes('### Changed symbols');
        const hasGraph = text.includes('```mermaid');
        if (text.includes(GRAPH_NOTE)) {
          levels.add('no-graph');
          expect([hasTable, hasGraph], `${format} ${budget}`).toEqual([true, false]);
        } else if (/2 changed symbols \\?\(1 added, 1 modified, 0 removed\\?\)\\?: their list, call sites and call graph were left out to fit the budget; raise the budget to see them\./.test(text)) {
          levels.add('summary');
          expect([hasTable, hasGraph], `${format} ${budget}`).toEqual([false, false]);
        } else {
          levels.add('full');
          expect([hasTable, hasGraph], `${format} ${budget}`).toEqual([true, true]);
        }
      }
      expect([...levels], format).toEqual(['full', 'no-graph', 'summary']);
    }
  }, 120_000);

  test('the XML digest at budget 400 (the walkthrough case) words the summary for 2 symbols', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--format', 'xml', '--budget', '400');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('first 30');
    expect(run.stdout).toContain('their list, call sites and call graph were left out to fit the budget');
    // The XML header is plain text in CDATA: no markdown escapes.
    expect(run.stdout).toContain('> 2 changed symbols (1 added, 1 modified, 0 removed): their list');
    expect(run.stdout).not.toMatch(/\\[():]/);
  });

  test('a PR without call relations draws no diagram and never claims to have left one out', async () => {
    const repo = makeRepo();
    repo.write({ 'lone.py': 'def lone():\n    return 1\n' });
    repo.commit('base');
    repo.write({ 'lone.py': 'def lone():\n    return 2\n' });
    repo.commit('edit');
    const prepared = await preparePr({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD' });
    const digests = sweep(prepared, 'markdown', 800);
    expect(digests[0]!.content).not.toContain('mermaid');
    expect(digests[0]!.content).not.toContain('flowchart');
    for (const { content } of digests) expect(content).not.toContain('call graph');
    expect(digests.at(-1)!.content).toMatch(/1 changed symbol \\\(0 added, 1 modified, 0 removed\\\)\\: their list and call sites were left out/);
  }, 60_000);
});

describe('levelNotes', () => {
  const changed = (n: number): ChangedSymbol[] =>
    Array.from({ length: n }, (_, i) => ({ id: `m.f${i}`, file: 'm.py', name: `f${i}`, kind: 'function', change: 'modified', lines: [i + 1, i + 1] }));

  test('words each level for the number of changed symbols and whether a graph existed', () => {
    expect(levelNotes('full', changed(4), true)).toEqual([]);
    expect(levelNotes('no-graph', changed(4), true)).toEqual(['The call graph of the changes was left out to fit the budget.']);
    expect(levelNotes('capped', changed(31), true)).toEqual([
      'The call graph of the changes was left out to fit the budget.',
      'Only the first 30 of 31 changed symbols are listed and packed, to fit the budget; raise the budget for all of them.',
    ]);
    expect(levelNotes('capped', changed(31), false)).toEqual([
      'Only the first 30 of 31 changed symbols are listed and packed, to fit the budget; raise the budget for all of them.',
    ]);
    expect(levelNotes('summary', changed(31), true)).toEqual([
      '31 changed symbols (0 added, 31 modified, 0 removed): the list does not fit the budget, and only the first 30 are packed; raise the budget to see it.',
    ]);
    expect(levelNotes('summary', changed(4), true)).toEqual([
      '4 changed symbols (0 added, 4 modified, 0 removed): their list, call sites and call graph were left out to fit the budget; raise the budget to see them.',
    ]);
    expect(levelNotes('summary', changed(1), false)).toEqual([
      '1 changed symbol (0 added, 1 modified, 0 removed): their list and call sites were left out to fit the budget; raise the budget to see them.',
    ]);
  });
});
