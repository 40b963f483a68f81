// Each line once: a mechanical change (annotation, docstring or formatting only) nested in a changed
// function is in that function's diff, so it is no block of its own (an annotation sweep through
// uvicorn's websocket tests showed eleven nested methods twice). Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';

afterAll(removeTempDirs);

describe('repodigest pr: a mechanical change nested in another', () => {
  test('is shown once, in the diff of the function around it', async () => {
    // An annotation sweep through a test, the class local to it and a nested function: the test's diff
    // holds their lines, so they are no blocks of their own.
    const source = (typed: boolean) =>
      `def test_accept(port${typed ? ': int' : ''}):\n    class App:\n        async def connect(self, message${typed ? ': dict' : ''}):\n            return message\n\n    async def open_connection(url${typed ? ': str' : ''}):\n        return url\n\n    assert App\n`;
    const repo = makeRepo();
    repo.write({ 'tests/__init__.py': '', 'tests/test_app.py': source(false) });
    repo.commit('base');
    repo.write({ 'tests/test_app.py': source(true) });
    repo.commit('head');
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '3000');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n').filter((l) => l === '+        async def connect(self, message: dict):')).toHaveLength(1);
    expect(run.stdout.split('\n').filter((l) => l === '+    async def open_connection(url: str):')).toHaveLength(1);
  });
});
