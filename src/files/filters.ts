// Which paths a scan selects: built-in skipped directories, .gitignore layers, include/exclude globs.
//
// Decisions:
// - .gitignore files form a chain, deepest first, each matching paths relative to its own directory (as
//   git does). The deepest file with a rule that matches decides; a negation (`!x`) in a deeper file
//   re-includes what a shallower one ignored. Ignored directories are never entered, so (as in git) a
//   file inside an ignored directory cannot be re-included.
// - Matching is case-sensitive (git's default on Linux) so results do not depend on the host OS.
// - Directories are tested with a trailing slash so `build/` rules match directories only.
// - include/exclude match the relative POSIX path with `dot: true`; include narrows, exclude wins.
// - These are selections the user (or their .gitignore) asked for, so nothing filtered here is reported
//   as a skip; discover.ts reports failures and refusals (unreadable, symlinks, duplicates).

import type { Ignore } from 'ignore';
import ignore from 'ignore';
import picomatch from 'picomatch';

/** Never worth scanning: VCS data, caches, installed third-party code. */
export const SKIPPED_DIR_NAMES: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  '__pycache__',
  '.tox',
  '.nox',
  '.mypy_cache',
  '.pytest_cache',
  '.venv',
  'venv',
]);

/** A file any directory can hold that marks it as a virtualenv. */
export const VIRTUALENV_MARKER = 'pyvenv.cfg';

export interface IgnoreLayer {
  /** Directory holding the .gitignore, relative to the root ('' for the root). */
  base: string;
  rules: Ignore;
  parent: IgnoreLayer | undefined;
}

export function addIgnoreLayer(parent: IgnoreLayer | undefined, base: string, content: string): IgnoreLayer {
  return { base, rules: ignore({ ignorecase: false }).add(content), parent };
}

export function isIgnored(layer: IgnoreLayer | undefined, relPath: string, isDir: boolean): boolean {
  for (let l = layer; l; l = l.parent) {
    const local = l.base === '' ? relPath : relPath.slice(l.base.length + 1);
    const result = l.rules.test(isDir ? `${local}/` : local);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

export function createSelector(options: { include?: string[]; exclude?: string[] }): (relPath: string) => boolean {
  const include = options.include?.length ? picomatch(options.include, { dot: true }) : undefined;
  const exclude = options.exclude?.length ? picomatch(options.exclude, { dot: true }) : undefined;
  return (relPath) => (!include || include(relPath)) && !(exclude?.(relPath));
}
