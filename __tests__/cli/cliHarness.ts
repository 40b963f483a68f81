// Runs the real CLI in-process (argv in; stdout, stderr and exit code out) over real files.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { preparePr } from '../../src/pr/prepare.js';
import { makeRepo } from '../support/testRepo.js';

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
  const repo = makeRepo();
  cpSync(sampleRepo, repo.dir, { recursive: true });
  repo.commit('base');
  repo.git('apply', join(repoRoot, 'examples', 'shop-pr.patch'));
  repo.commit('head');
  return repo.dir;
}

/** A new git repository whose base commit holds `base` and whose head commit writes `head` over it. */
export function repoOverTwoCommits(base: Record<string, string>, head: Record<string, string>): ReturnType<typeof makeRepo> {
  const repo = makeRepo();
  repo.write(base);
  repo.commit('base');
  repo.write(head);
  repo.commit('head');
  return repo;
}

/**
 * `pr` over a new git repository whose base commit holds `base` and whose head commit writes `head` over
 * it (`--base HEAD~1` and `args`); a run that does not exit 0 fails the test with its stderr.
 */
export async function prOverTwoCommits(base: Record<string, string>, head: Record<string, string>, ...args: string[]): Promise<CliRun> {
  const repo = repoOverTwoCommits(base, head);
  const run = await cli('pr', repo.dir, '--base', 'HEAD~1', ...args);
  if (run.code !== 0) throw new Error(`pr exited ${run.code}: ${run.stderr}`);
  return run;
}

/** A repository whose head commit follows `base` with `head` written over it: the PR prepared in process, its plain `git diff -U3` and that diff's tokens. */
export async function preparedOverTwoCommits(base: Record<string, string>, head: Record<string, string>) {
  const repo = makeRepo();
  repo.write(base);
  repo.commit('base');
  repo.write(head);
  repo.commit('head');
  const diff = repo.git('diff', '-U3', 'HEAD~1', 'HEAD');
  const prepared = await preparePr({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD' });
  return { repo, prepared, diff, diffTokens: createTokenCounter('o200k_base').count(diff) };
}
