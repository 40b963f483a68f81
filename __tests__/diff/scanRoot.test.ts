import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runGitDefault } from '../../src/diff/gitDiff.js';
import type { FileChange } from '../../src/diff/hunks.js';
import { outsideNote, scanPrefixOf, scopeChanges } from '../../src/diff/scanRoot.js';
import { makeRepo, makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const git = { runGit: runGitDefault };
const change = (path: string, extra: Partial<FileChange> = {}): FileChange => ({
  status: 'modified',
  path,
  isPython: path.endsWith('.py'),
  oldLines: [[1, 1]],
  newLines: [[1, 1]],
  ...extra,
});

describe('scanPrefixOf', () => {
  it('is the scan root relative to the top level, through symlinks on either side', async () => {
    const repo = makeRepo();
    mkdirSync(join(repo.dir, 'services', 'app'), { recursive: true });
    expect(await scanPrefixOf(repo.dir, git)).toBe('');
    expect(await scanPrefixOf(join(repo.dir, 'services', 'app'), git)).toBe('services/app');
    // A link to the folder from outside the repository (as /tmp -> /private/tmp on macOS).
    const link = join(makeTempDir('repodigest-diff-link-'), 'app-link');
    symlinkSync(join(realpathSync(repo.dir), 'services', 'app'), link);
    expect(await scanPrefixOf(link, git)).toBe('services/app');
  });

  it('is null outside a work tree', async () => {
    expect(await scanPrefixOf(makeTempDir('repodigest-diff-nogit-'), git)).toBeNull();
  });
});

describe('scopeChanges', () => {
  it('re-expresses paths under the scan root and sets the rest aside, sorted and once each', () => {
    const scoped = scopeChanges([change('app/util.py'), change('README.md'), change('lib/z.py'), change('application.py'), change('app/sub/m.py')], 'app');
    expect(scoped.inside.map((c) => c.path)).toEqual(['util.py', 'sub/m.py']);
    expect(scoped.outside).toEqual(['README.md', 'application.py', 'lib/z.py']);
  });

  it('keeps everything when the scan root is the top level', () => {
    const files = [change('a.py'), change('b/c.py')];
    expect(scopeChanges(files, '')).toEqual({ inside: files, outside: [] });
  });

  it('turns a move across the boundary into the half that the scan root sees', () => {
    const movedIn = change('app/new.py', { status: 'renamed', oldPath: 'lib/old.py' });
    const movedOut = change('lib/gone.py', { status: 'renamed', oldPath: 'app/gone.py' });
    const scoped = scopeChanges([movedIn, movedOut], 'app');
    expect(scoped.inside).toEqual([
      { status: 'added', path: 'new.py', isPython: true, oldLines: [], newLines: [[1, 1]] },
      { status: 'removed', path: 'gone.py', isPython: true, oldLines: [[1, 1]], newLines: [] },
    ]);
    expect(scoped.outside).toEqual(['lib/gone.py', 'lib/old.py']);
  });
});

describe('outsideNote', () => {
  it('counts the files left out and names the first five', () => {
    expect(outsideNote([], 'app')).toBeUndefined();
    expect(outsideNote(['README.md'], 'app')).toBe('1 changed file lies outside the scanned folder app/ and is not analysed: README.md');
    const many = Array.from({ length: 7 }, (_, i) => `lib/m${i}.py`);
    expect(outsideNote(many, 'app')).toBe(
      '7 changed files lie outside the scanned folder app/ and are not analysed: lib/m0.py, lib/m1.py, lib/m2.py, lib/m3.py, lib/m4.py, … (2 more)',
    );
  });
});
