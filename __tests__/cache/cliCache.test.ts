// The CLI with the cache: a real git repository, `pr` and `graph` run cold, warm and with --no-cache
// give the same bytes; a damaged entry is one warning line and changes nothing else.

import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { blobId, cacheNamespace, entryName } from '../../src/cache/cacheKey.js';
import { cli, repoRoot, samplePrRepository } from '../cli/cliHarness.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

/** Per-file entries (the whole tree's call graph lives in `graphs/`, cache/graphCache.ts). */
function entries(dir: string): string[] {
  const home = join(dir, cacheNamespace());
  return readdirSync(home)
    .filter((sub) => sub !== 'graphs')
    .flatMap((sub) => readdirSync(join(home, sub)).map((f) => join(home, sub, f)));
}

function graphs(dir: string): string[] {
  const folder = join(dir, cacheNamespace(), 'graphs');
  return readdirSync(folder).map((f) => join(folder, f));
}

describe('repodigest with --cache-dir', () => {
  test('pr and graph: cold, warm and --no-cache outputs are identical byte for byte', async () => {
    const repo = samplePrRepository();
    const dir = makeTempDir('repodigest-cache-');
    for (const args of [
      ['pr', repo, '--base', 'HEAD~1', '--budget', '3000'],
      ['pr', repo, '--base', 'HEAD~1', '--budget', '3000', '--format', 'json'],
      ['graph', repo, '--format', 'json'],
    ]) {
      const uncached = await cli(...args, '--no-cache');
      const cold = await cli(...args, '--cache-dir', dir);
      const filled = entries(dir).map((f) => [f, statSync(f).mtimeMs] as const);
      const graphsFilled = graphs(dir).map((f) => [f, readFileSync(f, 'utf8')] as const);
      const warm = await cli(...args, '--cache-dir', dir);
      expect(uncached.code, uncached.stderr).toBe(0);
      expect(cold.stdout).toBe(uncached.stdout);
      expect(warm.stdout).toBe(uncached.stdout);
      expect(cold.stderr).toBe(uncached.stderr);
      expect(warm.stderr).toBe(uncached.stderr);
      // Warm: every entry was read, none rewritten.
      expect(filled.length).toBeGreaterThan(5);
      for (const [f, mtime] of filled) expect(statSync(f).mtimeMs, f).toBe(mtime);
      // The call graph was read, not resolved and rewritten: no new entry, the same bytes (a read touches its time, for eviction).
      expect(graphs(dir).map((f) => [f, readFileSync(f, 'utf8')])).toEqual(graphsFilled);
    }
    // The two pr runs resolve the same tree (the removed function put back into its file: one key); graph resolves it without it.
    expect(graphs(dir)).toHaveLength(2);
  });

  test('pr keeps the base versions of the changed files too, so a warm run extracts nothing', async () => {
    const repo = samplePrRepository();
    const dir = makeTempDir('repodigest-cache-');
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    const changed = git('diff', '--name-only', '--diff-filter=MD', 'HEAD~1', 'HEAD', '--', '*.py').split('\n').filter(Boolean);
    expect(changed.length).toBeGreaterThan(0);
    const treeFiles = git('ls-files', '--', '*.py').split('\n').filter(Boolean).length;
    const cold = await cli('pr', repo, '--base', 'HEAD~1', '--budget', '3000', '--cache-dir', dir);
    expect(cold.code, cold.stderr).toBe(0);
    const home = join(dir, cacheNamespace());
    for (const path of changed) {
      const base = git('show', `HEAD~1:${path}`);
      expect(statSync(join(home, entryName(path, blobId(base)))).isFile(), path).toBe(true);
    }
    expect(entries(dir)).toHaveLength(treeFiles + changed.length);
    expect(graphs(dir)).toHaveLength(1);
  });

  test('--no-cache writes nothing', async () => {
    const repo = samplePrRepository();
    const xdg = makeTempDir('repodigest-xdg-');
    const before = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = xdg;
    try {
      await cli('graph', repo, '--no-cache');
      expect(readdirSync(xdg)).toEqual([]);
      await cli('graph', repo);
      expect(readdirSync(join(xdg, 'repodigest'))).toEqual([cacheNamespace()]);
    } finally {
      if (before === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = before;
    }
  });

  test('a corrupted entry: one warning line, the same digest, and the entry is repaired', async () => {
    const repo = samplePrRepository();
    const dir = makeTempDir('repodigest-cache-');
    const args = ['pr', repo, '--base', 'HEAD~1', '--budget', '3000'];
    const cold = await cli(...args, '--cache-dir', dir);
    const victim = entries(dir)[0]!;
    const bytes = readFileSync(victim);
    writeFileSync(victim, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = await cli(...args, '--cache-dir', dir);
    expect(damaged.stdout).toBe(cold.stdout);
    const extra = damaged.stderr.split('\n').filter((l) => !cold.stderr.split('\n').includes(l));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatch(/^warning: cache entry for \S+\.py ignored: truncated \(\d+ of \d+ bytes\); extracted again$/);
    const repaired = await cli(...args, '--cache-dir', dir);
    expect(repaired.stderr).toBe(cold.stderr);
    expect(readFileSync(victim)).toEqual(bytes);
  });

  test('two processes filling one cache folder at once: both succeed with the same output, no temporary file is left', async () => {
    const repo = samplePrRepository();
    const dir = makeTempDir('repodigest-cache-');
    const run = () =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src/cli/bin.ts'), 'graph', repo, '--format', 'json', '--cache-dir', dir], { cwd: repoRoot });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      });
    const [a, b] = await Promise.all([run(), run()]);
    const uncached = await cli('graph', repo, '--format', 'json', '--no-cache');
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.stdout).toBe(uncached.stdout);
    expect(b.stdout).toBe(uncached.stdout);
    expect(a.stderr + b.stderr).not.toContain('cache');
    expect(entries(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    const warm = await cli('graph', repo, '--format', 'json', '--cache-dir', dir);
    expect(warm.stdout).toBe(uncached.stdout);
    expect(warm.stderr).toBe(uncached.stderr);
  }, 120_000);
});
