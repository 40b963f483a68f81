// `pr --exclude/--include` leave changed files out exactly as the index does, and say so once
// (second walkthrough: an excluded, modified file was listed with 0 callers and reported as removed).
import { afterAll, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

test('changed files outside the include/exclude selection are left out of the changes and named in one note', async () => {
  const repo = makeRepo();
  repo.write({
    'util.py': 'def helper(x):\n    return x * 2\n',
    'main.py': 'from util import helper\n\n\ndef run(n):\n    return helper(n)\n',
  });
  repo.commit('base');
  repo.write({ 'util.py': 'def helper(x):\n    return x * 6\n', 'main.py': 'from util import helper\n\n\ndef run(n):\n    return helper(n) + 1\n' });
  repo.commit('feature');
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--exclude', 'util.py', '--format', 'json');
  expect(run.code, run.stderr).toBe(0);
  const digest = JSON.parse(run.stdout);
  expect(digest.changed.map((c: { id: string; change: string }) => `${c.id}:${c.change}`)).toEqual(['main.run:modified']);
  expect(digest.content).toContain('1 changed file left out by include/exclude');
  expect(run.stderr).not.toContain('removed in this change');
});
