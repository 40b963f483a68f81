import { RepoDigestError } from '../shared/errors.js';
import { type FileChange } from './hunks.js';
export interface GitResult {
    code: number;
    stdout: Buffer;
    stderr: string;
}
/** Runs git with `args` in `cwd`; `input`, when given, is written to its stdin. */
export type GitRunner = (args: readonly string[], cwd: string, input?: Uint8Array) => Promise<GitResult>;
export interface GitDeps {
    runGit: GitRunner;
}
/** git could not answer (not a repository, commit unreachable even after fetching, no merge base). */
export declare class GitUnavailableError extends RepoDigestError {
    readonly details: {
        args?: readonly string[];
        stderr?: string;
    };
    constructor(message: string, details?: {
        args?: readonly string[];
        stderr?: string;
    }, remedy?: string);
}
export declare function isGitUnavailable(error: unknown): error is GitUnavailableError;
export declare const runGitDefault: GitRunner;
export interface RevisionDiff {
    /** The merge base the diff starts from: read "base" file versions at this commit. */
    mergeBase: string;
    /** head resolved to a full SHA. */
    head: string;
    files: FileChange[];
    /** True when commits had to be fetched from origin. */
    fetched: boolean;
    /** The work tree's top level and HEAD commit, when git told them on the way (no further process needed). */
    topLevel?: string;
    worktreeHead?: string;
}
export interface DiffOptions {
    /** History depth fetched for base and head when the checkout lacks them (default 200). */
    fetchDepth?: number;
    /** Fetch missing commits from origin once (default true). The CLI passes false: it never uses the network. */
    fetchMissing?: boolean;
}
/**
 * Files changed between merge-base(base, head) and head, with the lines each side lost and gained.
 * Throws GitUnavailableError when git cannot answer even after one fetch from origin.
 */
export declare function diffRevisions(repoDir: string, base: string, head: string, deps?: GitDeps, options?: DiffOptions): Promise<RevisionDiff>;
/**
 * Bytes of `path` at `rev`, or null when the file does not exist there.
 * Throws GitUnavailableError when the revision itself is unknown.
 */
export declare function readFileAtRevision(repoDir: string, rev: string, path: string, deps?: GitDeps): Promise<Buffer | null>;
/**
 * Bytes of many paths at `rev` with one `git cat-file --batch` process (a PR can touch thousands of files;
 * one process per file costs seconds). null for a path absent at `rev` (or not a file there).
 * Throws GitUnavailableError when the revision itself is unknown.
 */
export declare function readFilesAtRevision(repoDir: string, rev: string, paths: readonly string[], deps?: GitDeps): Promise<Map<string, Buffer | null>>;
/**
 * Reads the paths of several commits (full ids, as the diff resolved them) with one `git cat-file
 * --batch` into this run's memo, so that readFilesAtRevision answers them without a process of its own
 * (the base and head versions of a PR's files: one process instead of one per side). Reads nothing
 * past the memo's room; what it does not read is read later as before.
 */
export declare function prefetchFiles(repoDir: string, sides: readonly {
    commit: string;
    paths: readonly string[];
}[], deps?: GitDeps): Promise<void>;
/** Every file path in the tree of `rev`, sorted. */
export declare function listFilesAtRevision(repoDir: string, rev: string, deps?: GitDeps): Promise<string[]>;
