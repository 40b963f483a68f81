// Where the scanned folder sits in the repository, and the PR's changed files seen from it.
//
// Decisions:
// - The scan root may be any folder inside the work tree (a monorepo's `app/`, the Action's `path`
//   input). Symbol ids are relative to the scan root, while git (and GitHub's file list) name files
//   relative to the repository's top level, so every changed path is re-expressed relative to the scan
//   root before symbols are mapped; otherwise `app.util.f` and `util.f` never meet and no changed
//   symbol is packed.
// - The prefix comes from `git rev-parse --show-toplevel`, both sides through realpath: temp dirs are
//   often symlinks (/tmp -> /private/tmp on macOS) and the scan root may be reached through a link.
// - Changed files outside the scan root are left out of the digest, and one note says how many and
//   names the first few: never silently.
import { realpath } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { namedList } from '../shared/plural.js';
import type { GitDeps } from './gitDiff.js';
import { compareStrings, type FileChange, isPythonPath } from './hunks.js';

/** How many outside paths the note names before "…". */
const NAMED_OUTSIDE = 5;

/**
 * The scan root's POSIX path relative to the repository's top level ('' when it is the top level),
 * or null when git cannot tell (not a work tree, git missing).
 */
export async function scanPrefixOf(scanRoot: string, deps: GitDeps): Promise<string | null> {
  const r = await deps.runGit(['rev-parse', '--show-toplevel'], scanRoot);
  if (r.code !== 0) return null;
  return scanPrefixUnder(r.stdout.toString('utf8').replace(/\n$/, ''), scanRoot);
}

/** The same, given the top level git named (`git rev-parse --show-toplevel`); null for '' or a root outside it. */
export async function scanPrefixUnder(top: string, scanRoot: string): Promise<string | null> {
  if (top === '') return null;
  try {
    const [topReal, rootReal] = await Promise.all([realpath(top), realpath(scanRoot)]);
    const rel = relative(topReal, rootReal).split(sep).join('/');
    return rel.startsWith('..') ? null : rel;
  } catch {
    return null;
  }
}

/** `app/util.py` with prefix `app` -> `util.py`; null when the path lies outside the prefix. */
export function underPrefix(path: string, prefix: string): string | null {
  if (prefix === '') return path;
  return path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : null;
}

/** A scan-root-relative path back to the repository-relative one git and the API use. */
export function repoPathOf(path: string, prefix: string): string {
  return prefix === '' ? path : `${prefix}/${path}`;
}

export interface ScopedChanges {
  /** Changes under the scan root, paths relative to it. */
  inside: FileChange[];
  /** Repository-relative paths of the changed files left out, sorted. */
  outside: string[];
}

/** The changes seen from the scan root (pure). A rename across the boundary keeps only its inside half. */
export function scopeChanges(files: readonly FileChange[], prefix: string): ScopedChanges {
  const inside: FileChange[] = [];
  const outside: string[] = [];
  for (const file of files) {
    const path = underPrefix(file.path, prefix);
    const oldPath = file.oldPath === undefined ? undefined : underPrefix(file.oldPath, prefix);
    if (path === null && (file.oldPath === undefined || oldPath === null)) {
      outside.push(file.path);
      continue;
    }
    if (path === null) {
      // Moved out of the scan root: from here, the old file is gone.
      outside.push(file.path);
      inside.push({ ...withoutOldPath(file), status: 'removed', path: oldPath as string, isPython: isPythonPath(oldPath as string), newLines: [] });
      continue;
    }
    if (file.oldPath !== undefined && oldPath === null) {
      // Moved in from outside: from here, a new file.
      outside.push(file.oldPath);
      inside.push({ ...withoutOldPath(file), status: 'added', path, oldLines: [] });
      continue;
    }
    inside.push({ ...file, path, ...(oldPath === undefined || oldPath === null ? {} : { oldPath }) });
  }
  outside.sort(compareStrings);
  return { inside, outside: [...new Set(outside)] };
}

function withoutOldPath(file: FileChange): FileChange {
  const { oldPath: _dropped, ...rest } = file;
  return rest;
}

/** The one note for files the digest leaves out, or undefined when there are none. */
export function outsideNote(outside: readonly string[], prefix: string): string | undefined {
  if (outside.length === 0) return undefined;
  const files = outside.length === 1 ? '1 changed file lies' : `${outside.length} changed files lie`;
  return `${files} outside the scanned folder ${prefix}/ and ${outside.length === 1 ? 'is' : 'are'} not analysed: ${namedList(outside, NAMED_OUTSIDE)}`;
}
