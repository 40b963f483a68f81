// The CLI's habits, as gh and ripgrep have them: the current folder by default, a base guessed from
// the remote's default branch (and said), examples in every help, a quiet exit when the reader of a
// pipe goes away, plain tables when not on a terminal, -v, and clear words for a repository without
// commits. Real processes where the habit is the process's own (cwd, pipes), in-process otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { packageVersion } from '../../src/shared/packageInfo.js';
import { GitRepo } from '../support/gitRepo.js';
import { makeTempDir, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsxLoader = join(repoRoot, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs');
const bin = join(repoRoot, 'src', 'cli', 'bin.ts');

async function cli(args: string[], terminal = false): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t), terminal });
  return { code, out, err };
}

function featureBranch(): GitRepo {
  const repo = new GitRepo();
  repo.git('checkout', '-q', '-b', 'main');
  repo.commit('base', { 'app/core.py': 'def f(x):\n    return x\n', 'app/use.py': 'from app.core import f\n\n\ndef g():\n    return f(1)\n' });
  repo.git('checkout', '-q', '-b', 'feature');
  repo.commit('change', { 'app/core.py': 'def f(x, y=0):\n    return x + y\n' });
  return repo;
}

describe('CLI habits', () => {
  it('digests the current folder when no path is given', () => {
    const repo = featureBranch();
    const run = spawnSync(process.execPath, ['--import', tsxLoader, bin, 'graph', '--format', 'json', '--no-cache'], { cwd: repo.dir, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { symbols: { id: string }[] }).symbols.map((s) => s.id)).toContain('app.core.f');
  });

  it('guesses the base from origin/HEAD, main or master, and says which', async () => {
    const repo = featureBranch();
    const run = await cli(['pr', repo.dir, '--format', 'json', '--no-cache']);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain('base: main (no --base given)\n');
    expect((JSON.parse(run.out) as { changed: { id: string }[] }).changed.map((c) => c.id)).toEqual(['app.core.f']);

    const lone = new GitRepo();
    lone.git('checkout', '-q', '-b', 'trunk');
    lone.commit('one', { 'a.py': 'x = 1\n' });
    const none = await cli(['pr', lone.dir, '--no-cache']);
    expect(none.code).toBe(2);
    expect(none.err).toBe('error: No --base given, and none of origin/HEAD, origin/main, origin/master, main or master exists (pass --base <rev>)\n');
  });

  it('says a repository without commits has no change, in one line', async () => {
    const dir = makeTempDir('repodigest-empty-');
    spawnSync('git', ['init', '-q'], { cwd: dir });
    const run = await cli(['pr', dir, '--base', 'HEAD~1', '--no-cache']);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/^error: '.*' is a git repository with no commits yet: there is no change to digest \(commit first; packing and the call graph need no history\)\n$/);
  });

  it('shows examples in every command help, and -v prints the version', async () => {
    for (const command of ['graph', 'search', 'pack', 'pr']) {
      const help = await cli([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.out, command).toMatch(new RegExp(`\\nExamples:\\n {2}\\$ repodigest ${command}`));
    }
    expect((await cli(['-v'])).out).toBe(`${packageVersion}\n`);
  });

  it('prints plain columns when stdout is not a terminal, box-drawn tables on one', async () => {
    const repo = featureBranch();
    const piped = await cli(['graph', repo.dir, '--no-cache']);
    expect(piped.out).not.toMatch(/[│┌─└]/);
    expect(piped.out).toMatch(/^module +file +classes +functions +methods\napp\.core +app\/core\.py +0 +1 +0\n/);
    expect(piped.out.split('\n').filter((l) => l !== l.trimEnd())).toEqual([]);
    const terminal = await cli(['graph', repo.dir, '--no-cache'], true);
    expect(terminal.out).toMatch(/┌─/);
  });

  it('exits quietly when the reader of its output goes away', async () => {
    // Output far larger than a pipe's buffer, so writes are still pending when the reader leaves.
    const dir = makeTempDir('repodigest-pipe-');
    const files = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`pkg/m${i}.py`, Array.from({ length: 8 }, (_, j) => `def f${j}(x):\n    return x + ${j}\n`).join('\n')]));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const child = spawn(process.execPath, ['--import', tsxLoader, bin, 'graph', dir, '--format', 'json', '--no-cache'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    // Like `| head -c 1`: take the first bytes, then close the pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(err).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  });
});
