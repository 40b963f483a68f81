// The mechanical changes of a PR take, ahead of the context, the share of the budget their lines are
// of the change, not a fixed quarter: the plain diff shows a typing sweep's edits as they come, and a
// refactor whose lines were mostly such edits showed its callers' code in their room, below what the
// plain diff shows at the same budget. Real git repository, real tree-sitter, real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { packPr } from '../../src/pr/packPr.js';
import { removeTempDirs } from '../support/testRepo.js';
import { preparedOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const TYPED = 12;
const CALLERS = 10;

function files(head: boolean): Record<string, string> {
  const out: Record<string, string> = { 'app/__init__.py': '' };
  out['app/core.py'] = `def compute(value):\n    """Scale a value."""\n    return value * ${head ? 3 : 2}\n`;
  for (let i = 0; i < CALLERS; i++) {
    const lines = Array.from({ length: 12 }, (_, j) => `    total += compute(row[${j}])  # column ${j} of report ${i}`);
    out[`app/report_${i}.py`] = `from app.core import compute\n\n\ndef report_${i}(row):\n    total = 0\n${lines.join('\n')}\n    return total\n`;
  }
  const annotation = head ? 'int | None' : 'Optional[int]';
  for (let i = 0; i < TYPED; i++) {
    const fns = Array.from({ length: 3 }, (_, j) => `def convert_${i}_${j}(value: ${annotation}, default: ${annotation}) -> ${annotation}:\n    return value if value is not None else default\n`);
    out[`app/types_${String(i).padStart(2, '0')}.py`] = `from typing import Optional\n\n\n${fns.join('\n\n')}`;
  }
  return out;
}

describe('repodigest pr: a change that is mostly mechanical', () => {
  test('shows its mechanical changes before its callers, as the plain diff would show them', async () => {
    const { diffTokens, prepared } = await preparedOverTwoCommits(files(false), files(true));
    // The premise: one change in behaviour with callers to show, and 36 annotation-only changes, 72
    // of the change's 74 lines.
    expect(prepared.roots).toEqual(['app.core.compute']);
    expect(prepared.tail).toHaveLength(TYPED * 3);
    const early: string[] = [];
    let budgets = 0;
    for (let budget = 1000; budget < diffTokens; budget += 250) {
      budgets++;
      const result = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' });
      const mechanical = result.packed.filter((p) => p.direction === 'mechanical').length;
      const callers = result.packed.filter((p) => p.direction === 'caller').length;
      // Each mechanical change here is a block of about 60 tokens: a caller (about 150) in the room of two or more is early.
      const left = result.budget - result.totalTokens;
      if (callers > 0 && mechanical < TYPED * 3 && left < 60) early.push(`${budget}: ${callers} callers shown, ${mechanical} of ${TYPED * 3} mechanical changes`);
    }
    expect(budgets).toBeGreaterThan(5);
    expect(early).toEqual([]);
  }, 120_000);
});
