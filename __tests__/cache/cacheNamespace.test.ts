// The cache namespace follows the code that runs (src/cache/cacheKey.ts codeIdentity): two builds that
// differ in one byte never read each other's entries, whether per-file records or call graphs, so a
// changed extractor or resolver is never served its predecessor's results. Real bundles (dist/ as built,
// and a copy with one comment line more), real processes, one cache folder.

import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { codeIdentity } from '../../src/cache/cacheKey.js';
import { repoRoot, sampleRepo } from '../cli/cliHarness.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

function bundleCopy(edit?: string): string {
  const dir = makeTempDir('repodigest-bundle-');
  cpSync(join(repoRoot, 'dist'), dir, { recursive: true, filter: (src) => !src.includes(`${join('dist', 'types')}`) });
  if (edit !== undefined) appendFileSync(join(dir, 'cli.js'), edit);
  return join(dir, 'cli.js');
}

function graphWith(cli: string, cacheDir: string): string {
  return execFileSync(process.execPath, [cli, 'graph', sampleRepo, '--format', 'json', '--quiet', '--cache-dir', cacheDir], { encoding: 'utf8' });
}

describe('the cache namespace follows the code', () => {
  test('from source: a sha256 of the files under src/', () => {
    expect(codeIdentity()).toMatch(/^[0-9a-f]{64}$/);
  });

  test('two bundles one byte apart use two namespace folders; each reuses its own', () => {
    const built = bundleCopy();
    const changed = bundleCopy('\n// one line more\n');
    const cacheDir = makeTempDir('repodigest-cache-');
    const first = graphWith(built, cacheDir);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(graphWith(changed, cacheDir)).toBe(first);
    const namespaces = readdirSync(cacheDir).sort();
    expect(namespaces).toHaveLength(2);
    for (const ns of namespaces) expect(readdirSync(join(cacheDir, ns))).toContain('graphs');
    expect(graphWith(built, cacheDir)).toBe(first);
    expect(readdirSync(cacheDir).sort()).toEqual(namespaces);
  });
});
