import { chmodSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePatchHunks, parseUnifiedDiff, unquoteCPath } from '../../src/diff/hunks.js';
import { makeRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

const repos: TestRepo[] = [];
afterAll(() => {
  repos.forEach((r) => r.cleanup());
  removeTempDirs();
});

/** Real `git diff` output between two commits, with the pinned flags gitDiff.ts uses. */
function realDiff(repo: TestRepo, from: string, to: string, ...extra: string[]): string {
  return `${repo.git('-c', 'core.quotePath=true', 'diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/', ...extra, from, to)}\n`;
}

describe('parseUnifiedDiff on real git output', () => {
  const repo = makeRepo();
  repos.push(repo);
  repo.write({
    'mod.py': 'def f():\n    return 1\n\n\ndef g():\n    return 2\n',
    'dir x/a b.py': 'def spaced():\n    return 1\n',
    'é ü.py': 'def accent():\n    return 1\n',
    'tab\there.py': 'x = 1\n',
    'bin.dat': Buffer.from([0, 1, 2, 3]),
    'nonl.txt': 'line\n',
    'sql.txt': 'keep\n-- comment\n++ plus\nend\n',
    'gone.py': 'def gone():\n    pass\n',
    'mode.sh': 'echo hi\n',
  });
  const base = repo.commit('base');
  repo.write({
    'mod.py': 'def f():\n    return 10\n\n\ndef g():\n    return 2\n\n\ndef h():\n    return 3\n',
    'dir x/a b.py': 'def spaced():\n    return 2\n',
    'tab\there.py': 'x = 2\n',
    'bin.dat': Buffer.from([0, 9, 9, 9]),
    'nonl.txt': 'line',
    'sql.txt': 'keep\n--- new\nend\n',
    'new file.py': 'def fresh():\n    return 1\n',
  });
  repo.git('mv', 'é ü.py', 'ö new.py');
  repo.remove('gone.py');
  chmodSync(join(repo.dir, 'mode.sh'), 0o755);
  const head = repo.commit('head');
  const files = parseUnifiedDiff(realDiff(repo, base, head, '-U0', '-M'));
  const byPath = new Map(files.map((f) => [f.path, f]));

  it('lists every changed file once, sorted by path', () => {
    expect(files.map((f) => f.path)).toEqual(['bin.dat', 'dir x/a b.py', 'gone.py', 'mod.py', 'mode.sh', 'new file.py', 'nonl.txt', 'sql.txt', 'tab\there.py', 'ö new.py']);
  });

  it('reads modified lines, additions after the end, and pure additions', () => {
    expect(byPath.get('mod.py')).toEqual({ status: 'modified', path: 'mod.py', isPython: true, oldLines: [[2, 2]], newLines: [[2, 2], [7, 10]], blankNewLines: [[7, 8]] });
  });

  it('handles paths with spaces (git appends a TAB to such --- / +++ names)', () => {
    expect(byPath.get('dir x/a b.py')).toMatchObject({ status: 'modified', oldLines: [[2, 2]], newLines: [[2, 2]] });
    expect(byPath.get('new file.py')).toMatchObject({ status: 'added', isPython: true, oldLines: [], newLines: [[1, 2]] });
  });

  it('decodes C-quoted names: octal UTF-8 bytes and escapes', () => {
    expect(byPath.get('ö new.py')).toEqual({ status: 'renamed', path: 'ö new.py', oldPath: 'é ü.py', isPython: true, oldLines: [], newLines: [] });
    expect(byPath.get('tab\there.py')).toMatchObject({ status: 'modified', oldLines: [[1, 1]], newLines: [[1, 1]] });
  });

  it('marks binary files, removed files and mode-only changes', () => {
    expect(byPath.get('bin.dat')).toEqual({ status: 'modified', path: 'bin.dat', isPython: false, oldLines: [], newLines: [], binary: true });
    expect(byPath.get('gone.py')).toMatchObject({ status: 'removed', oldLines: [[1, 2]], newLines: [] });
    expect(byPath.get('mode.sh')).toEqual({ status: 'modified', path: 'mode.sh', isPython: false, oldLines: [], newLines: [] });
  });

  it('ignores "\\ No newline at end of file" markers', () => {
    expect(byPath.get('nonl.txt')).toMatchObject({ oldLines: [[1, 1]], newLines: [[1, 1]] });
  });

  it('reads hunk bodies by count, so removed "-- x" lines (printed "--- x") are not headers', () => {
    expect(byPath.get('sql.txt')).toMatchObject({ status: 'modified', oldLines: [[2, 3]], newLines: [[2, 2]] });
  });

  it('gives the same line sets with 3 lines of context as with none', () => {
    const withContext = parseUnifiedDiff(realDiff(repo, base, head, '-U3', '-M'));
    const strip = (fs: typeof files) => fs.map((f) => [f.path, f.oldLines, f.newLines]);
    expect(strip(withContext)).toEqual(strip(files));
  });

  it('without rename detection a rename is a removal plus an addition', () => {
    const noRenames = parseUnifiedDiff(realDiff(repo, base, head, '-U0', '--no-renames'));
    expect(noRenames.filter((f) => f.path.endsWith('.py') && /[éö]/.test(f.path)).map((f) => [f.status, f.path])).toEqual([
      ['removed', 'é ü.py'],
      ['added', 'ö new.py'],
    ]);
  });
});

describe('type changes', () => {
  it('a file replaced by a symlink is one modified file, all old lines removed and all new lines added', () => {
    const repo = makeRepo();
    repos.push(repo);
    repo.write({ 'a.py': 'def f():\n    return 1\n', 't.py': 'x = 1\n' });
    const base = repo.commit('file');
    repo.remove('a.py');
    symlinkSync('t.py', join(repo.dir, 'a.py'));
    const head = repo.commit('symlink');
    expect(parseUnifiedDiff(realDiff(repo, base, head, '-U0', '-M'))).toEqual([
      { status: 'modified', path: 'a.py', isPython: true, oldLines: [[1, 2]], newLines: [[1, 1]] },
    ]);
  });
});

describe('parsePatchHunks (GitHub patch fields)', () => {
  it('tracks context lines and a hunk header with function context', () => {
    const patch = '@@ -1,4 +1,5 @@ def f():\n def f():\n-    return 1\n+    x = 2\n+    return x\n \n \n@@ -10,2 +11,0 @@ class C:\n-    a = 1\n-    b = 2\n\\ No newline at end of file';
    expect(parsePatchHunks(patch)).toEqual({ oldLines: [[2, 2], [10, 11]], newLines: [[2, 3]], blankOldLines: [], blankNewLines: [] });
  });

  it('a header without counts means one line', () => {
    expect(parsePatchHunks('@@ -3 +3 @@\n-a\n+b\n')).toMatchObject({ oldLines: [[3, 3]], newLines: [[3, 3]] });
  });
});

describe('unquoteCPath', () => {
  it('decodes escapes and octal UTF-8 sequences', () => {
    expect(unquoteCPath('"a\\tb\\"c\\\\d\\303\\251"').value).toBe('a\tb"c\\dé');
  });
  it('rejects an unterminated name', () => {
    expect(() => unquoteCPath('"abc')).toThrow(/Unterminated/);
  });
});
