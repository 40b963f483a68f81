// The base a `pr` run compares with when none is given, as `gh pr create` and most review tools
// guess it: the remote's default branch (`origin/HEAD`), else a `main` or `master` branch, remote
// first. The pipeline then diffs from the merge base with head, so a feature branch gets its own
// changes only. Returns undefined when none of them exists.
import { type GitRunner, runGitDefault } from './gitDiff.js';

const CANDIDATES = ['origin/HEAD', 'origin/main', 'origin/master', 'main', 'master'] as const;

export async function defaultBase(repoDir: string, runGit: GitRunner = runGitDefault): Promise<string | undefined> {
  for (const ref of CANDIDATES) {
    const found = await runGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], repoDir);
    if (found.code === 0) return ref;
  }
  return undefined;
}
