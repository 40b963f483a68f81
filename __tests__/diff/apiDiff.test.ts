import { describe, expect, it } from 'vitest';
import { API_MAX_FILES, convertApiEntry, diffFromApi } from '../../src/diff/apiDiff.js';
import { DIFF_ENTRY_SCHEMA, entry, pagedListFiles } from './githubEntries.js';

const PATCH = '@@ -1,4 +1,5 @@ import os\n import os\n-X = 1\n+X = 2\n+Y = 3\n \n def f():';

describe('GitHub-shaped fixtures', () => {
  it('carry every field the diff-entry schema requires, with statuses from its enum', () => {
    const sample = entry('a.py', 'modified', { patch: PATCH });
    for (const field of DIFF_ENTRY_SCHEMA.required) expect(sample).toHaveProperty(field);
    expect(DIFF_ENTRY_SCHEMA.properties.status?.enum).toEqual(['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged']);
  });
});

describe('convertApiEntry', () => {
  it('maps every GitHub status onto the four git statuses', () => {
    const statuses = ['added', 'removed', 'modified', 'renamed', 'copied', 'changed', 'unchanged'].map(
      (status) => convertApiEntry(entry('x.py', status, status === 'renamed' || status === 'copied' ? { previous_filename: 'old.py' } : {})).change.status,
    );
    expect(statuses).toEqual(['added', 'removed', 'modified', 'renamed', 'added', 'modified', 'modified']);
  });

  it('reads lines from the patch (context lines included)', () => {
    expect(convertApiEntry(entry('a.py', 'modified', { patch: PATCH, additions: 2, deletions: 1, changes: 3 }))).toEqual({
      change: { status: 'modified', path: 'a.py', isPython: true, oldLines: [[2, 2]], newLines: [[2, 3]] },
      missingPatch: false,
    });
  });

  it('a modified file without a patch has unknown lines; a pure rename or a binary file does not', () => {
    expect(convertApiEntry(entry('big.py', 'modified', { additions: 9000, deletions: 10, changes: 9010 }))).toMatchObject({ change: { linesUnknown: true }, missingPatch: true });
    expect(convertApiEntry(entry('new.py', 'renamed', { previous_filename: 'old.py' }))).toEqual({
      change: { status: 'renamed', path: 'new.py', oldPath: 'old.py', isPython: true, oldLines: [], newLines: [] },
      missingPatch: false,
    });
    expect(convertApiEntry(entry('logo.png', 'modified')).missingPatch).toBe(false);
  });
});

describe('diffFromApi', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => entry(`src/f${String(i).padStart(4, '0')}.py`, 'modified', { patch: '@@ -1 +1 @@\n-a\n+b', additions: 1, deletions: 1, changes: 2 }));

  it('pages by 100 and stops at the first short page', async () => {
    const { listFiles, pages } = pagedListFiles(many(250));
    const result = await diffFromApi(listFiles);
    expect(pages).toEqual([1, 2, 3]);
    expect(result.files).toHaveLength(250);
    expect(result.incomplete).toBe(false);
    expect(result.reasons).toEqual([]);
  });

  it('asks once more after an exactly full page, and gets an empty one', async () => {
    const { listFiles, pages } = pagedListFiles(many(100));
    expect((await diffFromApi(listFiles)).files).toHaveLength(100);
    expect(pages).toEqual([1, 2]);
  });

  it('stops at GitHub\'s 3000-file cap and says the result is incomplete', async () => {
    const { listFiles, pages } = pagedListFiles(many(3200));
    const result = await diffFromApi(listFiles, { expectedFiles: 3200 });
    expect(pages).toHaveLength(API_MAX_FILES / 100);
    expect(result.files).toHaveLength(3000);
    expect(result.incomplete).toBe(true);
    expect(result.reasons).toEqual(['GitHub lists at most 3000 files of a pull request; files beyond that are not analysed']);
  });

  it('compares against changed_files from the event payload', async () => {
    const { listFiles } = pagedListFiles(many(5));
    expect((await diffFromApi(listFiles, { expectedFiles: 7 })).reasons).toEqual(['GitHub listed 5 of 7 changed files']);
  });

  it('marks Python files without a patch, sorted, and ignores non-Python ones', async () => {
    const { listFiles } = pagedListFiles([
      entry('z.py', 'modified', { changes: 40000 }),
      entry('assets/logo.png', 'modified'),
      entry('a.py', 'modified', { changes: 40000 }),
      entry('ok.py', 'added', { changes: 3 }),
    ]);
    const result = await diffFromApi(listFiles);
    expect(result.files.map((f) => f.path)).toEqual(['a.py', 'assets/logo.png', 'ok.py', 'z.py']);
    expect(result.incomplete).toBe(true);
    expect(result.reasons).toEqual(['GitHub sent no patch (diff too large) for 2 Python file(s), so every symbol in them counts as changed: a.py, z.py']);
  });
});

describe('diffFromApi renames', () => {
  it('splits a rename into the old file removed and the new one added, with or without a patch', async () => {
    const renamed = [
      entry('app/reporting.py', 'renamed', { previous_filename: 'app/reports.py' }),
      entry('app/moved.py', 'renamed', { previous_filename: 'app/was.py', patch: PATCH, changes: 3 }),
    ];
    const { listFiles } = pagedListFiles(renamed);
    const result = await diffFromApi(listFiles);
    expect(result.files).toEqual([
      { status: 'added', path: 'app/moved.py', isPython: true, oldLines: [], newLines: [] },
      { status: 'added', path: 'app/reporting.py', isPython: true, oldLines: [], newLines: [] },
      { status: 'removed', path: 'app/reports.py', isPython: true, oldLines: [], newLines: [] },
      { status: 'removed', path: 'app/was.py', isPython: true, oldLines: [], newLines: [] },
    ]);
    // Whole files change: no "no patch" reason for a renamed file with edits.
    expect(result).toMatchObject({ incomplete: false, reasons: [] });
  });

  it('lets an entry of its own win over the removal a rename implies (a new file took the old name)', async () => {
    const { listFiles } = pagedListFiles([entry('b.py', 'renamed', { previous_filename: 'a.py' }), entry('a.py', 'added', { patch: '@@ -0,0 +1 @@\n+x = 1' })]);
    const { files } = await diffFromApi(listFiles);
    expect(files.map((f) => `${f.status} ${f.path}`)).toEqual(['added a.py', 'added b.py']);
  });
});
