// When the whole change fits, the changed symbols leave room for every mechanical change, not only
// for the share those take of a change too large to show whole: a changed function's whole diff is
// its unchanged lines around the change (context), a docstring edit is part of the change. With room
// kept for the share alone, the roots took their whole diffs in the room of the last docstring edits,
// and a digest whose plain diff fits left part of its change out. Real git repository, real
// tree-sitter, real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { packPr } from '../../src/pr/packPr.js';
import { removeTempDirs } from '../support/testRepo.js';
import { preparedOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const METHODS = 3;
const DOCUMENTED = 6;

/** Methods of twenty lines, one of which the head changes. */
function service(head: boolean): string {
  const methods = Array.from({ length: METHODS }, (_, i) => {
    const body = Array.from({ length: 20 }, (_, j) => `        total += self.weights[${j}] * values[${j}]  # weight ${j} of step ${i}`);
    if (head) body[10] = `        total += self.weights[10] * values[10] * ${i + 2}  # weight 10 of step ${i}, scaled`;
    return `    def step_${i}(self, values):\n        total = 0\n${body.join('\n')}\n        return total`;
  });
  return `class Pipeline:\n    def __init__(self, weights):\n        self.weights = weights\n\n${methods.join('\n\n')}\n`;
}

/** Functions whose docstrings the head rewrites: mechanical changes. */
function documented(head: boolean): string {
  return Array.from({ length: DOCUMENTED }, (_, i) => {
    const doc = head ? `Return the ${i}th reading, scaled to the unit the sensor reports in, after calibration.` : `Return reading ${i} in the sensor's own unit.`;
    return `def reading_${i}(sensor):\n    """${doc}\n\n    The sensor is read once; a failed read raises.\n    """\n    return sensor.read(${i})\n`;
  }).join('\n\n');
}

function files(head: boolean): Record<string, string> {
  return { 'app/__init__.py': '', 'app/pipeline.py': service(head), 'app/sensors.py': documented(head) };
}

/** Every changed line of the plain diff (`+`/`-`, not blank), by its text. */
function changedLines(diff: string): string[] {
  return diff.split('\n').filter((l) => /^[+-](?![+-]{2} [ab/])/.test(l) && l.slice(1).trim() !== '');
}

describe('repodigest pr: the whole change before its context', () => {
  test('shows every changed line at each budget the plain diff fits, docstring edits over whole diffs', async () => {
    const { diff, diffTokens, prepared } = await preparedOverTwoCommits(files(false), files(true));
    // The premise: the docstring edits are mechanical changes.
    expect(prepared.tail).toHaveLength(DOCUMENTED);
    const missing: string[] = [];
    let budgets = 0;
    for (let budget = Math.ceil(diffTokens / 100) * 100; budget <= diffTokens + 1500; budget += 50) {
      budgets++;
      const markdown = packPr(prepared, { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' }).content;
      const lost = changedLines(diff).filter((line) => !markdown.includes(line));
      if (lost.length > 0) missing.push(`${budget}: ${lost.length} changed lines not shown`);
    }
    expect(budgets).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  }, 120_000);
});
