// `repodigest pr` on a folder inside the repository (the Action's `path: app`): changed files are seen
// from the scanned folder, and files outside it are named once in the notes.
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr } from './prScenario.js';

afterAll(removeTempDirs);

describe('repodigest pr on a subdirectory', () => {
  test('maps changed files onto the scanned folder: ids match the index, callers are found, code is packed', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--format', 'json', '--budget', '3000');
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.stdout);
    // The complete manifest: every changed symbol with its span, the head lines it adds and its diff.
    expect(body.changed).toEqual([
      {
        id: 'util.normalize',
        file: 'util.py',
        name: 'normalize',
        kind: 'function',
        change: 'modified',
        changeClass: 'behaviour',
        startLine: 1,
        endLine: 2,
        changedLines: [2],
        diff: '--- a/util.py\n+++ b/util.py\n@@ -1,2 +1,2 @@\n def normalize(x):\n-    return x.strip()\n+    return x.strip().lower()\n',
      },
      {
        id: 'util.added_fn',
        file: 'util.py',
        name: 'added_fn',
        kind: 'function',
        change: 'added',
        changeClass: 'added',
        startLine: 9,
        endLine: 10,
        changedLines: [9, 10],
        diff: '--- /dev/null\n+++ b/util.py\n@@ -0,0 +9,2 @@\n+def added_fn(y):\n+    return normalize(y)\n',
      },
    ]);
    expect(body.roots).toEqual(['util.normalize', 'util.added_fn']);
    const packed = body.packed.map((p: { id: string }) => p.id);
    expect(packed).toEqual(expect.arrayContaining(['util.normalize', 'util.added_fn', 'main.run', 'reports.report']));
    expect(body.content).toContain('| `util.normalize` | modified | `util.py:1-2` | 3 | 0 |');
    expect(body.content).toContain('-    return x.strip()\n+    return x.strip().lower()');
  });

  test('says once, in the digest and on stderr, which changed files lie outside the scanned folder', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'main');
    expect(run.code, run.stderr).toBe(0);
    const note = '2 changed files lie outside the scanned folder app/ and are not analysed';
    expect(run.stderr.split('\n').filter((l) => l.includes(note))).toEqual([`note: ${note}: README.md, lib/tool.py`]);
    // Once in the digest (markdown-escaped there).
    expect(run.stdout.split(note)).toHaveLength(2);
    expect(run.stdout).toContain('README.md, lib/tool.py');
    // Not listed as changed-but-not-Python: those are files inside the scan root only.
    expect(run.stdout).not.toContain('Changed but not analysed');
  });

  test('from the top level, the same PR lists every file and no outside note', async () => {
    const { repo } = monorepoPr();
    const run = await cli('pr', repo.dir, '--base', 'main', '--format', 'json');
    const body = JSON.parse(run.stdout);
    expect(body.changed.map((c: { id: string }) => c.id)).toEqual(['app.util.normalize', 'app.util.added_fn', 'lib.tool.tool']);
    expect(body.content).not.toContain('outside the scanned folder');
    expect(body.content).toContain('Changed but not analysed (not Python): `README.md`');
  });
});
