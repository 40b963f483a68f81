// A change too large to show whole keeps its overview when the layout without it would show only a
// line or two more of the change: changed lines within LINES_TIE_SHARE of each other are a tie, which
// the fuller layout wins. A typing sweep over 235 symbols (httpx 371b6e946) lost "annotation-only
// (234)" at 3,000 tokens for two more of its edits. Where the whole change fits, every line still
// counts. Real git repository, real tree-sitter, real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { packPr } from '../../src/pr/packPr.js';
import { removeTempDirs } from '../support/testRepo.js';
import { preparedOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const FILES = 40;

function module(i: number, head: boolean): string {
  const t = (name: string) => (head ? `${name} | None` : `typing.Optional[${name}]`);
  const fn = (k: number) => `def step_${i}_${k}(\n    width: ${t('int')} = None,\n    height: int = 0,\n) -> int:\n    return (width or 0) * height + ${k}\n`;
  return `import typing\n\n\n${[0, 1, 2].map(fn).join('\n\n')}`;
}

function files(head: boolean): Record<string, string> {
  const out: Record<string, string> = { 'pkg/__init__.py': '' };
  for (let i = 0; i < FILES; i++) out[`pkg/mod_${String(i).padStart(2, '0')}.py`] = module(i, head);
  return out;
}

/** The `-`/`+` lines of the document's `diff` fences. */
function changedLines(content: string): number {
  let inDiff = false;
  let lines = 0;
  for (const line of content.split('\n')) {
    if (line.startsWith('```')) inDiff = line === '```diff';
    else if (inDiff && /^[-+]\s*\S/.test(line)) lines++;
  }
  return lines;
}

describe('repodigest pr: a sweep larger than the budget', () => {
  test('keeps its overview where dropping it would show only a tie of changed lines more', async () => {
    const { prepared } = await preparedOverTwoCommits(files(false), files(true));
    expect(prepared.tail).toHaveLength(FILES * 3);
    const missing: string[] = [];
    for (let budget = 2500; budget <= 5000; budget += 250) {
      const result = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
      const shown = changedLines(result.content);
      if (!result.content.includes(`annotation-only (${FILES * 3})`)) missing.push(`${budget}: ${shown} changed lines, no overview`);
    }
    expect(missing).toEqual([]);
    // Where the whole change fits, no tie: every changed line is shown (the plain diff's).
    const whole = packPr(prepared, { budget: 20_000, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
    expect(changedLines(whole.content)).toBe(FILES * 3 * 2);
  }, 120_000);
});
