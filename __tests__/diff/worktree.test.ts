import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGitDefault } from '../../src/diff/gitDiff.js';
import { inspectWorktree, worktreeWarning } from '../../src/diff/worktree.js';
import { makeRepo, makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const git = { runGit: runGitDefault };

/** main: app/util.py + docs; feature: util.py edited. */
function twoBranches() {
  const repo = makeRepo();
  repo.write({ 'app/util.py': 'def f():\n    return 1\n', 'app/notes.txt': 'x\n', 'lib/other.py': 'x = 1\n' });
  const main = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write({ 'app/util.py': 'def f():\n    return 2\n' });
  const feature = repo.commit('feature');
  return { repo, main, feature };
}

describe('inspectWorktree', () => {
  it('is silent when the tree is head', async () => {
    const { repo, feature } = twoBranches();
    const state = await inspectWorktree(join(repo.dir, 'app'), feature, git);
    expect(state).toEqual({ relation: 'head', worktreeHead: feature, dirtyPython: [] });
    expect(worktreeWarning(state, 'feature', feature)).toBeUndefined();
  });

  it('says when another commit is checked out, and what to check out', async () => {
    const { repo, main, feature } = twoBranches();
    repo.git('checkout', '-q', 'main');
    const state = await inspectWorktree(repo.dir, feature, git);
    expect(state).toEqual({ relation: 'other', worktreeHead: main, dirtyPython: [] });
    expect(worktreeWarning(state, 'feature', feature)).toBe(
      `the working tree is at ${main.slice(0, 7)}, not at head 'feature' (${feature.slice(0, 7)}): changes are listed from head, but the code shown is the working tree's; run \`git checkout feature\` for a digest of head's code`,
    );
  });

  it("accepts GitHub's merge checkout, whose second parent is head", async () => {
    const { repo, feature } = twoBranches();
    repo.git('checkout', '-q', 'main');
    repo.write({ 'lib/other.py': 'x = 2\n' });
    repo.commit('main moves on');
    repo.git('checkout', '-q', '--detach');
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature into main', feature);
    const state = await inspectWorktree(repo.dir, feature, git);
    expect(state.relation).toBe('merge-of-head');
    expect(worktreeWarning(state, feature, feature)).toBeUndefined();
    // actions/checkout's default: a depth-1 clone of refs/pull/N/merge, whose parents are not fetched.
    repo.git('branch', 'pull-1-merge');
    const shallow = makeTempDir('repodigest-diff-shallow-merge-');
    repo.git('clone', '-q', '--depth=1', '--branch', 'pull-1-merge', `file://${repo.dir}`, shallow);
    expect((await inspectWorktree(shallow, feature, git)).relation).toBe('merge-of-head');
  });

  it('counts uncommitted and untracked .py files under the scan root only', async () => {
    const { repo, feature } = twoBranches();
    repo.write({ 'app/util.py': 'def f():\n    return 3\n', 'app/notes.txt': 'y\n', 'lib/other.py': 'x = 9\n', 'app/new/fresh.py': 'y = 1\n' });
    writeFileSync(join(repo.dir, '.gitignore'), 'ignored.py\n');
    mkdirSync(join(repo.dir, 'app'), { recursive: true });
    writeFileSync(join(repo.dir, 'app', 'ignored.py'), 'z = 1\n');
    const state = await inspectWorktree(join(repo.dir, 'app'), feature, git);
    expect(state).toEqual({ relation: 'head', worktreeHead: feature, dirtyPython: ['app/new/fresh.py', 'app/util.py'] });
    expect(worktreeWarning(state, 'HEAD', feature)).toBe(
      "2 .py files have uncommitted changes (app/new/fresh.py, app/util.py): changes are listed from head, but the code shown is the working tree's; commit them to have them listed as changes",
    );
  });

  it('knows nothing outside a repository', async () => {
    expect(await inspectWorktree(makeTempDir('repodigest-diff-nogit-'), 'a'.repeat(40), git)).toEqual({ relation: 'unknown', dirtyPython: [] });
  });
});
