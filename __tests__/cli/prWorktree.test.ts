// The changes come from git at --head, the code from the working tree: when those differ the digest
// says so, and the changed table points at the code it shows (GitHub's merge checkout).
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { cli } from './cliHarness.js';
import { monorepoPr, UTIL_BASE, UTIL_HEAD } from './prScenario.js';

afterAll(removeTempDirs);

interface Packed {
  id: string;
  startLine: number;
  endLine: number;
}

describe('repodigest pr when the working tree is not --head', () => {
  test('warns once on stderr and notes it in the digest; no duplicate-definition skip; absent symbols named', async () => {
    const { repo, main } = monorepoPr();
    // feature also drops legacy_hash, which main's tree still defines.
    repo.write({ 'app/util.py': UTIL_HEAD.replace('def legacy_hash(x):\n    return hash(x)\n\n\n', '') });
    const feature = repo.commit('drop legacy_hash');
    repo.git('checkout', '-q', 'main');
    const run = await cli('pr', repo.dir, '--base', 'main', '--head', 'feature');
    expect(run.code, run.stderr).toBe(0);
    const warning = `the working tree is at ${main.slice(0, 7)}, not at head 'feature' (${feature.slice(0, 7)}): changes are listed from head, but the code shown is the working tree's; run \`git checkout feature\` for a digest of head's code`;
    expect(run.stderr.split('\n').filter((l) => l.startsWith('warning:'))).toEqual([`warning: ${warning}`]);
    expect(run.stderr).not.toContain('also defined by');
    expect(run.stderr).toContain('note: 1 changed symbol is not in the analysed code and not packed: app.util.added_fn');
    // In the digest, as the first note (markdown-escaped).
    expect(run.stdout).toMatch(/\n> the working tree is at [0-9a-f]{7}, not at head 'feature' \\\([0-9a-f]{7}\\\)\\: changes are listed from head/);
    expect(run.stdout).toContain('> 1 changed symbol is not in the analysed code and not packed\\: app.util.added\\_fn');
  });

  test('warns about uncommitted .py changes under the scan root, and the table points at the code shown', async () => {
    const { repo } = monorepoPr();
    repo.write({ 'app/util.py': `"""Utilities."""\n\n\n${UTIL_HEAD}` });
    const run = await cli('pr', join(repo.dir, 'app'), '--base', 'main', '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('warning: 1 .py file has uncommitted changes (app/util.py): changes are listed from head, but the code shown is the working tree\'s');
    const body = JSON.parse(run.stdout);
    const normalize = body.packed.find((p: Packed) => p.id === 'util.normalize') as Packed;
    expect([normalize.startLine, normalize.endLine]).toEqual([4, 5]);
    expect(body.content).toContain('| `util.normalize` | modified | `util.py:4-5` |');
  });

  test("is silent on GitHub's merge checkout, and the changed table takes the merge's line numbers", async () => {
    const { repo, feature } = monorepoPr();
    repo.git('checkout', '-q', 'main');
    // main moves on: three lines above normalize, so head's line numbers are off by three in the merge.
    repo.write({ 'app/util.py': `"""Utilities."""\n\n\n${UTIL_BASE}` });
    const baseTip = repo.commit('main: module docstring');
    repo.git('checkout', '-q', '--detach');
    repo.git('merge', '-q', '--no-ff', '-m', 'Merge feature into main (refs/pull/1/merge)', feature);
    expect(repo.git('rev-parse', 'HEAD^2')).toBe(feature);
    // What the Action runs on pull_request: base and head SHAs from the event, the merge checked out.
    const run = await cli('pr', join(repo.dir, 'app'), '--base', baseTip, '--head', feature, '--format', 'json');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('warning:');
    const body = JSON.parse(run.stdout);
    const spans = Object.fromEntries(body.packed.map((p: Packed) => [p.id, `${p.startLine}-${p.endLine}`]));
    expect(spans['util.normalize']).toBe('4-5');
    expect(spans['util.added_fn']).toBe('12-13');
    expect(body.content).toContain('| `util.normalize` | modified | `util.py:4-5` |');
    expect(body.content).toContain('| `util.added_fn` | added | `util.py:12-13` |');
    expect(body.content).toContain('### `normalize` (function, full) — lines 4-5');
  });
});
