import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  diffRevisions,
  type GitDeps,
  GitUnavailableError,
  listFilesAtRevision,
  readFileAtRevision,
  readFilesAtRevision,
  runGitDefault,
} from '../../src/diff/gitDiff.js';
import { ISOLATED_GIT_ENV, makeRepo, makeTempDir, openRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

const repos: TestRepo[] = [];
afterAll(() => {
  repos.forEach((r) => r.cleanup());
  removeTempDirs();
});

/** The real runner, recording every argument list (to see that a fetch was attempted). */
function recordingDeps(): GitDeps & { calls: string[][] } {
  const calls: string[][] = [];
  return { calls, runGit: (args, cwd, input) => (calls.push([...args]), runGitDefault(args, cwd, input)) };
}

/** main: base; feature branches off, changes util.py; main then moves on (changes other.py). */
function branchedRepo() {
  const repo = makeRepo();
  repos.push(repo);
  repo.write({ 'util.py': 'def a():\n    return 1\n', 'other.py': 'def b():\n    return 1\n' });
  const root = repo.commit('root');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write({ 'util.py': 'def a():\n    return 2\n' });
  const feature = repo.commit('feature');
  repo.git('checkout', '-q', 'main');
  repo.write({ 'other.py': 'def b():\n    return 99\n' });
  const main = repo.commit('main moves on');
  return { repo, root, feature, main };
}

describe('diffRevisions', () => {
  it('diffs merge-base(base, head)..head: base-branch commits after the fork are not the PR', async () => {
    const { repo, root, feature, main } = branchedRepo();
    const diff = await diffRevisions(repo.dir, main, feature);
    expect(diff.mergeBase).toBe(root);
    expect(diff.head).toBe(feature);
    expect(diff.fetched).toBe(false);
    expect(diff.files).toEqual([{ status: 'modified', path: 'util.py', isPython: true, oldLines: [[2, 2]], newLines: [[2, 2]] }]);
  });

  it('resolves merge base and head once: reading files at them afterwards asks git no rev-parse', async () => {
    const { repo, root, feature } = branchedRepo();
    const deps = recordingDeps();
    const diff = await diffRevisions(repo.dir, 'main', 'feature', deps);
    expect([diff.mergeBase, diff.head]).toEqual([root, feature]);
    const before = deps.calls.length;
    await readFilesAtRevision(repo.dir, diff.mergeBase, ['util.py'], deps);
    await readFilesAtRevision(repo.dir, diff.head, ['util.py'], deps);
    expect(deps.calls.slice(before).map((args) => args[0])).toEqual(['cat-file', 'cat-file']);
  });

  it('accepts ref names and resolves them to SHAs', async () => {
    const { repo, root, feature } = branchedRepo();
    const diff = await diffRevisions(repo.dir, 'main', 'feature');
    expect([diff.mergeBase, diff.head]).toEqual([root, feature]);
  });

  describe('under a hostile user git config', () => {
    const saved = process.env.GIT_CONFIG_GLOBAL;
    afterEach(() => {
      if (saved === undefined) delete process.env.GIT_CONFIG_GLOBAL;
      else process.env.GIT_CONFIG_GLOBAL = saved;
    });

    it('parses the same result (prefixes, colour, quoting, renames, external diff pinned)', async () => {
      const { repo, main } = branchedRepo();
      repo.write({ 'ü.py': 'x = 1\n' });
      repo.git('mv', 'other.py', 'sp ace.py');
      const head = repo.commit('unicode name, rename to a name with a space');
      const config = join(makeTempDir('repodigest-diff-gitconfig-'), 'gitconfig');
      writeFileSync(
        config,
        '[diff]\n\tnoprefix = true\n\tmnemonicPrefix = true\n\trenames = copies\n\texternal = /bin/false\n\trelative = true\n' +
          '[color]\n\tui = always\n\tdiff = always\n[core]\n\tquotePath = false\n\tpager = less\n',
      );
      process.env.GIT_CONFIG_GLOBAL = config;
      const hostile = await diffRevisions(repo.dir, main, head);
      // A rename is the old file removed and the new one added (ids follow paths), whatever diff.renames says.
      expect(hostile.files).toEqual([
        { status: 'removed', path: 'other.py', isPython: true, oldLines: [[1, 2]], newLines: [] },
        { status: 'added', path: 'sp ace.py', isPython: true, oldLines: [], newLines: [[1, 2]] },
        { status: 'added', path: 'ü.py', isPython: true, oldLines: [], newLines: [[1, 1]] },
      ]);
    });
  });

  it('fetches missing commits from origin once in a shallow clone, then diffs', async () => {
    const { repo: origin, root, feature, main } = branchedRepo();
    const clone = openRepo(makeTempDir('repodigest-diff-shallow-'));
    repos.push(clone);
    origin.git('clone', '-q', '--depth=1', '--branch', 'main', `file://${origin.dir}`, clone.dir);
    const deps = recordingDeps();
    const diff = await diffRevisions(clone.dir, main, feature, deps);
    expect(diff.fetched).toBe(true);
    expect(diff.mergeBase).toBe(root);
    expect(diff.files.map((f) => f.path)).toEqual(['util.py']);
    const fetches = deps.calls.filter((args) => args[0] === 'fetch');
    expect(fetches).toEqual([['fetch', '--no-tags', '--quiet', '--depth=200', 'origin', main, feature]]);
  });

  it('with fetchMissing false (the CLI) never touches origin, and says what is missing', async () => {
    const { repo: origin, feature, main } = branchedRepo();
    const clone = openRepo(makeTempDir('repodigest-diff-offline-'));
    repos.push(clone);
    origin.git('clone', '-q', '--depth=1', '--branch', 'main', `file://${origin.dir}`, clone.dir);
    const deps = recordingDeps();
    await expect(diffRevisions(clone.dir, main, feature, deps, { fetchMissing: false })).rejects.toThrow(`head '${feature}' was not found in the local repository`);
    expect(deps.calls.some((args) => args[0] === 'fetch')).toBe(false);
  });

  it('names an unknown base or head once, with what to do, and never fetches when offline', async () => {
    const { repo } = branchedRepo();
    const deps = recordingDeps();
    const base = await diffRevisions(repo.dir, 'nosuchbranch', 'HEAD', deps, { fetchMissing: false }).catch((e: unknown) => e);
    expect(base).toBeInstanceOf(GitUnavailableError);
    expect((base as GitUnavailableError).message).toMatch(/^base 'nosuchbranch' was not found in the local repository\b/);
    expect((base as GitUnavailableError).remedy).toBe('fetch it, or check the name');
    const both = await diffRevisions(repo.dir, 'nope1', 'nope2', deps, { fetchMissing: false }).catch((e: unknown) => e);
    expect((both as Error).message).toMatch(/^base 'nope1' and head 'nope2' were not found in the local repository\b/);
    expect(deps.calls.some((args) => args[0] === 'fetch')).toBe(false);
  });

  it('deepens a shallow clone that has both tips but not their merge base', async () => {
    const { repo: origin, root, feature, main } = branchedRepo();
    const clone = openRepo(makeTempDir('repodigest-diff-shallow-'));
    repos.push(clone);
    origin.git('clone', '-q', '--depth=1', '--no-single-branch', `file://${origin.dir}`, clone.dir);
    expect(clone.git('cat-file', '-t', feature)).toBe('commit');
    const deps = recordingDeps();
    const diff = await diffRevisions(clone.dir, main, feature, deps);
    expect([diff.fetched, diff.mergeBase]).toEqual([true, root]);
    expect(deps.calls.filter((args) => args[0] === 'fetch')).toHaveLength(1);
  });

  it('does not fetch when a full clone has two unrelated histories', async () => {
    const { repo, main } = branchedRepo();
    repo.git('checkout', '-q', '--orphan', 'unrelated');
    repo.write({ 'z.py': 'z = 1\n' });
    const orphan = repo.commit('unrelated root');
    const deps = recordingDeps();
    await expect(diffRevisions(repo.dir, main, orphan, deps)).rejects.toThrow(/share no history/);
    expect(deps.calls.some((args) => args[0] === 'fetch')).toBe(false);
  });

  it('throws GitUnavailableError after one failed fetch when origin lacks the commit', async () => {
    const { repo: origin, main } = branchedRepo();
    const clone = openRepo(makeTempDir('repodigest-diff-shallow-'));
    repos.push(clone);
    origin.git('clone', '-q', '--depth=1', '--branch', 'main', `file://${origin.dir}`, clone.dir);
    const deps = recordingDeps();
    const unknown = 'a'.repeat(40);
    const error = await diffRevisions(clone.dir, main, unknown, deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitUnavailableError);
    expect((error as Error).message).toContain(`head '${unknown}' not found`);
    expect(deps.calls.filter((args) => args[0] === 'fetch')).toHaveLength(1);
  });

  it('throws GitUnavailableError outside a repository, without fetching', async () => {
    const deps = recordingDeps();
    const error = await diffRevisions(makeTempDir('repodigest-diff-nogit-'), 'HEAD~1', 'HEAD', deps).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitUnavailableError);
    expect(deps.calls.some((args) => args[0] === 'fetch')).toBe(false);
  });

  it('refuses a revision that git would read as an option', async () => {
    const { repo } = branchedRepo();
    await expect(diffRevisions(repo.dir, '--output=/tmp/x', 'HEAD')).rejects.toThrow(/Invalid revision/);
  });
});

describe('readFileAtRevision and listFilesAtRevision', () => {
  const repo = makeRepo();
  repos.push(repo);
  const bytes = Buffer.from([0, 255, 10, 13, 10, 1]);
  repo.write({ 'dir with space/ä.py': 'x = 1\r\n', 'blob.bin': bytes, 'later.py': 'y = 1\n' });
  repo.remove('later.py');
  const first = repo.commit('first');
  repo.write({ 'later.py': 'y = 2\n' });
  const second = repo.commit('second');

  it('returns the exact bytes, untouched by line-ending conversion', async () => {
    expect(await readFileAtRevision(repo.dir, first, 'blob.bin')).toEqual(bytes);
    expect((await readFileAtRevision(repo.dir, first, 'dir with space/ä.py'))?.toString('utf8')).toBe('x = 1\r\n');
  });

  it('returns null for a path absent at that revision', async () => {
    expect(await readFileAtRevision(repo.dir, first, 'later.py')).toBeNull();
    expect((await readFileAtRevision(repo.dir, second, 'later.py'))?.toString()).toBe('y = 2\n');
  });

  it('throws GitUnavailableError for an unknown revision', async () => {
    await expect(readFileAtRevision(repo.dir, 'b'.repeat(40), 'later.py')).rejects.toBeInstanceOf(GitUnavailableError);
  });

  it('reads many files with one batch process: bytes, absent paths, directories, names with newlines', async () => {
    const deps = recordingDeps();
    repo.write({ 'new\nline.py': 'z = 1\n' });
    const third = repo.commit('third');
    const paths = ['blob.bin', 'later.py', 'missing.py', 'dir with space', 'dir with space/ä.py', 'new\nline.py'];
    const files = await readFilesAtRevision(repo.dir, third, paths, deps);
    expect([...files.keys()].sort()).toEqual([...paths].sort());
    expect(files.get('blob.bin')).toEqual(bytes);
    expect(files.get('later.py')?.toString()).toBe('y = 2\n');
    expect(files.get('dir with space/ä.py')?.toString()).toBe('x = 1\r\n');
    expect(files.get('new\nline.py')?.toString()).toBe('z = 1\n');
    expect(files.get('missing.py')).toBeNull();
    expect(files.get('dir with space')).toBeNull();
    expect(deps.calls.filter((args) => args[0] === 'cat-file' && args[1] === '--batch')).toHaveLength(1);
    await expect(readFilesAtRevision(repo.dir, 'c'.repeat(40), ['blob.bin'])).rejects.toBeInstanceOf(GitUnavailableError);
  });

  it('reads a file version once per run: a second read of the same paths spawns no git process', async () => {
    const deps = recordingDeps();
    const once = await readFilesAtRevision(repo.dir, second, ['later.py', 'blob.bin', 'missing.py'], deps);
    const before = deps.calls.length;
    const again = await readFilesAtRevision(repo.dir, second, ['missing.py', 'later.py'], deps);
    expect(deps.calls.slice(before)).toEqual([]);
    expect(again.get('later.py')).toEqual(once.get('later.py'));
    expect(again.get('missing.py')).toBeNull();
    expect([...again.keys()]).toEqual(['missing.py', 'later.py']);
    // A path not read yet is read, and only that one.
    const more = await readFilesAtRevision(repo.dir, second, ['later.py', 'dir with space/ä.py'], deps);
    expect(more.get('dir with space/ä.py')?.toString()).toBe('x = 1\r\n');
    expect(deps.calls.slice(before)).toHaveLength(1);
    // Another run (another deps object) asks git again.
    const other = recordingDeps();
    await readFilesAtRevision(repo.dir, second, ['later.py'], other);
    expect(other.calls.some((args) => args[0] === 'cat-file')).toBe(true);
  });

  it('lists the files of a revision, sorted', async () => {
    expect(await listFilesAtRevision(repo.dir, first)).toEqual(['blob.bin', 'dir with space/ä.py']);
    expect(await listFilesAtRevision(repo.dir, second)).toEqual(['blob.bin', 'dir with space/ä.py', 'later.py']);
  });
});

it('test repos are isolated from the machine git config', () => {
  expect(ISOLATED_GIT_ENV.GIT_CONFIG_GLOBAL).toBe('/dev/null');
});
