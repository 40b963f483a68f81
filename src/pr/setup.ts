// A PR digest's first step, before any file of the tree is parsed: the diff (git, or the REST API when
// git cannot answer), the parser, and whether the working tree is head.
import { stat } from 'node:fs/promises';
import { revisionExtractor } from '../cache/cachedExtract.js';
import { type GitDeps, runGitDefault } from '../diff/gitDiff.js';
import { collectPrChanges, type PrChanges, } from '../diff/prChanges.js';
import { inspectWorktree, worktreeStatus, worktreeWarning } from '../diff/worktree.js';
import { loadPythonParser, type PythonParser } from '../python/treeSitter.js';
import { RepoDigestError } from '../shared/errors.js';
import type { PrDigestRequest } from './request.js';
import { listStubsEarly } from './review.js';
import { type MemoExtract, memoisedExtract, memoisedGit } from './runMemo.js';

/** What a PR digest knows before any file of the tree is parsed: the diff (git or API) and the parser. */
export interface PrSetup {
  parser: PythonParser;
  git: GitDeps;
  /** How the versions of changed files read from git are extracted: once per run each, through the cache when there is one. */
  extract: MemoExtract;
  pathChanges: PrChanges;
  warning?: string;
}

/** The diff of the PR, read once per run (git, or the API fallback). */
export async function setupPr(request: Omit<PrDigestRequest, 'pack'>): Promise<PrSetup> {
  await requireDirectory(request.repoDir);
  const parser = await loadPythonParser();
  const git = memoisedGit({ runGit: runGitDefault });
  // Asked now, answered by git on another core while the diff's files are analysed (a failure is asked again when used).
  void worktreeStatus(request.repoDir, git);
  const extract = memoisedExtract(revisionExtractor(request.index?.cache));
  // Computed on path-based ids; renamed to the index's ids below (changesWithIds).
  const pathChanges = await collectPrChanges(
    request.repoDir,
    request.base,
    request.head,
    parser,
    { git, extract, ...(request.apiFallback ? { apiFallback: request.apiFallback } : {}) },
    {
      ...(request.index?.maxFileBytes === undefined ? {} : { maxFileBytes: request.index.maxFileBytes }),
      fetchMissing: request.fetchMissing ?? false,
      ...(request.scanPrefix === undefined ? {} : { scanPrefix: request.scanPrefix }),
      ...(request.index?.include ? { include: request.index.include } : {}),
      ...(request.index?.exclude ? { exclude: request.index.exclude } : {}),
    },
  );
  // The same for the review's file list, while the tree is scanned.
  listStubsEarly(request.repoDir, pathChanges, git);
  const warning =
    pathChanges.source === 'git' && pathChanges.head !== undefined
      ? worktreeWarning(await inspectWorktree(request.repoDir, pathChanges.head, git, pathChanges.worktreeHead), request.head, pathChanges.head)
      : undefined;
  return { parser, git, extract, pathChanges, ...(warning === undefined ? {} : { warning }) };
}

async function requireDirectory(dir: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (info === null) throw new RepoDigestError(`No such directory: ${dir}`);
  if (!info.isDirectory()) throw new RepoDigestError(`Not a directory: ${dir}`, 'pass the folder to analyse');
}
