// One run shares git's answers and the extraction of revisions (pr/runMemo.ts): each distinct
// question is asked once, a failure is asked again, and every caller gets its own copy of a record.
import { afterAll, expect, test } from 'vitest';
import type { GitRunner } from '../../src/diff/gitDiff.js';
import { memoisedExtract, memoisedGit } from '../../src/pr/runMemo.js';
import { setupPr } from '../../src/pr/setup.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

test('one git command and one extraction per distinct question, copies to each caller', async () => {
  const repo = makeRepo();
  repo.write({ 'app.py': 'def f():\n    return 1\n' });
  const base = repo.commit('base');
  repo.write({ 'app.py': 'def f():\n    return 2\n' });
  const head = repo.commit('head');
  const setup = await setupPr({ repoDir: repo.dir, base, head });
  const asked: string[] = [];
  const counting: GitRunner = (args, cwd, input) => {
    asked.push(args.join(' '));
    return setup.git.runGit(args, cwd, input);
  };
  let extracted = 0;
  const memo = {
    git: memoisedGit({ runGit: counting }),
    extract: memoisedExtract((parser, path, text) => (extracted++, setup.extract(parser, path, text))),
  };

  const show = ['show', `${head}:app.py`];
  const first = await memo.git.runGit(show, repo.dir);
  const again = await memo.git.runGit(show, repo.dir);
  expect(again).toEqual(first);
  await memo.git.runGit(['show', `${base}:app.py`], repo.dir);
  expect(asked).toEqual([show.join(' '), `show ${base}:app.py`]);

  // A command that fails is not remembered: it is asked again.
  const missing = ['show', `${head}:absent.py`];
  expect((await memo.git.runGit(missing, repo.dir)).code).not.toBe(0);
  await memo.git.runGit(missing, repo.dir);
  expect(asked.filter((a) => a === missing.join(' ')).length).toBe(2);

  const a = memo.extract(setup.parser, 'app.py', 'def f():\n    return 2\n');
  a.symbols[0]!.full = 'rewritten';
  const b = memo.extract(setup.parser, 'app.py', 'def f():\n    return 2\n');
  expect(extracted).toBe(1);
  expect(b.symbols[0]!.full).not.toBe('rewritten');
  memo.extract(setup.parser, 'app.py', 'def f():\n    return 3\n');
  expect(extracted).toBe(2);
});
