import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiscoverDeps } from '../../src/files/discover.js';
import { defaultDiscoverDeps, discoverPythonFiles } from '../../src/files/discover.js';
import { formatError, RepoDigestError } from '../../src/shared/errors.js';
import { errnoError, link, runningAsRoot, tempDir, writeTree } from './tempTree.js';

const realDeps: DiscoverDeps = defaultDiscoverDeps;

describe('discoverPythonFiles: basics', () => {
  it('tells the count of Python files found as it finds them', async () => {
    const root = tempDir();
    writeTree(root, { 'a.py': '', 'pkg/b.py': '', 'pkg/sub/c.py': '', 'README.md': '' });
    const counts: number[] = [];
    const result = await discoverPythonFiles(root, { onFound: (n) => counts.push(n) });
    expect(counts).toEqual([1, 2, 3]);
    expect(result.python).toHaveLength(3);
  });

  it('lists .py files as sorted POSIX paths relative to the root, by plain string order', async () => {
    const root = tempDir();
    writeTree(root, {
      'pkg/__init__.py': '',
      'pkg/mod.py': 'x = 1\n',
      'pkg.py': '',
      'B.py': '',
      'a.py': '',
      'pkg/sub/deep.py': '',
      'README.md': '# not python\n',
      'pkg/data.pyc': 'binary-ish',
      'pkg/stub.pyi': '',
      'venv.py': '',
    });
    const result = await discoverPythonFiles(root);
    // 'B' < 'a' and '.' < '/' in code-unit order.
    expect(result.python).toEqual(['B.py', 'a.py', 'pkg.py', 'pkg/__init__.py', 'pkg/mod.py', 'pkg/sub/deep.py', 'venv.py']);
    expect(result.skipped).toEqual([]);
  });

  it('returns empty lists for an empty directory and for one without Python', async () => {
    expect(await discoverPythonFiles(tempDir())).toEqual({ python: [], skipped: [] });
    const root = tempDir();
    writeTree(root, { 'notes.txt': 'hi', 'docs/index.md': '#' });
    expect(await discoverPythonFiles(root)).toEqual({ python: [], skipped: [] });
  });

  it('throws a one-line RepoDigestError naming a missing root and a remedy', async () => {
    const missing = path.join(tempDir(), 'nope');
    const err = await discoverPythonFiles(missing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RepoDigestError);
    const e = err as RepoDigestError;
    expect(e.problem).toBe(`scan root '${missing}' does not exist`);
    expect(e.remedy).toBeTruthy();
    expect(e.exitCode).toBe(1);
    expect(formatError(e, true)).toBe(`error: scan root '${missing}' does not exist (${e.remedy})`);
  });

  it('throws when the root is a file', async () => {
    const root = tempDir();
    writeTree(root, { 'one.py': '' });
    const file = path.join(root, 'one.py');
    await expect(discoverPythonFiles(file)).rejects.toThrow(`scan root '${file}' is not a directory`);
    const err = (await discoverPythonFiles(file).catch((e: unknown) => e)) as RepoDigestError;
    expect(err.remedy).toMatch(/directory/);
  });

  it('walks a 600-level-deep tree iteratively', async () => {
    const root = tempDir();
    const parts = Array.from({ length: 600 }, () => 'd');
    writeTree(root, { [`${parts.join('/')}/bottom.py`]: '', 'top.py': '' });
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual([`${parts.join('/')}/bottom.py`, 'top.py']);
  });

  // 2,000 files by default keeps the suite quick; REPODIGEST_DISCOVER_FILES=20000 reproduces the figure at
  // the top of discover.ts (the timing is printed, never asserted: it depends on the machine's load).
  const bigTreeFiles = Number(process.env.REPODIGEST_DISCOVER_FILES ?? 2000);
  it(`finds every file of a ${bigTreeFiles}-file tree, deterministically`, async () => {
    const root = tempDir();
    const expected: string[] = [];
    for (let dirIndex = 0; expected.length < bigTreeFiles; dirIndex++) {
      const rel = `p${dirIndex % 20}/s${Math.floor(dirIndex / 20)}`;
      fs.mkdirSync(path.join(root, rel), { recursive: true });
      for (let c = 0; c < 10 && expected.length < bigTreeFiles; c++) {
        fs.writeFileSync(path.join(root, rel, `m${c}.py`), '');
        expected.push(`${rel}/m${c}.py`);
      }
    }
    const times: number[] = [];
    let first: Awaited<ReturnType<typeof discoverPythonFiles>> | undefined;
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const result = await discoverPythonFiles(root);
      times.push(performance.now() - started);
      if (first) expect(result).toEqual(first);
      first = result;
    }
    const median = times.sort((a, b) => a - b)[2] ?? NaN;
    console.log(`discover: ${bigTreeFiles} files, median of 5 runs ${median.toFixed(0)} ms`);
    expect(first?.python).toEqual(expected.sort());
    expect(first?.skipped).toEqual([]);
  });
});

describe('discoverPythonFiles: skipped directories', () => {
  it('never enters built-in skipped directories or virtualenvs (pyvenv.cfg) below the root', async () => {
    const root = tempDir();
    const files: Record<string, string> = { 'app.py': '' };
    for (const name of ['.git', 'node_modules', '__pycache__', '.tox', '.nox', '.mypy_cache', '.pytest_cache', '.venv', 'venv']) {
      files[`${name}/inner.py`] = '';
      files[`pkg/${name}/nested.py`] = '';
    }
    files['env/pyvenv.cfg'] = 'home = /usr/bin\n';
    files['env/lib/python3.12/site-packages/six.py'] = '';
    files['pkg/keep.py'] = '';
    writeTree(root, files);
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['app.py', 'pkg/keep.py']);
    expect(result.skipped).toEqual([]);
  });

  it('still scans a root that is itself a virtualenv', async () => {
    const root = tempDir();
    writeTree(root, { 'pyvenv.cfg': '', 'tool.py': '' });
    expect((await discoverPythonFiles(root)).python).toEqual(['tool.py']);
  });
});

describe('discoverPythonFiles: .gitignore', () => {
  function gitignoreTree(): string {
    const root = tempDir();
    writeTree(root, {
      '.gitignore': ['*.gen.py', 'build/', '/top_only.py', 'secret_*.py', '!secret_ok.py', '!build/rescued.py', ''].join('\n'),
      'main.py': '',
      'top_only.py': '',
      'x.gen.py': '',
      'secret_key.py': '',
      'secret_ok.py': '',
      'build/out.py': '',
      'build/rescued.py': '',
      'local.py': '',
      'pkg/.gitignore': ['local.py', '/anchored.py', '!keep.gen.py', 'cache/', ''].join('\n'),
      'pkg/top_only.py': '',
      'pkg/local.py': '',
      'pkg/anchored.py': '',
      'pkg/keep.gen.py': '',
      'pkg/drop.gen.py': '',
      'pkg/cache/c.py': '',
      'pkg/sub/anchored.py': '',
      'pkg/sub/local.py': '',
      'pkg/sub/build/b.py': '',
      'pkg/sub/ok.py': '',
    });
    return root;
  }

  it('applies root and nested rules relative to their directory, with negation', async () => {
    const result = await discoverPythonFiles(gitignoreTree());
    expect(result.python).toEqual([
      'local.py', // pkg/.gitignore's `local.py` applies only below pkg/
      'main.py',
      'pkg/keep.gen.py', // re-included by pkg/.gitignore; pkg/anchored.py is ignored
      'pkg/sub/anchored.py', // `/anchored.py` is anchored to pkg/
      'pkg/sub/ok.py',
      'pkg/top_only.py', // `/top_only.py` is anchored to the root
      'secret_ok.py',
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('agrees with git itself on the same tree', async () => {
    const root = gitignoreTree();
    execFileSync('git', ['init', '-q'], { cwd: root });
    const gitListed = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((p) => p.endsWith('.py'))
      .sort();
    expect((await discoverPythonFiles(root)).python).toEqual(gitListed);
  });

  it('reports an unreadable .gitignore instead of silently ignoring it', async () => {
    const root = gitignoreTree();
    const deps: DiscoverDeps = {
      ...realDeps,
      readFile: (file) => {
        if (file === path.join(root, 'pkg', '.gitignore')) throw errnoError('EACCES', 'open', file);
        return realDeps.readFile(file);
      },
    };
    const result = await discoverPythonFiles(root, {}, deps);
    expect(result.skipped).toEqual([
      { path: 'pkg/.gitignore', reason: 'unreadable .gitignore (EACCES): its rules were not applied' },
    ]);
    expect(result.python).toContain('pkg/local.py');
  });
});

describe('discoverPythonFiles: include and exclude', () => {
  function tree(): string {
    const root = tempDir();
    writeTree(root, {
      'src/app/core.py': '',
      'src/app/test_core.py': '',
      'src/.hidden/h.py': '',
      'tests/test_x.py': '',
      'setup.py': '',
    });
    return root;
  }

  it('include narrows to matching paths (dot files included)', async () => {
    expect((await discoverPythonFiles(tree(), { include: ['src/**'] })).python).toEqual([
      'src/.hidden/h.py',
      'src/app/core.py',
      'src/app/test_core.py',
    ]);
  });

  it('does not report a broken .py link the user excluded', async () => {
    const root = tree();
    link(root, 'tests/gone.py', 'missing.py');
    expect((await discoverPythonFiles(root, { exclude: ['tests/**'] })).skipped).toEqual([]);
    expect((await discoverPythonFiles(root)).skipped).toEqual([{ path: 'tests/gone.py', reason: 'broken symlink (target does not exist)' }]);
  });

  it('does not report a broken link named like a non-Python file (vendored assets)', async () => {
    const root = tree();
    link(root, 'static/jquery.js', 'missing/jquery.js');
    link(root, 'pkg_link', 'missing_dir');
    expect((await discoverPythonFiles(root)).skipped).toEqual([{ path: 'pkg_link', reason: 'broken symlink (target does not exist)' }]);
  });

  it('exclude removes matching paths and wins over include', async () => {
    const root = tree();
    expect((await discoverPythonFiles(root, { exclude: ['**/test_*.py'] })).python).toEqual([
      'setup.py',
      'src/.hidden/h.py',
      'src/app/core.py',
    ]);
    expect((await discoverPythonFiles(root, { include: ['src/**', 'setup.py'], exclude: ['src/app/**'] })).python).toEqual([
      'setup.py',
      'src/.hidden/h.py',
    ]);
    expect((await discoverPythonFiles(root, { include: [], exclude: [] })).python).toHaveLength(5);
  });
});

describe('discoverPythonFiles: symlinks', () => {
  it('lists a file reached through an inside link once, under its real path', async () => {
    const root = tempDir();
    writeTree(root, { 'pkg/real.py': '' });
    link(root, 'alias.py', 'pkg/real.py');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['pkg/real.py']);
    expect(result.skipped).toEqual([{ path: 'alias.py', reason: 'duplicate: symlink to pkg/real.py, already listed' }]);
  });

  it('lists a file link whose target is not itself a .py path', async () => {
    const root = tempDir();
    writeTree(root, { 'impl/source.txt': 'x = 1\n' });
    link(root, 'shim.py', 'impl/source.txt');
    expect(await discoverPythonFiles(root)).toEqual({ python: ['shim.py'], skipped: [] });
  });

  it('prefers the real directory over a link that sorts before it', async () => {
    const root = tempDir();
    writeTree(root, { 'zreal/m.py': '', 'zreal/inner/n.py': '' });
    link(root, 'alink', 'zreal');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['zreal/inner/n.py', 'zreal/m.py']);
    expect(result.skipped).toEqual([{ path: 'alink', reason: 'duplicate: symlink to directory zreal, already scanned' }]);
  });

  it('reports a link to a nested real directory as a duplicate', async () => {
    const root = tempDir();
    writeTree(root, { 'lib/pkg/m.py': '' });
    link(root, 'shortcut', 'lib/pkg');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['lib/pkg/m.py']);
    expect(result.skipped).toEqual([{ path: 'shortcut', reason: 'duplicate: symlink to directory lib/pkg, already scanned' }]);
  });

  it('follows an inside link whose target the walk did not reach, listing files under the link path', async () => {
    // `locked` cannot be listed (EACCES injected at the readdir boundary), but its subdirectory can, and
    // `view` links to it: the files are listed once, under view/, including through a nested link.
    const root = tempDir();
    writeTree(root, { 'locked/pkg/m.py': '', 'locked/pkg/sub/n.py': '', 'other/o.py': '' });
    link(root, 'view', 'locked/pkg');
    link(root, 'locked/pkg/more', '../../other');
    const locked = path.join(root, 'locked');
    const deps: DiscoverDeps = {
      ...realDeps,
      readdir: (dir) => {
        if (dir === locked) throw errnoError('EACCES', 'scandir', dir);
        return realDeps.readdir(dir);
      },
    };
    const result = await discoverPythonFiles(root, {}, deps);
    expect(result.python).toEqual(['other/o.py', 'view/m.py', 'view/sub/n.py']);
    expect(result.skipped).toEqual([
      { path: 'locked', reason: 'unreadable directory (EACCES)' },
      { path: 'view/more', reason: 'duplicate: symlink to directory other, already scanned' },
    ]);
  });

  it('lists a subtree reached through two links once', async () => {
    // Neither target is reached by the walk (`locked` cannot be listed); `a` (followed first) covers
    // locked/pkg/sub, so `b`, covering locked/pkg, must not list sub/ again.
    const root = tempDir();
    writeTree(root, { 'locked/pkg/p.py': '', 'locked/pkg/sub/s.py': '' });
    link(root, 'a', 'locked/pkg/sub');
    link(root, 'b', 'locked/pkg');
    const locked = path.join(root, 'locked');
    const deps: DiscoverDeps = {
      ...realDeps,
      readdir: (dir) => {
        if (dir === locked) throw errnoError('EACCES', 'scandir', dir);
        return realDeps.readdir(dir);
      },
    };
    const result = await discoverPythonFiles(root, {}, deps);
    expect(result.python).toEqual(['a/s.py', 'b/p.py']);
    expect(result.skipped).toEqual([
      { path: 'b/sub', reason: 'duplicate: directory locked/pkg/sub, already scanned' },
      { path: 'locked', reason: 'unreadable directory (EACCES)' },
    ]);
  });

  it('refuses loops to an ancestor and to the root', async () => {
    const root = tempDir();
    writeTree(root, { 'pkg/sub/m.py': '' });
    link(root, 'pkg/sub/up', '..');
    link(root, 'pkg/root_again', '..');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['pkg/sub/m.py']);
    expect(result.skipped).toEqual([
      { path: 'pkg/root_again', reason: 'symlink loop (points to its ancestor .)' },
      { path: 'pkg/sub/up', reason: 'symlink loop (points to its ancestor pkg)' },
    ]);
  });

  it('reports links pointing outside the root (directory and .py file) and never lists their files', async () => {
    const outside = tempDir('repodigest-outside-');
    writeTree(outside, { 'ext/lib.py': '', 'single.py': '', 'notes.txt': '' });
    const root = tempDir();
    writeTree(root, { 'main.py': '' });
    link(root, 'ext', path.join(outside, 'ext'));
    link(root, 'vendored.py', path.join(outside, 'single.py'));
    link(root, 'NOTES', path.join(outside, 'notes.txt')); // not Python: neither listed nor reported
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['main.py']);
    expect(result.skipped).toEqual([
      { path: 'ext', reason: 'symlink points outside the scan root' },
      { path: 'vendored.py', reason: 'symlink points outside the scan root' },
    ]);
  });

  it('reports broken links and self-referencing links', async () => {
    const root = tempDir();
    writeTree(root, { 'ok.py': '' });
    link(root, 'gone.py', 'missing.py');
    link(root, 'gone_dir', 'nowhere');
    link(root, 'self.py', 'self.py');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['ok.py']);
    expect(result.skipped).toEqual([
      { path: 'gone.py', reason: 'broken symlink (target does not exist)' },
      { path: 'gone_dir', reason: 'broken symlink (target does not exist)' },
      { path: 'self.py', reason: 'symlink loop (link resolves to itself)' },
    ]);
  });

  it('refuses links into directories the scan skips (virtualenv, gitignored)', async () => {
    const root = tempDir();
    writeTree(root, {
      '.gitignore': 'build/\n',
      '.venv/lib/site/dep.py': '',
      'build/lib/gen.py': '',
      'app.py': '',
    });
    link(root, 'deps', '.venv/lib/site');
    link(root, 'gen', 'build/lib');
    link(root, 'dep.py', '.venv/lib/site/dep.py');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['app.py']);
    expect(result.skipped).toEqual([
      { path: 'dep.py', reason: 'symlink target is inside skipped directory .venv' },
      { path: 'deps', reason: 'symlink target is inside skipped directory .venv' },
      { path: 'gen', reason: 'symlink target is inside skipped directory build' },
    ]);
  });

  it('scans through a symlinked root, with paths relative to the root as given', async () => {
    const real = tempDir();
    writeTree(real, { 'pkg/m.py': '' });
    const holder = tempDir();
    const root = path.join(holder, 'checkout');
    fs.symlinkSync(real, root);
    expect(await discoverPythonFiles(root)).toEqual({ python: ['pkg/m.py'], skipped: [] });
  });

  it('applies include/exclude to the link path', async () => {
    const root = tempDir();
    writeTree(root, { 'impl/x.txt': '' });
    link(root, 'tests/shim.py', '../impl/x.txt');
    expect((await discoverPythonFiles(root, { exclude: ['tests/**'] })).python).toEqual([]);
    expect((await discoverPythonFiles(root)).python).toEqual(['tests/shim.py']);
  });
});

describe('discoverPythonFiles: entries that cannot be read', () => {
  // Tests run as root here, and root reads a chmod-000 directory anyway, so the EACCES path is driven by a
  // readdir fake at the fs boundary (everything else is the real tree). The real chmod test runs only
  // when the suite runs as an ordinary user.
  it('reports an unreadable directory and keeps going (injected EACCES)', async () => {
    const root = tempDir();
    writeTree(root, { 'a.py': '', 'locked/secret.py': '', 'open/b.py': '' });
    const locked = path.join(root, 'locked');
    const deps: DiscoverDeps = {
      ...realDeps,
      readdir: (dir) => {
        if (dir === locked) throw errnoError('EACCES', 'scandir', dir);
        return realDeps.readdir(dir);
      },
    };
    const result = await discoverPythonFiles(root, {}, deps);
    expect(result.python).toEqual(['a.py', 'open/b.py']);
    expect(result.skipped).toEqual([{ path: 'locked', reason: 'unreadable directory (EACCES)' }]);
  });

  it.runIf(!runningAsRoot)('reports a chmod-000 directory (real, non-root only)', async () => {
    const root = tempDir();
    writeTree(root, { 'a.py': '', 'locked/secret.py': '' });
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    try {
      const result = await discoverPythonFiles(root);
      expect(result.python).toEqual(['a.py']);
      expect(result.skipped).toEqual([{ path: 'locked', reason: 'unreadable directory (EACCES)' }]);
    } finally {
      fs.chmodSync(path.join(root, 'locked'), 0o755);
    }
  });

  it('reports a *.py entry that is not a regular file (a real FIFO)', async () => {
    const root = tempDir();
    writeTree(root, { 'a.py': '' });
    execFileSync('mkfifo', [path.join(root, 'pipe.py')]);
    execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
    link(root, 'pipe_link.py', 'pipe.py');
    const result = await discoverPythonFiles(root);
    expect(result.python).toEqual(['a.py']);
    expect(result.skipped).toEqual([
      { path: 'pipe.py', reason: 'not a regular file' },
      { path: 'pipe_link.py', reason: 'not a regular file' },
    ]);
  });

  it('throws (one line, with remedy) when the root itself cannot be listed', async () => {
    const root = tempDir();
    const deps: DiscoverDeps = {
      ...realDeps,
      readdir: (dir) => {
        throw errnoError('EACCES', 'scandir', dir);
      },
    };
    const err = (await discoverPythonFiles(root, {}, deps).catch((e: unknown) => e)) as RepoDigestError;
    expect(err).toBeInstanceOf(RepoDigestError);
    expect(formatError(err, false)).toBe(`error: scan root '${root}' cannot be read (EACCES) (check its permissions)`);
  });
});
