// A PR's changed symbols, end to end (I/O through deps): diff -> read both versions -> extract -> map.
//
// Decisions:
// - Base versions are read at the merge base, not at the base branch tip: the diff starts there, so its
//   line numbers refer to that version.
// - Head versions are read from git at head, not from the working tree: on pull_request events the
//   checkout is GitHub's merge commit, whose lines need not match the head commit's.
// - When git cannot answer and the caller supplies the REST API, the API's file list is used with head
//   files read from the working tree and base files from `readBase` when given. Without base versions
//   added and modified cannot be told apart and removed symbols are unknown, so the result says
//   `incomplete`. (The working tree may be GitHub's merge commit: pass `readHead` reading the head SHA
//   when the lines must match exactly.)
// - Files are read with one `git cat-file --batch` per side, not one process per file.
// - Paths are made relative to the scan root (scanRoot.ts): git and the API name files from the
//   repository's top level, symbol ids from the scanned folder. Files are still read by their
//   repository path (git blobs, the API's readers); only the default working-tree reader, rooted at
//   the scan root, takes the scan-root path.
import { readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, normalize } from 'node:path';
import { decodePythonSource } from '../files/decode.js';
import { createSelector } from '../files/filters.js';
import { DEFAULT_MAX_FILE_BYTES, isInside } from '../files/read.js';
import type { FileRecord, PySymbol } from '../model.js';
import { extractFile } from '../python/extract.js';
import type { PythonParser } from '../python/treeSitter.js';
import { namedList, plural } from '../shared/plural.js';
import { diffFromApi, type ListFilesPage } from './apiDiff.js';
import { type ChangedSymbol, computeChangedSymbols } from './changedSymbols.js';
import { diffRevisions, type GitDeps, isGitUnavailable, prefetchFiles, readFilesAtRevision, runGitDefault } from './gitDiff.js';
import { compareStrings, type FileChange } from './hunks.js';
import { outsideNote, repoPathOf, type ScopedChanges, scanPrefixOf, scanPrefixUnder, scopeChanges } from './scanRoot.js';

export type ReadSide = (path: string) => Promise<Uint8Array | null>;
/** Many files of one side at once: path -> bytes, null when absent. */
type ReadMany = (paths: readonly string[]) => Promise<ReadonlyMap<string, Uint8Array | null>>;

function oneByOne(read: ReadSide): ReadMany {
  return async (paths) => {
    const out = new Map<string, Uint8Array | null>();
    for (const path of paths) out.set(path, await read(path));
    return out;
  };
}

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

const defaultDeps: PrChangesDeps = { git: { runGit: runGitDefault }, extract: extractFile };

/**
 * Working-tree reader confined to repoDir: API file names are data, and a PR can add a symlink
 * pointing at a runner secret, so the resolved file must lie inside the checkout.
 */
export function workingTreeReader(repoDir: string): ReadSide {
  return async (path) => {
    const rel = normalize(path);
    if (isAbsolute(rel) || rel.split(/[\\/]/)[0] === '..') return null;
    try {
      const [root, target] = await Promise.all([realpath(repoDir), realpath(join(repoDir, rel))]);
      return isInside(root, target) ? await readFile(target) : null;
    } catch {
      return null;
    }
  };
}

/** The Python files a side has: the base's old paths but added files, the head's paths but removed ones. */
function sidePaths(changes: readonly FileChange[], side: 'base' | 'head'): string[] {
  return changes.filter((c) => c.isPython && c.status !== (side === 'base' ? 'added' : 'removed')).map((c) => (side === 'base' ? c.oldPath ?? c.path : c.path));
}

async function loadRecords(
  changes: readonly FileChange[],
  side: 'base' | 'head',
  read: ReadMany,
  parser: PythonParser,
  deps: PrChangesDeps,
  maxBytes: number,
  notes: string[],
  readPathOf: (path: string) => string = (path) => path,
): Promise<FileRecord[]> {
  const paths = sidePaths(changes, side);
  const contents = await read(paths.map(readPathOf));
  const records: FileRecord[] = [];
  for (const path of paths) {
    const bytes = contents.get(readPathOf(path)) ?? null;
    if (bytes === null) {
      notes.push(`${path}: ${side} version could not be read`);
      continue;
    }
    if (bytes.length > maxBytes) {
      notes.push(`${path}: ${side} version larger than ${maxBytes} bytes, not analysed`);
      continue;
    }
    const decoded = decodePythonSource(bytes);
    if (!decoded.ok) {
      notes.push(`${path}: ${side} version not analysed (${decoded.reason})`);
      continue;
    }
    try {
      records.push(deps.extract(parser, path, decoded.text));
    } catch (error) {
      notes.push(`${path}: ${side} version could not be analysed (${(error as Error).message})`);
    }
  }
  return records;
}

async function fromApi(
  repoDir: string,
  fallback: ApiFallback,
  gitError: Error,
  parser: PythonParser,
  deps: PrChangesDeps,
  maxBytes: number,
  scanPrefix: string,
  options: PrChangesOptions,
): Promise<PrChanges> {
  const api = await diffFromApi(fallback.listFiles, fallback.expectedFiles === undefined ? {} : { expectedFiles: fallback.expectedFiles });
  const notes = [`git could not answer (${gitError.message}); changed files come from the GitHub API`, ...api.reasons];
  if (!fallback.readBase) notes.push('base versions unavailable: removed symbols are unknown and added ones are reported as modified');
  const scoped = selectChanges(scopeChanges(api.files, scanPrefix), options, notes);
  const repoPath = (path: string) => repoPathOf(path, scanPrefix);
  const baseFiles = fallback.readBase ? await loadRecords(scoped.inside, 'base', oneByOne(fallback.readBase), parser, deps, maxBytes, notes, repoPath) : [];
  const headFiles = fallback.readHead
    ? await loadRecords(scoped.inside, 'head', oneByOne(fallback.readHead), parser, deps, maxBytes, notes, repoPath)
    : await loadRecords(scoped.inside, 'head', oneByOne(workingTreeReader(repoDir)), parser, deps, maxBytes, notes);
  return mapChanges({ source: 'api', incomplete: true }, scoped, scanPrefix, baseFiles, headFiles, notes);
}

/**
 * Changed files the index leaves out by include/exclude are left out of the changes too, and said in
 * one note: otherwise an excluded file's symbols would be listed with no code and no callers (and a
 * modified one would read as removed from the index's point of view).
 */
function selectChanges(scoped: ScopedChanges, options: PrChangesOptions, notes: string[]): ScopedChanges {
  if (!options.include?.length && !options.exclude?.length) return scoped;
  const select = createSelector({ ...(options.include ? { include: options.include } : {}), ...(options.exclude ? { exclude: options.exclude } : {}) });
  const inside = scoped.inside.filter((f) => select(f.path));
  const left = scoped.inside.filter((f) => !select(f.path)).map((f) => f.path).sort(compareStrings);
  if (left.length > 0) {
    notes.push(`${plural(left.length, 'changed file')} left out by include/exclude: ${namedList(left)}`);
  }
  return { ...scoped, inside };
}

/** The result, once both sides are parsed: the same for the git and the API path. */
function mapChanges(
  origin: Pick<PrChanges, 'source' | 'incomplete' | 'mergeBase' | 'head' | 'worktreeHead'>,
  scoped: { inside: FileChange[]; outside: string[] },
  scanPrefix: string,
  baseFiles: FileRecord[],
  headFiles: FileRecord[],
  notes: string[],
): PrChanges {
  const mapped = computeChangedSymbols({ changes: scoped.inside, baseFiles, headFiles });
  const outside = outsideNote(scoped.outside, scanPrefix);
  return {
    ...origin,
    files: scoped.inside,
    scanPrefix,
    outside: scoped.outside,
    changed: mapped.changed,
    removedSymbols: mapped.removedSymbols,
    nonPython: mapped.nonPython,
    notes: [...(outside ? [outside] : []), ...notes, ...mapped.notes],
  };
}

/** Changed, added and removed symbols of merge-base(base, head)..head. */
export async function collectPrChanges(
  repoDir: string,
  base: string,
  head: string,
  parser: PythonParser,
  deps: PrChangesDeps = defaultDeps,
  options: PrChangesOptions = {},
): Promise<PrChanges> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  let diff;
  try {
    diff = await diffRevisions(repoDir, base, head, deps.git, {
      ...(options.fetchDepth === undefined ? {} : { fetchDepth: options.fetchDepth }),
      ...(options.fetchMissing === undefined ? {} : { fetchMissing: options.fetchMissing }),
    });
  } catch (error) {
    if (isGitUnavailable(error) && deps.apiFallback) {
      const scanPrefix = options.scanPrefix ?? (await scanPrefixOf(repoDir, deps.git)) ?? '';
      return fromApi(repoDir, deps.apiFallback, error, parser, deps, maxBytes, scanPrefix, options);
    }
    throw error;
  }
  const scanPrefix = options.scanPrefix ?? (await (diff.topLevel === undefined ? scanPrefixOf(repoDir, deps.git) : scanPrefixUnder(diff.topLevel, repoDir))) ?? '';
  const notes: string[] = [];
  const scoped = selectChanges(scopeChanges(diff.files, scanPrefix), options, notes);
  if (diff.fetched) notes.push(`fetched ${base} and ${head} from origin (shallow checkout)`);
  const atRevision = (rev: string): ReadMany => (paths) => readFilesAtRevision(repoDir, rev, paths, deps.git);
  const repoPath = (path: string) => repoPathOf(path, scanPrefix);
  // Both sides in one git process (each side's read below then finds its files already read).
  const sides = [{ commit: diff.mergeBase, paths: sidePaths(scoped.inside, 'base').map(repoPath) }, { commit: diff.head, paths: sidePaths(scoped.inside, 'head').map(repoPath) }];
  await prefetchFiles(repoDir, sides, deps.git);
  const baseFiles = await loadRecords(scoped.inside, 'base', atRevision(diff.mergeBase), parser, deps, maxBytes, notes, repoPath);
  const headFiles = await loadRecords(scoped.inside, 'head', atRevision(diff.head), parser, deps, maxBytes, notes, repoPath);
  const worktree = diff.worktreeHead === undefined ? {} : { worktreeHead: diff.worktreeHead };
  return mapChanges({ source: 'git', mergeBase: diff.mergeBase, head: diff.head, incomplete: false, ...worktree }, scoped, scanPrefix, baseFiles, headFiles, notes);
}
