// `repodigest pr` failures a new user meets first: one line on stderr, saying what is wrong and what to do.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr } from './prScenario.js';

afterAll(removeTempDirs);

describe('repodigest pr errors', () => {
  test('a path that does not exist is named as such, before git is asked', async () => {
    const missing = join(makeTempDir('repodigest-cli-'), 'nonexistent');
    const run = await cli('pr', missing, '--base', 'main');
    expect(run).toEqual({ code: 1, stdout: '', stderr: `error: No such directory: ${missing}\n` });
  });

  test('a file is not a folder to analyse', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', join(repo.dir, 'README.md'), '--base', 'main');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: Not a directory: ${join(repo.dir, 'README.md')} (pass the folder to analyse)\n`);
  });

  test('a folder outside any repository', async () => {
    const dir = makeTempDir('repodigest-cli-nogit-');
    const run = await cli('pr', dir, '--base', 'main');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: '${dir}' is not a git repository (nor inside one) (pass a folder inside a clone of the repository)\n`);
  });

  test('an unknown base or head revision', async () => {
    const { repo } = monorepoPr();
    const base = await cli('pr', repo.dir, '--base', 'nosuchbranch');
    expect(base.code).toBe(1);
    expect(base.stderr).toBe("error: base 'nosuchbranch' was not found in the local repository (fetch it, or check the name)\n");
    const head = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--head', 'nosuchhead');
    expect(head.code).toBe(1);
    expect(head.stderr).toBe("error: head 'nosuchhead' was not found in the local repository (fetch it, or check the name)\n");
  });

  test('a revision that looks like an option is a usage error', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', repo.dir, '--base=--output=x');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^error: Invalid revision '--output=x'/);
  });
});
