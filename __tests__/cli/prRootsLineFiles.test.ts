// The line accounting for changed symbols left out of the document names the first files with their
// counts and sums the rest: a sweep over 35 files named every one, a seventh of a 3,000-token digest,
// where the changed list and the JSON digest name every symbol anyway. Real git repository, real
// tree-sitter, real tokenizer.
import { afterAll, describe, expect, test } from 'vitest';
import { ROOT_FILES_NAMED } from '../../src/pack/document.js';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const FILES = 14;

function module(i: number, head: boolean): string {
  const body = Array.from({ length: 30 }, (_, k) => `    total += value * ${k + (head ? 2 : 1)}  # step ${k}`).join('\n');
  return `def weigh_${i}(value):\n    total = 0\n${body}\n    return total\n`;
}

function files(head: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) out[`pkg/mod_${String(i).padStart(2, '0')}.py`] = module(i, head);
  return out;
}

describe('repodigest pr: changed symbols left out of a small budget', () => {
  test('their line names the first files and counts the rest', async () => {
    const run = await prOverTwoCommits(files(false), files(true), '--budget', '1500');
    const line = run.stdout.split('\n').find((l) => l.includes('not in the document'));
    expect(line, run.stdout).toBeDefined();
    const left = Number(/(\d+) changed symbols are not in the document/.exec(line!)?.[1]);
    expect(left).toBeGreaterThan(ROOT_FILES_NAMED + 1);
    const perFile = line!.slice(line!.indexOf('Per file: ') + 'Per file: '.length).split(', ');
    expect(perFile).toHaveLength(ROOT_FILES_NAMED + 1);
    expect(perFile.slice(0, ROOT_FILES_NAMED).every((entry) => /^`pkg\/mod_\d\d\.py` 1$/.test(entry))).toBe(true);
    expect(perFile.at(-1)).toBe(`${left - ROOT_FILES_NAMED} more files ${left - ROOT_FILES_NAMED}`);
  }, 60_000);
});
