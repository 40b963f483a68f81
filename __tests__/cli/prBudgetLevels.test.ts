// The PR digest's shortening ladder (pipeline/prDigest.ts: graph, then call sites, then the list get
// more compact; the list is never cut): at every budget the header's notes say exactly what was
// compacted, never a cut that did not happen, and every level short of the last names every changed symbol.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import type { DigestFormat } from '../../src/pack/document.js';
import { BudgetTooSmallError } from '../../src/pack/packer.js';
import { levelNotes, type SectionsLevel } from '../../src/pr/levels.js';
import { packPr, XML_SHORTENED_NOTE } from '../../src/pr/packPr.js';
import { type PreparedPr, preparePr } from '../../src/pr/prepare.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr } from './prScenario.js';

afterAll(removeTempDirs);

const GRAPH_NOTE = 'the call graph of the changes is left out';

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
  test('with 2 changed symbols, every level names both, says what it compacted, and never cuts the list', async () => {
    const { repo } = monorepoPr();
    const prepared = await preparePr({ repoDir: join(repo.dir, 'app'), base: 'main', head: 'HEAD' });
    const markdownAt = new Map(sweep(prepared, 'markdown', 1500).map((d) => [d.budget, d.content]));
    for (const format of ['xml', 'markdown', 'json'] as const) {
      const digests = sweep(prepared, format, 1500);
      const seen = new Set<string>();
      for (const { budget, content } of digests) {
        const text = format === 'json' ? (JSON.parse(content) as { content: string }).content : content;
        if (format === 'json') expect(text, `json ${budget}`).toBe(markdownAt.get(budget));
        expect(text, `${format} ${budget}`).not.toMatch(/first 30|only the first/i);
        const hasGraph = text.includes('```mermaid');
        const graphNote = text.toLowerCase().includes(GRAPH_NOTE);
        // XML never carries the graph (no one renders it there), so it never says it left it out.
        if (format === 'xml') expect([hasGraph, graphNote], `xml ${budget}`).toEqual([false, false]);
        else expect(hasGraph !== graphNote, `${format} ${budget}: the graph is drawn or its absence said`).toBe(true);
        if (text.includes('their list and call sites were left out') || /<changed total="2"\/>/.test(text)) {
          seen.add('summary');
          continue;
        }
        // Every other level names both changed symbols (XML: in its <changed> list, before the code).
        const preamble = format === 'xml' ? text.split('<file ')[0]! : text;
        const name = (id: string) => (format === 'xml' ? new RegExp(`<symbol id="(?:[\\w.]+\\.)?${id}"`) : new RegExp(`\`(util\\.)?${id}\``));
        expect(preamble, `${format} ${budget}`).toMatch(name('normalize'));
        expect(preamble, `${format} ${budget}`).toMatch(name('added_fn'));
        // XML's table level: each changed symbol with its file, lines and kind; the names level: its id and change.
        const table = format === 'xml' ? /<changed>\n<symbol id="[^"]*" file=/.test(preamble) : text.includes('| Symbol | Change |');
        seen.add(table ? 'table' : 'names');
        if (!table && format === 'xml') expect(text).toContain(XML_SHORTENED_NOTE);
        // Our own words, as written: no markdown escapes, never cut short.
        else if (!table) expect(text).toMatch(/the changed symbols are named per file \(no table\)[^\n]*list them all\./);
      }
      expect(seen.has('table'), format).toBe(true);
    }
  }, 180_000);

  test('the XML digest at budget 400 (the walkthrough case) accounts for both symbols, with no markdown', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--format', 'xml', '--budget', '400');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('first 30');
    expect(run.stdout).not.toContain('mermaid');
    const preamble = run.stdout.split('<file ')[0]!;
    // Each is named in the changed list or shown as code; a level without the list (taken when it shows
    // more of the change as code) counts the one not shown.
    const named = ['normalize', 'added_fn'].filter((id) => new RegExp(`<symbol id="(?:[\\w.]+\\.)?${id}"`).test(run.stdout));
    expect(named.length === 2 || (named.length === 1 && run.stdout.includes('<changed-not-shown count="1"'))).toBe(true);
    // The XML preamble is data: no markdown escapes or code spans.
    expect(preamble).not.toMatch(/\\[():]|`/);
  });

  test('--no-mermaid leaves the graph out of a digest that has room for it, and says nothing about it', async () => {
    const { repo } = monorepoPr();
    const withGraph = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--budget', '4000');
    const without = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--budget', '4000', '--no-mermaid');
    expect(withGraph.stdout).toContain('```mermaid');
    expect(without.code, without.stderr).toBe(0);
    expect(without.stdout).not.toContain('mermaid');
    expect(without.stdout.toLowerCase()).not.toContain(GRAPH_NOTE);
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
    // The smallest digest still accounts for the changed symbol.
    expect(digests.at(-1)!.content).toMatch(/`(lone\.)?lone`|1 changed symbol/);
    // The fix's deleted line is in every digest that shows the function.
    for (const { content } of digests) if (content.includes('```diff')) expect(content).toContain('-    return 1\n+    return 2');
  }, 60_000);
});

describe('levelNotes', () => {
  const changed = (n: number): ChangedSymbol[] =>
    Array.from({ length: n }, (_, i) => ({ id: `m.f${i}`, file: 'm.py', name: `f${i}`, kind: 'function', change: 'modified', lines: [i + 1, i + 1] }));
  const level = (list: SectionsLevel['list'], contract: SectionsLevel['contract'] = 'full', other: SectionsLevel['other'] = 'full'): SectionsLevel => ({ mermaid: false, list, contract, other, review: 'full' });

  test('says exactly what each level compacted, in one line, and nothing at the fullest', () => {
    const json = "; the JSON digest and the Action's outputs list them all";
    expect(levelNotes({ ...level('table'), mermaid: true }, changed(4), false)).toEqual([]);
    expect(levelNotes(level('table'), changed(4), true)).toEqual(['To fit the budget, the call graph of the changes is left out.']);
    expect(levelNotes(level('table', 'full', 'compact'), changed(4), false)).toEqual([`To fit the budget, some call sites are listed per file or counted${json}.`]);
    expect(levelNotes(level('names', 'full', 'counts'), changed(31), true)).toEqual([
      `To fit the budget, the call graph of the changes is left out, the changed symbols are named per file (no table) and some call sites are listed per file or counted${json}.`,
    ]);
    expect(levelNotes(level('counts', 'counts', 'counts'), changed(2), false)).toEqual([
      `To fit the budget, the changed symbols are counted per file and some call sites are listed per file or counted${json}.`,
    ]);
    expect(levelNotes(level('summary', 'counts', 'counts'), changed(1), false)).toEqual([
      '1 changed symbol (0 added, 1 modified, 0 removed): their list and call sites were left out to fit the budget; the JSON digest lists every one; raise the budget to see them.',
    ]);
  });
});
