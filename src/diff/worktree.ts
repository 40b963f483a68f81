// Does the working tree hold the code of the PR's head? (I/O through deps.)
//
// Decisions:
// - The digest's changed symbols come from git at head, its code from the working tree (the index is
//   the checkout). When the two differ, the digest would show old bodies under "modified" and miss
//   added functions. We do not fail: the CLI cannot offer an override flag from here, and a dirty tree
//   is the normal state while working on a change. Instead the mismatch is stated once, as a warning
//   line on stderr (CLI) and a note in the digest, naming what to check out.
// - Three states are fine and silent: HEAD is head; HEAD is a merge commit whose second parent is head
//   (GitHub's pull_request checkout, refs/pull/N/merge); the API fallback without git (nothing to ask).
// - Uncommitted changes count only for .py files under the scan root (tracked edits and untracked
//   files, `git status` honouring .gitignore): they are what the index reads.
import { namedList } from '../shared/plural.js';
import type { GitDeps, GitResult } from './gitDiff.js';

export type WorktreeRelation = 'head' | 'merge-of-head' | 'other' | 'unknown';

export interface WorktreeState {
  relation: WorktreeRelation;
  /** The working tree's HEAD commit, when git knows it. */
  worktreeHead?: string;
  /** Repository paths of .py files under the scan root with uncommitted changes, sorted. */
  dirtyPython: string[];
}

const NAMED_DIRTY = 5;

async function revParse(repoDir: string, rev: string, deps: GitDeps): Promise<string | null> {
  const r = await deps.runGit(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], repoDir);
  return r.code === 0 ? r.stdout.toString('utf8').trim() : null;
}

/**
 * A commit's parents as its object records them. Not `rev-parse HEAD^2`: in a shallow checkout (the
 * Action's default depth 1) the merge commit is a graft with no parents, but its object still names them.
 */
async function parentsOf(repoDir: string, commit: string, deps: GitDeps): Promise<string[]> {
  const r = await deps.runGit(['cat-file', 'commit', commit], repoDir);
  if (r.code !== 0) return [];
  const header = r.stdout.toString('utf8').split('\n\n')[0] ?? '';
  return header
    .split('\n')
    .filter((line) => line.startsWith('parent '))
    .map((line) => line.slice('parent '.length).trim());
}

/**
 * `git status` of the scan root, as inspectWorktree reads it. Started on its own, early, through a run's
 * memoised git (pr/runMemo.ts), it runs while other work goes on and inspectWorktree gets its answer.
 */
export function worktreeStatus(repoDir: string, deps: GitDeps): Promise<GitResult> {
  // `-- .` limits status to the scan root (git runs in it); -z paths are repository-relative, unquoted.
  return deps.runGit(['status', '--porcelain=v1', '-z', '--no-renames', '--untracked-files=all', '--', '.'], repoDir);
}

/** How the working tree at repoDir relates to `headSha` (a full SHA); `knownHead` is its HEAD when the caller has it from git already. */
export async function inspectWorktree(repoDir: string, headSha: string, deps: GitDeps, knownHead?: string): Promise<WorktreeState> {
  const worktreeHead = knownHead ?? (await revParse(repoDir, 'HEAD', deps));
  if (worktreeHead === null) return { relation: 'unknown', dirtyPython: [] };
  let relation: WorktreeRelation = 'other';
  if (worktreeHead === headSha) relation = 'head';
  else if ((await parentsOf(repoDir, worktreeHead, deps))[1] === headSha) relation = 'merge-of-head';
  const status = await worktreeStatus(repoDir, deps);
  const dirtyPython =
    status.code === 0
      ? status.stdout
          .toString('utf8')
          .split('\0')
          .filter((entry) => entry.length > 3)
          .map((entry) => entry.slice(3))
          .filter((path) => path.endsWith('.py'))
          .sort()
      : [];
  return { relation, worktreeHead, dirtyPython: [...new Set(dirtyPython)] };
}

function short(sha: string): string {
  return sha.slice(0, 7);
}

/**
 * The one warning for a working tree that is not head, or undefined when it is (or is GitHub's merge
 * of head). `head` is the revision as the user named it.
 */
export function worktreeWarning(state: WorktreeState, head: string, headSha: string): string | undefined {
  const parts: string[] = [];
  if (state.relation === 'other' && state.worktreeHead !== undefined) {
    parts.push(`the working tree is at ${short(state.worktreeHead)}, not at head '${head}' (${short(headSha)})`);
  }
  if (state.dirtyPython.length > 0) {
    parts.push(`${state.dirtyPython.length} .py file${state.dirtyPython.length === 1 ? ' has' : 's have'} uncommitted changes (${namedList(state.dirtyPython, NAMED_DIRTY)})`);
  }
  if (parts.length === 0) return undefined;
  const fix = state.relation === 'other' ? `; run \`git checkout ${head}\` for a digest of head's code` : '; commit them to have them listed as changes';
  return `${parts.join(' and ')}: changes are listed from head, but the code shown is the working tree's${fix}`;
}
