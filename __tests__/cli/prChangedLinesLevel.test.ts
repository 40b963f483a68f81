// How much of the PR sections a digest carries is chosen by the changed lines each layout leaves room
// for, the yardstick a reviewer holds the digest to (the plain diff at the same budget), not by how
// many changed symbols it shows as code: a layout keeping its call-site lists showed more small tests
// while a 20-line parametrized test, most of the change, fell to its signature, so a larger budget
// showed less of the change. Real git repository, real tree-sitter, real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { packPr } from '../../src/pr/packPr.js';
import { removeTempDirs } from '../support/testRepo.js';
import { preparedOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const CALLERS = 3;

function pager(head: boolean): string {
  const extra = head ? ', params' : '';
  const use = head ? '    argv = [cmd, *params]\n' : '    argv = [cmd]\n';
  return [
    `def pipe_pager(cmd${extra}, text):`,
    '    """Send text through a pager process."""',
    use + '    return spawn(argv, text)',
    '',
    '',
    `def tempfile_pager(cmd${extra}, text):`,
    '    """Write text to a file and open the pager on it."""',
    use + '    return spawn(argv + ["file.txt"], text)',
    '',
    '',
    'def spawn(argv, text):',
    '    return (argv, text)',
    '',
  ].join('\n');
}

function caller(i: number, head: boolean): string {
  const params = head ? ', ["-R"]' : '';
  return `from app.pager import pipe_pager, tempfile_pager\n\n\ndef show_report_${i}(text):\n    if text:\n        return pipe_pager("less"${params}, text)\n    return tempfile_pager("more"${params}, text)\n`;
}

/** Small tests, one long parametrized table (the bulk of the change), then more small tests. */
function tests(head: boolean): string {
  const small = Array.from({ length: head ? 4 : 1 }, (_, i) => `def test_pager_${i}():\n    assert pipe_pager("less"${head ? ', []' : ''}, "x${i}")[1] == "x${i}"\n`);
  const rows = Array.from({ length: 15 }, (_, i) => `        ("less -R --mouse-${i}", ["-R", "--mouse-${i}"], "row ${i} of the table"),`);
  const table = head ? [`@pytest.mark.parametrize(\n    ("command", "expected", "label"),\n    [\n${rows.join('\n')}\n    ],\n)\ndef test_pager_command_table(command, expected, label):\n    assert pipe_pager(command, expected, label)[0][1:] == expected\n`] : [];
  const last = head ? Array.from({ length: 5 }, (_, i) => `def test_pager_after_${i}():\n    assert pipe_pager("more", [], "y${i}")[1] == "y${i}"\n`) : [];
  return ['import pytest\n\nfrom app.pager import pipe_pager\n', ...small, ...table, ...last].join('\n\n');
}

function files(head: boolean): Record<string, string> {
  const out: Record<string, string> = { 'app/__init__.py': '', 'app/pager.py': pager(head), 'tests/__init__.py': '', 'tests/test_pager.py': tests(head) };
  for (let i = 0; i < CALLERS; i++) out[`app/report_${i}.py`] = caller(i, head);
  return out;
}

/** The changed lines (`+`/`-`, not blank) the first `budget` tokens of the plain `git diff -U3` show. */
function plainDiffLines(diff: string, budget: number): number {
  const counter = createTokenCounter('o200k_base');
  let used = 0;
  let shown = 0;
  for (const line of diff.split('\n')) {
    used += counter.count(`${line}\n`);
    if (used > budget) break;
    if (/^[+-](?![+-]{2} [ab/])/.test(line) && line.slice(1).trim() !== '') shown++;
  }
  return shown;
}

/** The changed lines of the digest's diffs and of the added code it shows whole. */
function digestLines(markdown: string): number {
  let shown = 0;
  for (const block of markdown.split('\n```').filter((_, i) => i % 2 === 1)) {
    const [fence, ...body] = block.split('\n');
    if (fence === 'diff') shown += body.filter((l) => /^[+-]/.test(l) && l.slice(1).trim() !== '').length;
  }
  for (const block of markdown.split(/\n### /).slice(1)) {
    if (!/^`[^`]+` \((function|method|class), full\)[^\n]*· added/.test(block)) continue;
    const code = block.split('```python\n')[1]?.split('\n```')[0] ?? '';
    shown += code.split('\n').filter((l) => l.trim() !== '').length;
  }
  return shown;
}

describe('repodigest pr: the layout that shows the most of the change', () => {
  test('a larger budget never shows fewer changed lines, and from a sixth over the plain diff at least nine tenths of its lines', async () => {
    const { diff, diffTokens, prepared } = await preparedOverTwoCommits(files(false), files(true));
    const fewer: string[] = [];
    const short: string[] = [];
    let previous = 0;
    for (let budget = 1400; budget <= 2600; budget += 25) {
      const markdown = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' }).content;
      const [digest, plain] = [digestLines(markdown), plainDiffLines(diff, budget)];
      if (digest < previous) fewer.push(`${budget}: ${digest} after ${previous}`);
      previous = digest;
      // Below that, the whole diff fits the plain diff's budget but not the digest's fifteen headings:
      // the digest's structure, not its choice of layout.
      if (budget >= diffTokens * 7 / 6 && digest < 0.9 * plain) short.push(`${budget}: ${digest} of the plain diff's ${plain}`);
    }
    expect(fewer).toEqual([]);
    expect(short).toEqual([]);
  }, 120_000);
});
