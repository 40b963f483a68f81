// A change whose symbols have no callers or callees to show (module-level imports added, annotations
// rewritten: a typing sweep) still fills its budget with the change. The line naming changed symbols
// left out is reserved at its longest while the roots are packed; it was given back only when a
// neighbour came after them, so a change without neighbours left that reserve (a few tokens per
// changed file) unused while its mechanical changes waited. Real git repository, real tree-sitter,
// real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { packPr } from '../../src/pr/packPr.js';
import { removeTempDirs } from '../support/testRepo.js';
import { preparedOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const FILES = 16;

function module(i: number, head: boolean): string {
  const future = head ? 'import logging\n' : '';
  const annotation = head ? 'int | None' : 'Optional[int]';
  return `${future}from typing import Optional\n\n\ndef scale_${i}(value: ${annotation}, factor: ${annotation}) -> ${annotation}:\n    return value\n`;
}

function files(head: boolean): Record<string, string> {
  const out: Record<string, string> = { 'pkg/__init__.py': '' };
  for (let i = 0; i < FILES; i++) out[`pkg/mod_${String(i).padStart(2, '0')}.py`] = module(i, head);
  return out;
}

describe('repodigest pr: a change with no neighbours', () => {
  test('leaves no more of the budget unused than its smallest mechanical change not shown would take', async () => {
    const { prepared } = await preparedOverTwoCommits(files(false), files(true));
    // The premise: each module's import is a change in behaviour, each function's annotations a mechanical change.
    expect(prepared.roots).toHaveLength(FILES);
    expect(prepared.tail).toHaveLength(FILES);
    const unused: string[] = [];
    let partial = 0;
    for (let budget = 1000; budget <= 3000; budget += 50) {
      const result = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
      if (result.packed.filter((p) => p.direction === 'root').length < FILES) continue;
      const mechanical = result.packed.filter((p) => p.direction === 'mechanical');
      if (mechanical.length === FILES) continue;
      partial++;
      // A mechanical change here is its heading, its note and five diff lines, about 60 tokens; the
      // estimate the packer fills by is within 20 of the rendered count. An overview kept by the tie
      // on changed lines (levels.ts) took the room of up to one of them, and what that one leaves over.
      const allowed = 80 + (result.content.includes('### Overview') ? 60 : 0);
      if (result.budget - result.totalTokens > allowed) unused.push(`${budget}: ${result.totalTokens} used, ${mechanical.length} of ${FILES} mechanical changes shown`);
    }
    expect(partial).toBeGreaterThan(5);
    expect(unused).toEqual([]);
  }, 120_000);
});
