// The no-break verdict agrees with its count: "1 call site … still binds", "2 call sites … still bind"
// (pytest 32f60ccfe read "1 call site of 1 changed signature still bind"). Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { prOverTwoCommits } from '../cli/cliHarness.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

async function verdict(calls: number): Promise<string> {
  const callers = Array.from({ length: calls }, (_, i) => `def use_${i}():\n    return greet("a")\n`).join('\n\n');
  // A renamed parameter can break keyword calls; the positional ones still bind.
  const lib = (param: string) => `def greet(${param}):\n    return "hi " + ${param}\n\n\n${callers}`;
  const run = await prOverTwoCommits({ 'lib.py': lib('name') }, { 'lib.py': lib('who') }, '--budget', '4000');
  return run.stdout.split('\n').find((l) => l.startsWith('No call site or override breaks')) ?? '';
}

describe('the no-break verdict', () => {
  test('is singular for one call site and plural for two', async () => {
    expect(await verdict(1)).toBe('No call site or override breaks: 1 call site of 1 changed signature still binds.');
    expect(await verdict(2)).toBe('No call site or override breaks: 2 call sites of 1 changed signature still bind.');
  });
});
