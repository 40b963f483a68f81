// The npm package a user installs: `npm pack` of this repository, installed into an empty folder with
// no registry at hand (the bundles are self-contained, so the package has no dependencies), and its
// `repodigest` bin run on a real git repository.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GitRepo } from '../support/gitRepo.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('the npm package', () => {
  it('installs without a registry and its bin digests a change', () => {
    const packDir = makeTempDir('repodigest-pack-');
    const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', packDir], { cwd: repoRoot, encoding: 'utf8' }).trim().split('\n').pop()!;
    expect(readdirSync(packDir)).toEqual([tarball]);
    const listed = execFileSync('tar', ['-tzf', join(packDir, tarball)], { encoding: 'utf8' }).split('\n');
    expect(listed).toContain('package/dist/cli.js');
    expect(listed.filter((f) => f.startsWith('package/src/') || f.startsWith('package/__tests__/'))).toEqual([]);

    const app = makeTempDir('repodigest-install-');
    writeFileSync(join(app, 'package.json'), '{"name":"consumer","private":true}\n');
    const install = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(packDir, tarball)], { cwd: app, encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);

    const repo = new GitRepo();
    repo.commit('base', { 'pkg/core.py': 'def f(x):\n    return x\n', 'pkg/use.py': 'from pkg.core import f\n\n\ndef g():\n    return f(1)\n' });
    repo.commit('change', { 'pkg/core.py': 'def f(x, y):\n    return x + y\n' });
    const run = spawnSync(join(app, 'node_modules', '.bin', 'repodigest'), ['pr', repo.dir, '--base', 'HEAD~1', '--budget', '3000', '--no-cache'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('# RepoDigest: pull request context');
    expect(run.stdout).toContain('pkg.core.f');
    expect(run.stdout).toMatch(/likely broken: `pkg\/use\.py:5`/);
  }, 120_000);
});
