import type { GitDeps } from './gitDiff.js';
import { type FileChange } from './hunks.js';
/**
 * The scan root's POSIX path relative to the repository's top level ('' when it is the top level),
 * or null when git cannot tell (not a work tree, git missing).
 */
export declare function scanPrefixOf(scanRoot: string, deps: GitDeps): Promise<string | null>;
/** The same, given the top level git named (`git rev-parse --show-toplevel`); null for '' or a root outside it. */
export declare function scanPrefixUnder(top: string, scanRoot: string): Promise<string | null>;
/** `app/util.py` with prefix `app` -> `util.py`; null when the path lies outside the prefix. */
export declare function underPrefix(path: string, prefix: string): string | null;
/** A scan-root-relative path back to the repository-relative one git and the API use. */
export declare function repoPathOf(path: string, prefix: string): string;
export interface ScopedChanges {
    /** Changes under the scan root, paths relative to it. */
    inside: FileChange[];
    /** Repository-relative paths of the changed files left out, sorted. */
    outside: string[];
}
/** The changes seen from the scan root (pure). A rename across the boundary keeps only its inside half. */
export declare function scopeChanges(files: readonly FileChange[], prefix: string): ScopedChanges;
/** The one note for files the digest leaves out, or undefined when there are none. */
export declare function outsideNote(outside: readonly string[], prefix: string): string | undefined;
