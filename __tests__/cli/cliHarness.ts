// Runs the real CLI in-process (argv in; stdout, stderr and exit code out) over real files.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sampleRepo = join(repoRoot, 'examples', 'shop');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function cli(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

export function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'repodigest-cli-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A git repository holding the sample project (base commit) and the demo PR (head commit). */
export function samplePrRepository(): string {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-pr-'));
  cpSync(sampleRepo, dir, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      env: { ...process.env, GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('apply', join(repoRoot, 'examples', 'shop-pr.patch'));
  git('add', '-A');
  git('commit', '-q', '-m', 'head');
  return dir;
}
