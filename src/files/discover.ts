// Find the .py files of a scan root: sorted POSIX paths relative to the root, plus every refusal with
// its reason.
//
// Cost: one readdir per directory, no stat per regular file (Dirent types), realpath only for
// symlinks. Synchronous calls: a directory read through the thread pool costs a round trip between
// threads, and parallel batches of them took about twice the CPU of reading one directory after
// another on the main thread; they only win wall time on directories the kernel has not cached, whose
// files then cost far more to read (docs/benchmarks.md, the directory walk). To time a large tree:
// REPODIGEST_DISCOVER_FILES=20000 npx vitest run __tests__/files/discover.test.ts
//
// Decisions:
// - Iterative walk over an explicit stack: depth is bounded by memory, not by the call stack.
// - Symlinks are deferred until every real directory has been walked. A symlink is then followed only if
//   its realpath lies inside the root and was not scanned already, so a tree reached both directly and
//   through a link is listed once, under its real path, and a link to an ancestor (a loop) is refused.
//   A file symlink whose target is also listed is reported as a duplicate; the real path is kept.
// - A symlink target inside a directory the scan skipped (.venv, a gitignored build/) is refused too:
//   the link must not smuggle in what the user excluded.
// - Reported (skipped[]): unreadable directories and .gitignore files, broken/looping/outside/duplicate
//   symlinks, *.py entries that are not regular files. Not reported: what filters.ts deselects.
// - A subdirectory holding pyvenv.cfg is a virtualenv and is not entered; the root itself is scanned
//   even if it holds one, since the user pointed at it.
// - The root must exist and be a readable directory, else a RepoDigestError (one line with a remedy);
//   an empty result is not an error here, callers decide how to say it.
import fs, { type Dirent } from 'node:fs';
import path from 'node:path';
import type { SkippedFile } from '../model.js';
import { RepoDigestError } from '../shared/errors.js';
import type { IgnoreLayer } from './filters.js';
import { addIgnoreLayer, createSelector, isIgnored, SKIPPED_DIR_NAMES, VIRTUALENV_MARKER } from './filters.js';
import { isInside } from './read.js';

export interface DiscoverOptions {
  include?: string[];
  exclude?: string[];
  /** Told the number of Python files found so far, as the walk finds them (for a progress line). */
  onFound?: (count: number) => void;
}

export interface DiscoverResult {
  python: string[];
  skipped: SkippedFile[];
}

/** The file system calls a walk makes, synchronous; defaults are node:fs. */
export interface DiscoverDeps {
  readdir: (dir: string) => Dirent[];
  readFile: (file: string) => string;
  realpath: (p: string) => string;
  stat: (p: string) => { isDirectory(): boolean; isFile(): boolean };
}

export const defaultDiscoverDeps: DiscoverDeps = {
  readdir: (dir) => fs.readdirSync(dir, { withFileTypes: true }),
  readFile: (file) => fs.readFileSync(file, 'utf8'),
  realpath: (p) => fs.realpathSync.native(p),
  stat: (p) => fs.statSync(p),
};

interface DirJob {
  abs: string;
  rel: string;
  real: string;
  layer: IgnoreLayer | undefined;
}

interface LinkJob {
  abs: string;
  rel: string;
  layer: IgnoreLayer | undefined;
}

interface Candidate {
  rel: string;
  real: string;
  viaLink: boolean;
}

/**
 * Node decodes a directory entry's name as UTF-8, replacing invalid bytes with U+FFFD; such a name
 * no longer opens the file. The file exists, so it is skipped with the true reason, shown with the
 * replacement characters (Python cannot import a module by such a name either).
 */
const REPLACED = '\ufffd';
const NOT_UTF8_NAME = 'name is not valid UTF-8 (shown with U+FFFD): it cannot be opened by that name, nor imported by Python';

function exists(abs: string, deps: DiscoverDeps): boolean {
  try {
    deps.stat(abs);
    return true;
  } catch {
    return false;
  }
}

const join = (rel: string, name: string): string => (rel === '' ? name : `${rel}/${name}`);
const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException).code ?? String(err);

function checkRoot(root: string, deps: DiscoverDeps): string {
  try {
    const stat = deps.stat(root);
    if (!stat.isDirectory()) {
      throw new RepoDigestError(
        `scan root '${root}' is not a directory`,
        'pass the directory that contains the Python files, not a single file',
      );
    }
    return deps.realpath(root);
  } catch (err) {
    if (err instanceof RepoDigestError) throw err;
    const code = codeOf(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new RepoDigestError(`scan root '${root}' does not exist`, 'check the path, or pass the repository directory');
    }
    throw new RepoDigestError(`scan root '${root}' cannot be read (${code})`, 'check its permissions');
  }
}

/** One scan's state: the walk's queues and what it found so far. */
interface Walk {
  root: string;
  rootReal: string;
  deps: DiscoverDeps;
  selected: (rel: string) => boolean;
  skipped: SkippedFile[];
  candidates: Candidate[];
  /** Realpaths of directories walked, and of directories deliberately not entered. */
  visited: Set<string>;
  pruned: Set<string>;
  dirs: DirJob[];
  links: LinkJob[];
  linksAdded: boolean;
  onFound?: (count: number) => void;
}

/** A Python file found: kept as a candidate, and counted for the caller's progress line. */
function found(walk: Walk, candidate: Candidate): void {
  walk.candidates.push(candidate);
  walk.onFound?.(walk.candidates.length);
}

export async function discoverPythonFiles(
  root: string,
  options: DiscoverOptions = {},
  deps: DiscoverDeps = defaultDiscoverDeps,
): Promise<DiscoverResult> {
  const rootReal = checkRoot(root, deps);
  const walk: Walk = {
    root,
    rootReal,
    deps,
    selected: createSelector(options),
    ...(options.onFound ? { onFound: options.onFound } : {}),
    skipped: [],
    candidates: [],
    visited: new Set<string>([rootReal]),
    pruned: new Set<string>(),
    dirs: [{ abs: root, rel: '', real: rootReal, layer: undefined }],
    links: [],
    linksAdded: false,
  };
  const { dirs, links } = walk;

  // All real directories first, then links one at a time (a followed link may add directories and links).
  // Links are taken in path order, so which of two links to the same directory wins is the first
  // link's path, whatever order the directories were read in.
  for (;;) {
    const dir = dirs.pop();
    if (dir !== undefined) {
      walkDir(walk, dir);
      continue;
    }
    if (walk.linksAdded) {
      links.sort((a, b) => compare(b.rel, a.rel)); // descending, so pop() takes the first path
      walk.linksAdded = false;
    }
    const link = links.pop();
    if (!link) break;
    followLink(walk, link);
  }

  const python = dedupe(walk.candidates, walk.skipped);
  return { python, skipped: walk.skipped.sort(bySkip) };
}

function relOfReal(walk: Walk, real: string): string {
  return path.relative(walk.rootReal, real).split(path.sep).join('/');
}

/** Reads one directory: queues its subdirectories and links, lists its Python files. */
function walkDir(walk: Walk, job: DirJob): void {
  const { deps, skipped } = walk;
  let entries: Dirent[];
  try {
    entries = deps.readdir(job.abs);
  } catch (err) {
    if (job.rel === '') throw new RepoDigestError(`scan root '${walk.root}' cannot be read (${codeOf(err)})`, 'check its permissions');
    skipped.push({ path: job.rel, reason: codeOf(err) === 'ENOENT' && job.rel.includes(REPLACED) ? NOT_UTF8_NAME : `unreadable directory (${codeOf(err)})` });
    return;
  }
  if (job.rel !== '' && entries.some((e) => e.name === VIRTUALENV_MARKER)) {
    walk.pruned.add(job.real);
    return;
  }
  let layer = job.layer;
  if (entries.some((e) => e.name === '.gitignore' && e.isSymbolicLink())) {
    // As git does (since 2.32): a symlinked .gitignore is not followed. Said, so its rules are not silently lost.
    skipped.push({ path: join(job.rel, '.gitignore'), reason: 'symlinked .gitignore not followed (git does not follow it either): its rules were not applied' });
  }
  if (entries.some((e) => e.name === '.gitignore' && e.isFile())) {
    const file = join(job.rel, '.gitignore');
    try {
      layer = addIgnoreLayer(layer, job.rel, deps.readFile(path.join(job.abs, '.gitignore')));
    } catch (err) {
      skipped.push({ path: file, reason: `unreadable .gitignore (${codeOf(err)}): its rules were not applied` });
    }
  }
  // Sorted so which of two links to one target gets followed never depends on readdir order.
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    // Most entries of a large tree are neither directories, links nor Python files (locale catalogues,
    // assets): they are passed over before any path is built for them.
    const isDirectory = entry.isDirectory();
    const isLink = !isDirectory && entry.isSymbolicLink();
    if (!isDirectory && !isLink && !entry.name.endsWith('.py')) continue;
    const rel = join(job.rel, entry.name);
    const abs = path.join(job.abs, entry.name);
    const real = path.join(job.real, entry.name);
    if (isDirectory) {
      if (SKIPPED_DIR_NAMES.has(entry.name) || isIgnored(layer, rel, true)) walk.pruned.add(real);
      else if (walk.visited.has(real)) {
        // Only possible below a followed link whose subtree another link already covered.
        skipped.push({ path: rel, reason: `duplicate: directory ${relOfReal(walk, real)}, already scanned` });
      } else {
        walk.visited.add(real);
        walk.dirs.push({ abs, rel, real, layer });
      }
    } else if (isLink) {
      if (!isIgnored(layer, rel, false)) {
        walk.links.push({ abs, rel, layer });
        walk.linksAdded = true;
      }
    } else if (!isIgnored(layer, rel, false) && walk.selected(rel)) {
      if (!entry.isFile()) skipped.push({ path: rel, reason: 'not a regular file' });
      else if (entry.name.includes(REPLACED) && !exists(abs, deps)) skipped.push({ path: rel, reason: NOT_UTF8_NAME });
      else found(walk, { rel, real, viaLink: false });
    }
  }
}

/** The skipped directory (relative) that contains `real`, if any. */
function prunedAncestor(walk: Walk, real: string): string | undefined {
  for (let dir = real; isInside(walk.rootReal, dir) && dir !== walk.rootReal; dir = path.dirname(dir)) {
    if (walk.pruned.has(dir)) return relOfReal(walk, dir);
  }
  return undefined;
}

/** A symlink, after every real directory: followed when it leads to what the scan would list, else reported. */
function followLink(walk: Walk, link: LinkJob): void {
  const { skipped, selected } = walk;
  let real: string;
  let stat: { isDirectory(): boolean; isFile(): boolean };
  try {
    real = walk.deps.realpath(link.abs);
    stat = walk.deps.stat(real);
  } catch (err) {
    if (link.rel.endsWith('.py') && !selected(link.rel)) return;
    // A dangling link named like another kind of file (vendor/jquery.js) cannot be Python source or
    // a package directory worth naming; reporting it would only bury the skips that matter.
    if (/\.[A-Za-z0-9]+$/.test(link.rel) && !link.rel.endsWith('.py')) return;
    const code = codeOf(err);
    const reason =
      code === 'ENOENT' ? 'broken symlink (target does not exist)' : code === 'ELOOP' ? 'symlink loop (link resolves to itself)' : `unreadable symlink (${code})`;
    skipped.push({ path: link.rel, reason });
    return;
  }
  const isDir = stat.isDirectory();
  // A link to a non-Python file is as irrelevant as any other non-Python file.
  if (!isDir && !link.rel.endsWith('.py')) return;
  if (isDir ? SKIPPED_DIR_NAMES.has(path.basename(link.abs)) || isIgnored(link.layer, link.rel, true) : !selected(link.rel)) {
    return;
  }
  if (!isInside(walk.rootReal, real)) {
    skipped.push({ path: link.rel, reason: 'symlink points outside the scan root' });
    return;
  }
  const inSkippedDir = prunedAncestor(walk, real);
  if (inSkippedDir !== undefined) {
    skipped.push({ path: link.rel, reason: `symlink target is inside skipped directory ${inSkippedDir}` });
    return;
  }
  if (!stat.isFile() && !isDir) {
    skipped.push({ path: link.rel, reason: 'not a regular file' });
    return;
  }
  if (!isDir) {
    found(walk, { rel: link.rel, real, viaLink: true });
    return;
  }
  if (walk.visited.has(real)) {
    const target = relOfReal(walk, real);
    const loop = target === '' || link.rel.startsWith(`${target}/`);
    skipped.push({
      path: link.rel,
      reason: loop
        ? `symlink loop (points to its ancestor ${target === '' ? '.' : target})`
        : `duplicate: symlink to directory ${target}, already scanned`,
    });
    return;
  }
  walk.visited.add(real);
  walk.dirs.push({ abs: link.abs, rel: link.rel, real, layer: link.layer });
}

/** One path per real file: the non-link path if there is one, else the first in sort order. */
function dedupe(candidates: Candidate[], skipped: SkippedFile[]): string[] {
  const byReal = new Map<string, Candidate>();
  const sorted = [...candidates].sort((a, b) => Number(a.viaLink) - Number(b.viaLink) || compare(a.rel, b.rel));
  const python: string[] = [];
  for (const c of sorted) {
    const kept = byReal.get(c.real);
    if (kept) skipped.push({ path: c.rel, reason: `duplicate: symlink to ${kept.rel}, already listed` });
    else {
      byReal.set(c.real, c);
      python.push(c.rel);
    }
  }
  return python.sort(compare);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function bySkip(a: SkippedFile, b: SkippedFile): number {
  return compare(a.path, b.path) || compare(a.reason, b.reason);
}
