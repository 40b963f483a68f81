import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileAtRevision, runGitDefault } from '../../src/diff/gitDiff.js';
import { collectPrChanges, type PrChanges, workingTreeReader } from '../../src/diff/prChanges.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';
import { githubEntries, pagedListFiles } from './githubEntries.js';
import { buildPrRepo, type PrRepo } from './prRepo.js';

let parser: PythonParser;
let pr: PrRepo;
let viaGit: PrChanges;
beforeAll(async () => {
  parser = await loadPythonParser();
  pr = buildPrRepo();
  viaGit = await collectPrChanges(pr.repo.dir, pr.base, pr.head, parser);
}, 60_000);
afterAll(() => {
  pr.repo.cleanup();
  removeTempDirs();
});

const summary = (r: PrChanges) => r.changed.map((c) => `${c.change} ${c.id} ${c.file}:${c.lines[0]}-${c.lines[1]}`);

// The edits and why each line is expected are written next to them in prRepo.ts.
// Renames are the old file removed and the new one added (ids follow paths, and importers of the old
// module break): edit_me.py -> pkg/edited.py and old_name.py -> new_name.py.
const EXPECTED = [
  'modified dir with space.mod ule.spaced dir with space/mod ule.py:1-2',
  'removed edit_me edit_me.py:1-22',
  'removed edit_me.a edit_me.py:1-2',
  'removed edit_me.b edit_me.py:5-6',
  'removed edit_me.c edit_me.py:9-10',
  'removed edit_me.d edit_me.py:13-14',
  'removed edit_me.e edit_me.py:17-18',
  'removed edit_me.f edit_me.py:21-22',
  'removed gone gone.py:1-2',
  'removed gone.gone gone.py:1-2',
  'modified nest.outer.inner nest.py:2-3',
  'modified nest.K nest.py:7-11',
  'added nest.L.added nest.py:18-19',
  'added new_name new_name.py:1-2',
  'added new_name.moved new_name.py:1-2',
  'removed old_name old_name.py:1-2',
  'removed old_name.moved old_name.py:1-2',
  'added pkg.edited pkg/edited.py:1-18',
  'added pkg.edited.a pkg/edited.py:1-2',
  'added pkg.edited.b pkg/edited.py:5-6',
  'added pkg.edited.d pkg/edited.py:9-10',
  'added pkg.edited.e pkg/edited.py:13-14',
  'added pkg.edited.f pkg/edited.py:17-18',
  'added pkg.extra pkg/extra.py:1-5',
  'added pkg.extra.extra pkg/extra.py:4-5',
  'modified pkg.shapes pkg/shapes.py:1-23',
  'modified pkg.shapes.Circle.area pkg/shapes.py:11-12',
  'removed pkg.shapes.legacy pkg/shapes.py:22-23',
  'added pkg.shapes.square pkg/shapes.py:22-23',
];

describe('collectPrChanges from local git', () => {
  it('reports exactly the symbols the PR added, modified and removed', () => {
    expect(summary(viaGit)).toEqual(EXPECTED);
    expect(viaGit.changed.find((c) => c.id === 'nest.L.added')).toEqual({ id: 'nest.L.added', file: 'nest.py', name: 'L.added', kind: 'method', change: 'added', lines: [18, 19] });
  });

  it('diffs from the merge base: main-only commits and their line shifts do not leak in', () => {
    expect(viaGit.mergeBase).toBe(pr.forkPoint);
    expect(viaGit.files.map((f) => f.path)).not.toContain('main_only.py');
  });

  it('keeps removed symbols from base, renamed files under their old ids', () => {
    expect(viaGit.removedSymbols.map((s) => [s.id, s.file, s.module, s.parent])).toEqual([
      ['edit_me', 'edit_me.py', 'edit_me', undefined],
      ...['a', 'b', 'c', 'd', 'e', 'f'].map((n) => [`edit_me.${n}`, 'edit_me.py', 'edit_me', 'edit_me']),
      ['gone', 'gone.py', 'gone', undefined],
      ['gone.gone', 'gone.py', 'gone', 'gone'],
      ['old_name', 'old_name.py', 'old_name', undefined],
      ['old_name.moved', 'old_name.py', 'old_name', 'old_name'],
      ['pkg.shapes.legacy', 'pkg/shapes.py', 'pkg.shapes', 'pkg.shapes'],
    ]);
    expect(viaGit.removedSymbols.find((s) => s.id === 'pkg.shapes.legacy')?.full).toBe('def legacy():\n    return unit().area()');
  });

  it('lists non-Python files as changed but not analysed; a rename is a removal plus an addition', () => {
    expect(viaGit.nonPython).toEqual(['data/logo.bin', 'docs/readme.txt']);
    expect(viaGit.files.filter((f) => f.path.endsWith('_name.py'))).toEqual([
      { status: 'added', path: 'new_name.py', isPython: true, oldLines: [], newLines: [[1, 2]] },
      { status: 'removed', path: 'old_name.py', isPython: true, oldLines: [[1, 2]], newLines: [] },
    ]);
    expect(viaGit).toMatchObject({ source: 'git', incomplete: false, notes: [], scanPrefix: '', outside: [] });
  });

  it('is deterministic', async () => {
    const again = await collectPrChanges(pr.repo.dir, pr.base, pr.head, parser);
    expect(JSON.stringify(again)).toBe(JSON.stringify(viaGit));
  });

  it('notes a Python file too large to analyse instead of failing', async () => {
    const small = await collectPrChanges(pr.repo.dir, pr.base, pr.head, parser, undefined, { maxFileBytes: 250 });
    // shapes.py is 295 bytes in base and 292 in head; nest.py stays under the limit.
    expect(small.notes).toEqual(
      expect.arrayContaining(['pkg/shapes.py: base version larger than 250 bytes, not analysed', 'pkg/shapes.py: head version larger than 250 bytes, not analysed']),
    );
    expect(small.changed.some((c) => c.file === 'pkg/shapes.py')).toBe(false);
    expect(small.changed.some((c) => c.id === 'nest.outer.inner')).toBe(true);
  });
});

describe('collectPrChanges falling back to the GitHub API', () => {
  /** The head tree checked out without .git, so git cannot answer. */
  function checkoutWithoutGit(): string {
    const dir = makeTempDir('repodigest-diff-nogit-');
    pr.repo.git('checkout', '-q', pr.head);
    cpSync(pr.repo.dir, dir, { recursive: true, filter: (src) => !src.includes(`${join(pr.repo.dir, '.git')}`) });
    pr.repo.git('checkout', '-q', 'main');
    return dir;
  }

  it('with base versions supplied, finds the same symbols as git', async () => {
    const dir = checkoutWithoutGit();
    const entries = githubEntries(pr.repo, pr.forkPoint, pr.head);
    const { listFiles, pages } = pagedListFiles(entries);
    const readBase = (path: string) => readFileAtRevision(pr.repo.dir, pr.forkPoint, path);
    const viaApi = await collectPrChanges(dir, pr.base, pr.head, parser, {
      git: { runGit: runGitDefault },
      extract: extractFile,
      apiFallback: { listFiles, readBase, expectedFiles: entries.length },
    });
    rmSync(dir, { recursive: true, force: true });
    expect(pages).toEqual([1]);
    expect(summary(viaApi)).toEqual(EXPECTED);
    expect(viaApi.source).toBe('api');
    expect(viaApi.incomplete).toBe(true);
    expect(viaApi.notes[0]).toMatch(/^git could not answer \(.*not a git repository/);
  });

  it('without base versions, reports head-side changes as modified and says removals are unknown', async () => {
    const dir = checkoutWithoutGit();
    const { listFiles } = pagedListFiles(githubEntries(pr.repo, pr.forkPoint, pr.head));
    const viaApi = await collectPrChanges(dir, pr.base, pr.head, parser, { git: { runGit: runGitDefault }, extract: extractFile, apiFallback: { listFiles } });
    rmSync(dir, { recursive: true, force: true });
    expect(viaApi.changed.some((c) => c.change === 'removed')).toBe(false);
    expect(summary(viaApi)).toContain('modified pkg.shapes.Circle.area pkg/shapes.py:11-12');
    expect(summary(viaApi)).toContain('added pkg.extra.extra pkg/extra.py:4-5');
    expect(viaApi.notes).toContain('base versions unavailable: removed symbols are unknown and added ones are reported as modified');
  });

  it('without an API fallback, the git error reaches the caller', async () => {
    await expect(collectPrChanges(makeTempDir('repodigest-diff-nogit-'), 'a', 'b', parser)).rejects.toThrow(/not a git repository/);
  });
});

describe('workingTreeReader', () => {
  it('reads files inside the checkout only: no "..", no absolute paths, no symlinks out', async () => {
    const outside = makeTempDir('repodigest-diff-outside-');
    writeFileSync(join(outside, 'secret.py'), 'TOKEN = "s3cret"\n');
    const root = makeTempDir('repodigest-diff-tree-');
    mkdirSync(join(root, 'pkg'));
    writeFileSync(join(root, 'pkg', 'a.py'), 'a = 1\n');
    symlinkSync(join(outside, 'secret.py'), join(root, 'pkg', 'leak.py'));
    symlinkSync('a.py', join(root, 'pkg', 'inner.py'));
    const read = workingTreeReader(root);
    expect((await read('pkg/a.py'))?.toString()).toBe('a = 1\n');
    expect((await read('pkg/inner.py'))?.toString()).toBe('a = 1\n');
    expect(await read('pkg/leak.py')).toBeNull();
    expect(await read(`../${outside.split('/').at(-1)}/secret.py`)).toBeNull();
    expect(await read(join(outside, 'secret.py'))).toBeNull();
    expect(await read('pkg/missing.py')).toBeNull();
  });
});
