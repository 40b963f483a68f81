import type { GitDeps, GitResult } from './gitDiff.js';
export type WorktreeRelation = 'head' | 'merge-of-head' | 'other' | 'unknown';
export interface WorktreeState {
    relation: WorktreeRelation;
    /** The working tree's HEAD commit, when git knows it. */
    worktreeHead?: string;
    /** Repository paths of .py files under the scan root with uncommitted changes, sorted. */
    dirtyPython: string[];
}
/**
 * `git status` of the scan root, as inspectWorktree reads it. Started on its own, early, through a run's
 * memoised git (pr/runMemo.ts), it runs while other work goes on and inspectWorktree gets its answer.
 */
export declare function worktreeStatus(repoDir: string, deps: GitDeps): Promise<GitResult>;
/** How the working tree at repoDir relates to `headSha` (a full SHA); `knownHead` is its HEAD when the caller has it from git already. */
export declare function inspectWorktree(repoDir: string, headSha: string, deps: GitDeps, knownHead?: string): Promise<WorktreeState>;
/**
 * The one warning for a working tree that is not head, or undefined when it is (or is GitHub's merge
 * of head). `head` is the revision as the user named it.
 */
export declare function worktreeWarning(state: WorktreeState, head: string, headSha: string): string | undefined;
