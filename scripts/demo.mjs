// `npm run demo`: the main job on the shipped sample. Builds a throwaway git repository from
// examples/shop (base commit) plus examples/shop-pr.patch (head commit), then runs the bundled CLI's
// `repodigest pr` on it, exactly as a user would. Extra arguments go to the CLI (e.g. --format json).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'repodigest-demo-'));
const git = (...args) =>
  execFileSync('git', ['-c', 'user.name=RepoDigest Demo', '-c', 'user.email=demo@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
    cwd: work,
    // Fixed dates make the commit ids, and so the digest header, the same on every run.
    env: { ...process.env, GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
try {
  cpSync(join(repoRoot, 'examples', 'shop'), work, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'shop: base');
  git('apply', join(repoRoot, 'examples', 'shop-pr.patch'));
  git('add', '-A');
  git('commit', '-q', '-m', 'pricing: cap discounts, add loyalty discount; drop legacy_round');
  const cli = join(repoRoot, 'dist', 'cli.js');
  const args = ['pr', work, '--base', 'HEAD~1', '--head', 'HEAD', '--budget', '3000', '--title', 'Cap discounts and add a loyalty discount', ...process.argv.slice(2)];
  const run = spawnSync(process.execPath, [cli, ...args], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
