import type { FileRecord, PySymbol } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
import { type ListFilesPage } from './apiDiff.js';
import { type ChangedSymbol } from './changedSymbols.js';
import { type GitDeps } from './gitDiff.js';
import { type FileChange } from './hunks.js';
export type ReadSide = (path: string) => Promise<Uint8Array | null>;
export interface ApiFallback {
    listFiles: ListFilesPage;
    /** `pull_request.changed_files`, to detect a truncated listing. */
    expectedFiles?: number;
    /** Base file bytes by repository path (e.g. the contents API at the base SHA); without it removed symbols are unknown. */
    readBase?: ReadSide;
    /** Head file bytes by repository path; defaults to the working tree under repoDir (the scan root). */
    readHead?: ReadSide;
}
export interface PrChangesDeps {
    git: GitDeps;
    extract: (parser: PythonParser, relPath: string, text: string) => FileRecord;
    /** Only used when git cannot answer; without it the GitUnavailableError propagates. */
    apiFallback?: ApiFallback;
}
export interface PrChangesOptions {
    /** Python files larger than this are not analysed (default 1 MiB, as for indexing). */
    maxFileBytes?: number;
    /** Depth fetched when a shallow checkout lacks a commit. */
    fetchDepth?: number;
    /** Fetch missing commits from origin (default true; false keeps git local). */
    fetchMissing?: boolean;
    /**
     * The scan root (repoDir) relative to the repository's top level, POSIX, '' for the top level.
     * Default: asked of git; when git cannot answer (API fallback without a .git), ''.
     */
    scanPrefix?: string;
    /** The index's include/exclude globs (relative to the scan root): changed files they leave out are left out here too. */
    include?: string[];
    exclude?: string[];
}
export interface PrChanges {
    source: 'git' | 'api';
    /** Merge base and head SHAs (git source only). */
    mergeBase?: string;
    head?: string;
    /** The work tree's HEAD commit, when git told it with the diff (git source only). */
    worktreeHead?: string;
    /** Changed files under the scan root, paths relative to it. */
    files: FileChange[];
    /** The scan root relative to the repository's top level ('' for the top level). */
    scanPrefix: string;
    /** Repository paths of changed files outside the scan root (left out, and said in `notes`). */
    outside: string[];
    changed: ChangedSymbol[];
    removedSymbols: PySymbol[];
    nonPython: string[];
    incomplete: boolean;
    notes: string[];
}
/**
 * Working-tree reader confined to repoDir: API file names are data, and a PR can add a symlink
 * pointing at a runner secret, so the resolved file must lie inside the checkout.
 */
export declare function workingTreeReader(repoDir: string): ReadSide;
/** Changed, added and removed symbols of merge-base(base, head)..head. */
export declare function collectPrChanges(repoDir: string, base: string, head: string, parser: PythonParser, deps?: PrChangesDeps, options?: PrChangesOptions): Promise<PrChanges>;
