// Changed files between two revisions, from the local git (I/O).
//
// Decisions:
// - A PR's change is merge-base(base, head)..head, the same "three-dot" view GitHub shows: commits that
//   landed on the base branch after the PR branched off are not the PR's changes.
// - git runs through execFile with an argument array (never a shell) and with -c overrides for every
//   setting that changes diff output (prefixes, colour, quoting, external diff, textconv, relative), so a
//   user's ~/.gitconfig cannot change what we parse. core.quotePath=true keeps the output pure ASCII;
//   hunks.ts decodes the octal escapes. LC_ALL=C keeps git's messages unlocalised.
// - Shallow checkouts (actions/checkout defaults to depth 1) may lack a commit or the history down to
//   the merge base: we fetch both commits from origin once, then retry. When git still cannot answer,
//   GitUnavailableError tells the caller to fall back to the REST API.
// - --no-renames: a renamed module changes every symbol id in it (ids follow the path), and a file that
//   still imports the old module is broken by the rename. So a rename is reported as what it is for
//   Python, the old file removed and the new one added, never as an unchanged file under a new name.
import { execFile } from 'node:child_process';
import { RepoDigestError, UsageError } from '../shared/errors.js';
import { type FileChange, parseUnifiedDiff } from './hunks.js';

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
export class GitUnavailableError extends RepoDigestError {
  constructor(
    message: string,
    readonly details: { args?: readonly string[]; stderr?: string } = {},
    remedy = 'make both commits available locally: check the revision names, or use a full clone (on GitHub Actions, actions/checkout with fetch-depth: 0)',
  ) {
    super(message, remedy);
    this.name = 'GitUnavailableError'; // Spelled out: bundlers may rename classes.
  }
}

export function isGitUnavailable(error: unknown): error is GitUnavailableError {
  return error instanceof GitUnavailableError;
}

/** Settings that would change the text we parse, pinned for every call. */
const PINNED_CONFIG = [
  'core.quotePath=true',
  'color.ui=false',
  'diff.noprefix=false',
  'diff.mnemonicPrefix=false',
  'diff.relative=false', // a config, not --no-relative: older git (< 2.28) ignores unknown settings
  'core.pager=cat',
].flatMap((setting) => ['-c', setting]);

export const runGitDefault: GitRunner = (args, cwd, input) =>
  new Promise((resolve) => {
    const child = execFile(
      'git',
      [...PINNED_CONFIG, ...args],
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: 1024 * 1024 * 1024,
        windowsHide: true,
        env: { ...process.env, LC_ALL: 'C', LANG: 'C', GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat' },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const err = stderr.toString('utf8') || (error && typeof error.code !== 'number' ? error.message : '');
        resolve({ code, stdout, stderr: err });
      },
    );
    // EPIPE when git exits early is reported through the exit code, not as an unhandled error.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });

const defaultDeps: GitDeps = { runGit: runGitDefault };

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
 * Commits already resolved, per deps object (one per run) and folder. A PR digest reads files at the
 * merge base and head several times (diff, symbol diffs, review): each read resolved them again, one
 * git process each, a large share of a warm run's git processes. Only answers for a full object id are
 * kept: such an id names the same commit for as long as it exists, and a failed answer is never kept
 * (fetchMissing may fetch it).
 */
const resolved = new WeakMap<GitDeps, Map<string, string>>();
const FULL_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** A full id git itself answered with (rev-parse, merge-base): a commit that exists, kept as resolved. */
function rememberCommit(repoDir: string, commit: string, deps: GitDeps): void {
  if (!FULL_ID.test(commit)) return;
  let memo = resolved.get(deps);
  if (memo === undefined) resolved.set(deps, (memo = new Map()));
  memo.set(`${repoDir}\0${commit}`, commit);
}

async function resolveCommit(repoDir: string, rev: string, deps: GitDeps): Promise<string | null> {
  const key = `${repoDir}\0${rev}`;
  const known = resolved.get(deps)?.get(key);
  if (known !== undefined) return known;
  // No --end-of-options (git >= 2.30 for rev-parse): revisions starting with '-' are refused up front.
  const r = await deps.runGit(['rev-parse', '--verify', '--quiet', `${rev}^{commit}`], repoDir);
  if (r.code !== 0) return null;
  const commit = r.stdout.toString('utf8').trim();
  if (FULL_ID.test(rev) && commit === rev) rememberCommit(repoDir, commit, deps);
  return commit;
}

async function mergeBaseOf(repoDir: string, a: string, b: string, deps: GitDeps): Promise<string | null> {
  const r = await deps.runGit(['merge-base', a, b], repoDir);
  return r.code === 0 ? r.stdout.toString('utf8').trim().split('\n')[0] ?? null : null;
}

async function isShallow(repoDir: string, deps: GitDeps): Promise<boolean> {
  const r = await deps.runGit(['rev-parse', '--is-shallow-repository'], repoDir);
  return r.stdout.toString('utf8').trim() === 'true';
}

async function resolvePair(repoDir: string, base: string, head: string, deps: GitDeps, known?: { baseSha: string; headSha: string }) {
  const baseSha = known ? known.baseSha : await resolveCommit(repoDir, base, deps);
  const headSha = known ? known.headSha : await resolveCommit(repoDir, head, deps);
  const mergeBase = baseSha && headSha ? await mergeBaseOf(repoDir, baseSha, headSha, deps) : null;
  // The diff's later reads name these two by full id: resolved here already, so they spawn no git process.
  if (mergeBase && headSha) {
    rememberCommit(repoDir, mergeBase, deps);
    rememberCommit(repoDir, headSha, deps);
  }
  return { baseSha, headSha, mergeBase };
}

/** What one git process tells at the start of a diff when everything is in order. */
interface StartFacts {
  topLevel: string;
  baseSha: string;
  headSha: string;
  worktreeHead: string;
}

/**
 * The work tree check, the top level, both revisions and the work tree's HEAD from one `git rev-parse`
 * (each is otherwise a process of its own: spawning is a fixed cost of every run). null when any part
 * fails or reads oddly (no commits, a revision git does not know, a path with a line break): the
 * caller then asks one question at a time, which tells what went wrong.
 */
async function startFacts(repoDir: string, base: string, head: string, deps: GitDeps): Promise<StartFacts | null> {
  const r = await deps.runGit(['rev-parse', '--is-inside-work-tree', '--show-toplevel', `${base}^{commit}`, `${head}^{commit}`, 'HEAD^{commit}'], repoDir);
  if (r.code !== 0) return null;
  const lines = r.stdout.toString('utf8').split('\n');
  const [inside, topLevel, baseSha, headSha, worktreeHead, rest] = lines;
  if (lines.length !== 6 || rest !== '' || inside !== 'true' || !topLevel) return null;
  if (![baseSha, headSha, worktreeHead].every((sha) => sha !== undefined && FULL_ID.test(sha))) return null;
  return { topLevel, baseSha: baseSha!, headSha: headSha!, worktreeHead: worktreeHead! };
}

function missingRevisions(base: string, head: string, pair: { baseSha: string | null; headSha: string | null }): string {
  return [!pair.baseSha && `base '${base}'`, !pair.headSha && `head '${head}'`].filter(Boolean).join(' and ');
}

/**
 * Files changed between merge-base(base, head) and head, with the lines each side lost and gained.
 * Throws GitUnavailableError when git cannot answer even after one fetch from origin.
 */
export async function diffRevisions(
  repoDir: string,
  base: string,
  head: string,
  deps: GitDeps = defaultDeps,
  options: DiffOptions = {},
): Promise<RevisionDiff> {
  for (const rev of [base, head]) {
    // Revisions reach git as arguments; one starting with '-' would be read as an option.
    if (rev === '' || rev.startsWith('-')) throw new UsageError(`Invalid revision '${rev}'`, 'expected a commit SHA or ref name');
  }
  const facts = await startFacts(repoDir, base, head, deps);
  if (facts === null) {
    const inside = await deps.runGit(['rev-parse', '--is-inside-work-tree'], repoDir);
    if (inside.code !== 0) {
      const what = /ENOENT/.test(inside.stderr) ? `git cannot run in '${repoDir}': git is not installed or not on PATH` : `'${repoDir}' is not a git repository (nor inside one)`;
      throw new GitUnavailableError(what, { stderr: inside.stderr }, 'pass a folder inside a clone of the repository');
    }
  }
  let pair = await resolvePair(repoDir, base, head, deps, facts ?? undefined);
  if (!pair.mergeBase && facts === null && (await deps.runGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], repoDir)).code !== 0) {
    throw new GitUnavailableError(`'${repoDir}' is a git repository with no commits yet: there is no change to digest`, {}, 'commit first; packing and the call graph need no history');
  }
  let fetched = false;
  if (!pair.mergeBase && pair.baseSha && pair.headSha && !(await isShallow(repoDir, deps))) {
    throw new GitUnavailableError(`git cannot diff ${base}...${head}: the two commits share no history`);
  }
  if (!pair.mergeBase && options.fetchMissing === false) {
    const missing = missingRevisions(base, head, pair);
    if (missing) {
      throw new GitUnavailableError(`${missing} ${missing.includes(' and ') ? 'were' : 'was'} not found in the local repository`, {}, 'fetch it, or check the name');
    }
    throw new GitUnavailableError(`git cannot diff ${base}...${head}: the local history holds no merge base`, {}, 'fetch more history (git fetch --unshallow)');
  }
  if (!pair.mergeBase) {
    // Fetching by SHA needs the server's permission (GitHub allows it); names are fetched as given.
    const depth = options.fetchDepth ?? 200;
    const args = ['fetch', '--no-tags', '--quiet', `--depth=${depth}`, 'origin', base, head];
    const result = await deps.runGit(args, repoDir);
    fetched = result.code === 0;
    pair = await resolvePair(repoDir, base, head, deps);
    if (!pair.mergeBase) {
      const missing = missingRevisions(base, head, pair);
      const why = missing ? `${missing} not found locally or on origin` : `no merge base between '${base}' and '${head}' in the fetched history`;
      throw new GitUnavailableError(
        `git cannot diff ${base}...${head}: ${why}${result.code !== 0 ? ` (fetch from origin failed: ${result.stderr.trim()})` : ''}`,
        { args, stderr: result.stderr },
      );
    }
  }
  const { mergeBase, headSha } = pair as { mergeBase: string; headSha: string };
  const args = ['diff', '-U0', '--no-renames', '--no-color', '--no-ext-diff', '--no-textconv', '--src-prefix=a/', '--dst-prefix=b/', mergeBase, headSha, '--'];
  const diff = await deps.runGit(args, repoDir);
  if (diff.code !== 0) {
    throw new GitUnavailableError(`git diff ${mergeBase} ${headSha} failed: ${diff.stderr.trim()}`, { args, stderr: diff.stderr });
  }
  const told = facts === null ? {} : { topLevel: facts.topLevel, worktreeHead: facts.worktreeHead };
  return { mergeBase, head: headSha, files: parseUnifiedDiff(diff.stdout.toString('latin1')), fetched, ...told };
}

/**
 * Bytes of `path` at `rev`, or null when the file does not exist there.
 * Throws GitUnavailableError when the revision itself is unknown.
 */
export async function readFileAtRevision(
  repoDir: string,
  rev: string,
  path: string,
  deps: GitDeps = defaultDeps,
): Promise<Buffer | null> {
  // cat-file, not show: raw blob bytes, no textconv; `rev:path` reads `path` from the repository root.
  const r = await deps.runGit(['cat-file', 'blob', `${rev}:${path}`], repoDir);
  if (r.code === 0) return r.stdout;
  if ((await resolveCommit(repoDir, rev, deps)) === null) {
    throw new GitUnavailableError(`git cannot read revision '${rev}' in '${repoDir}': ${r.stderr.trim()}`, { stderr: r.stderr });
  }
  return null;
}

const BATCH_HEADER = /^([0-9a-f]{40,64}) (\w+) (\d+)$/;

/**
 * File versions already read, per deps object (one per run): a PR digest reads its changed files at the
 * merge base and head for the diff, again for the symbol diffs and the base files once more for the
 * review, one git process per read. Keyed by full commit id, so an answer never goes stale; at most
 * MEMO_BYTES are kept (a PR touching thousands of files reads the rest again).
 */
const versions = new WeakMap<GitDeps, { bytes: number; map: Map<string, Buffer | null> }>();
const MEMO_BYTES = 32 * 1024 * 1024;

function versionMemo(deps: GitDeps): { bytes: number; map: Map<string, Buffer | null> } {
  let memo = versions.get(deps);
  if (memo === undefined) versions.set(deps, (memo = { bytes: 0, map: new Map() }));
  return memo;
}

/**
 * Bytes of many paths at `rev` with one `git cat-file --batch` process (a PR can touch thousands of files;
 * one process per file costs seconds). null for a path absent at `rev` (or not a file there).
 * Throws GitUnavailableError when the revision itself is unknown.
 */
export async function readFilesAtRevision(
  repoDir: string,
  rev: string,
  paths: readonly string[],
  deps: GitDeps = defaultDeps,
): Promise<Map<string, Buffer | null>> {
  const result = new Map<string, Buffer | null>();
  if (paths.length === 0) return result;
  const commit = await resolveCommit(repoDir, rev, deps);
  if (commit === null) throw new GitUnavailableError(`git cannot read revision '${rev}' in '${repoDir}'`);
  const memo = versionMemo(deps);
  const unread: string[] = [];
  for (const p of paths) {
    const known = memo.map.get(versionKey(repoDir, commit, p));
    if (known === undefined) unread.push(p);
    else result.set(p, known);
  }
  // The batch protocol is line-based: a name holding a newline is read on its own.
  const batchable = unread.filter((p) => !p.includes('\n'));
  for (const p of unread.filter((path) => path.includes('\n'))) result.set(p, await readFileAtRevision(repoDir, commit, p, deps));
  if (batchable.length > 0) {
    const answers = await readBatch(repoDir, batchable.map((path) => ({ commit, path })), deps);
    for (const [i, path] of batchable.entries()) result.set(path, answers[i]!);
  }
  // In the order asked (callers look paths up; the order is kept for whoever iterates).
  return new Map(paths.map((p) => [p, result.get(p) ?? null]));
}

/**
 * Reads the paths of several commits (full ids, as the diff resolved them) with one `git cat-file
 * --batch` into this run's memo, so that readFilesAtRevision answers them without a process of its own
 * (the base and head versions of a PR's files: one process instead of one per side). Reads nothing
 * past the memo's room; what it does not read is read later as before.
 */
export async function prefetchFiles(repoDir: string, sides: readonly { commit: string; paths: readonly string[] }[], deps: GitDeps = defaultDeps): Promise<void> {
  const memo = versionMemo(deps);
  const wanted = sides.flatMap(({ commit, paths }) =>
    FULL_ID.test(commit) ? paths.filter((path) => !path.includes('\n') && !memo.map.has(versionKey(repoDir, commit, path))).map((path) => ({ commit, path })) : [],
  );
  if (wanted.length === 0) return;
  try {
    await readBatch(repoDir, wanted, deps);
  } catch {
    // Each side's own read says what went wrong.
  }
}

function versionKey(repoDir: string, commit: string, path: string): string {
  return `${repoDir}\0${commit}\0${path}`;
}

/** One `git cat-file --batch` for `items`: each answer in order, and into this run's memo while it has room. */
async function readBatch(repoDir: string, items: readonly { commit: string; path: string }[], deps: GitDeps): Promise<(Buffer | null)[]> {
  const memo = versionMemo(deps);
  const input = Buffer.from(items.map(({ commit, path }) => `${commit}:${path}\n`).join(''), 'utf8');
  const r = await deps.runGit(['cat-file', '--batch'], repoDir, input);
  if (r.code !== 0) throw new GitUnavailableError(`git cat-file --batch failed: ${r.stderr.trim()}`, { stderr: r.stderr });
  const answers: (Buffer | null)[] = [];
  let at = 0;
  for (const { commit, path } of items) {
    const eol = r.stdout.indexOf(0x0a, at);
    if (eol < 0) throw new GitUnavailableError(`git cat-file --batch ended early, before '${path}'`);
    const header = BATCH_HEADER.exec(r.stdout.toString('latin1', at, eol));
    at = eol + 1;
    // "<name> missing" (or ambiguous): absent at this revision.
    const size = header ? Number(header[3]) : 0;
    const bytes = header && header[2] === 'blob' ? r.stdout.subarray(at, at + size) : null;
    if (header) at += size + 1;
    answers.push(bytes);
    if (memo.bytes + size <= MEMO_BYTES) {
      memo.map.set(versionKey(repoDir, commit, path), bytes);
      memo.bytes += size;
    }
  }
  return answers;
}

/** Every file path in the tree of `rev`, sorted. */
export async function listFilesAtRevision(repoDir: string, rev: string, deps: GitDeps = defaultDeps): Promise<string[]> {
  const r = await deps.runGit(['ls-tree', '-r', '-z', '--name-only', '--full-tree', rev], repoDir);
  if (r.code !== 0) throw new GitUnavailableError(`git cannot list files of '${rev}': ${r.stderr.trim()}`, { stderr: r.stderr });
  return r.stdout
    .toString('utf8')
    .split('\0')
    .filter((p) => p !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
