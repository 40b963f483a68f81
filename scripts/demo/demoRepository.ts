// The sample pull request as a throwaway git repository: examples/shop committed as the base, then
// examples/shop-pr.patch as the head, with a fixed author, dates and messages, so the commit ids (and so
// the digest's header) are the same on every machine. `npm run demo` (scripts/demo/demo.ts) digests it; the
// tests that must see exactly the README's sample digest build it here too.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_TITLE = 'Cap discounts and add a loyalty discount';

/** Fills the empty folder `dir` with the sample PR's two commits (HEAD~1 base, HEAD head). */
export function makeDemoRepository(dir: string): void {
  const git = (...args: string[]): void => {
    execFileSync('git', ['-c', 'user.name=RepoDigest Demo', '-c', 'user.email=demo@example.invalid', '-c', 'commit.gpgsign=false', ...args], {
      cwd: dir,
      // No user or system git config, and fixed dates: the same commit ids everywhere.
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  };
  cpSync(join(repoRoot, 'examples', 'shop'), dir, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'shop: base');
  git('apply', join(repoRoot, 'examples', 'shop-pr.patch'));
  git('add', '-A');
  git('commit', '-q', '-m', 'pricing: cap discounts, add loyalty discount; drop legacy_round');
}
