// The whole-process rows, side by side on each corpus (parse-only floor, cold and warm PR
// digest, cold `graph`, `repomix --compress`), and the synthetic monorepo at several sizes (PR digest
// and cold `graph`: time and peak RSS vs. files).
//
// Decisions:
// - Every row runs over the same tree: the corpus copied into a git repository with the scripted
//   3-function change (changeCommit.ts); `pr --base HEAD~1 --budget 8000`, as the issue measured.
// - "Cold" runs get a fresh, empty `--cache-dir` each time when the CLI has the option (so a default
//   cache under the user's cache folder cannot make them warm); "warm" reuses one folder filled by an
//   untimed run first (every file's entry and the tree's call graph: a re-run of the same head).
//   "PR first run" starts each time from a folder holding only the base commit's entries (filled once
//   by `graph` over `git archive HEAD~1`), as the Action's first run of a PR restores the base branch's
//   cache: the changed files are analysed and the call graph resolved again. Without the option these
//   rows read "n/a (no --cache-dir)".
// - Synthetic sizes run once each (a 100k-file run takes minutes), one size after another, with a
//   time limit per run; the PR digest gets the heap the Action gets on a 7 GB runner (RUNNER_HEAP_MB)
//   and `graph` a 6 GiB V8 heap, so running out of it means the target is missed, and the row says
//   where it stopped.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChangedFunction, ensureChangeRepo } from './changeCommit.js';
import { measureRows, type ProcessCommand, type ProcessRow, type RowResult } from './processes.js';
import { safeHeapMb } from '../../src/shared/heapGuard.js';
import { ensureSynthetic } from './synthetic.js';
import { buildCli, ensureRepomix, supportsCacheDir, type Tool } from './tools.js';

export interface ScaleSettings {
  rounds: number;
  warmup: number;
  budget: number;
  benchDir: string;
  synthetic: number[];
  seed: number;
  /** Per-run time limit for the synthetic rows, seconds. */
  syntheticTimeoutS: number;
  log: (line: string) => void;
  /** A CLI bundle to run instead of building one from source. */
  cli?: string;
  /** Called after each synthetic size with the sizes so far (the plot is redrawn: a long run leaves one). */
  onSynthetic?: (sizes: SyntheticScale[]) => Promise<void>;
}

export interface CorpusScale {
  name: string;
  repo: string;
  changed: ChangedFunction[];
  rows: RowResult[];
  /** cold PR CPU / parse-only CPU (target <= 1.0), repomix CPU / cold PR CPU (target >= 4). */
  prOverParse?: number;
  repomixOverPr?: number;
}

export interface SyntheticScale {
  files: number;
  repo: string;
  rows: RowResult[];
}

export interface ScaleReport {
  cli: string;
  cacheDir: { pr: boolean; graph: boolean };
  repomix: string;
  corpora: CorpusScale[];
  synthetic: SyntheticScale[];
}

/**
 * The synthetic PR digest runs with the heap the Action's analysis worker gets on GitHub's standard
 * runner for private repositories (7 GB of memory; shared/heapGuard.ts safeHeapMb): whether it
 * completes there is the target, read with its peak RSS.
 */
export const RUNNER_MEMORY_BYTES = 7 * 2 ** 30;
export const RUNNER_HEAP_MB = safeHeapMb(RUNNER_MEMORY_BYTES);

const parseOnlyScript = fileURLToPath(new URL('./parseOnlyProcess.mjs', import.meta.url));
const node = process.execPath;

/** A fresh empty folder per run: `before` empties it. */
function freshFolder(): { dir: string; reset: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-bench-cache-'));
  return { dir, reset: () => (rmSync(dir, { recursive: true, force: true }), mkdirSync(dir)) };
}

/** A folder holding what `graph` over the base commit's tree (`git archive HEAD~1`) leaves in a cache folder, made once. */
function baseFilledCache(cli: string, repo: string): string {
  const tree = mkdtempSync(join(tmpdir(), 'repodigest-bench-base-'));
  const folder = mkdtempSync(join(tmpdir(), 'repodigest-bench-base-cache-'));
  execFileSync('sh', ['-c', 'git -C "$1" archive HEAD~1 | tar -x -C "$2"', 'sh', repo, tree]);
  execFileSync(node, [cli, 'graph', tree, '--format', 'json', '--quiet', '--cache-dir', folder], { stdio: 'ignore', maxBuffer: 1 << 30 });
  rmSync(tree, { recursive: true, force: true });
  return folder;
}

function cliRows(cli: Tool, cacheDir: { pr: boolean; graph: boolean }, repo: string, budget: number, timeoutS?: number, graphEnv?: Record<string, string>, prEnv?: Record<string, string>): { pr: ProcessRow; first: ProcessRow; warm: ProcessRow; graph: ProcessRow } {
  if (!cli.ok) {
    const unavailable = { unavailable: cli.reason };
    return { pr: { name: 'cold PR digest', note: '', command: unavailable }, first: { name: 'PR first run', note: '', command: unavailable }, warm: { name: 'warm PR digest', note: '', command: unavailable }, graph: { name: 'cold graph', note: '', command: unavailable } };
  }
  const pr = [node, cli.path, 'pr', repo, '--base', 'HEAD~1', '--budget', String(budget), '--quiet'];
  const graph = [node, cli.path, 'graph', repo, '--format', 'json', '--quiet'];
  const limit = timeoutS === undefined ? {} : { timeoutS };
  const cold = (argv: string[], cached: boolean, env?: Record<string, string>): ProcessCommand => {
    if (!cached) return { argv, ...limit, ...(env ? { env } : {}) };
    const folder = freshFolder();
    return { argv: [...argv, '--cache-dir', folder.dir], before: folder.reset, ...limit, ...(env ? { env } : {}) };
  };
  let warm: ProcessRow['command'] = { unavailable: 'n/a (no --cache-dir)' };
  let first: ProcessRow['command'] = { unavailable: 'n/a (no --cache-dir)' };
  if (cacheDir.pr && cacheDir.graph) {
    const folder = freshFolder();
    let base: string | undefined;
    first = {
      argv: [...pr, '--cache-dir', folder.dir],
      ...limit,
      // Each run starts from the base commit's entries only (this run's own writes are undone).
      before: () => {
        base ??= baseFilledCache(cli.path, repo);
        folder.reset();
        cpSync(base, folder.dir, { recursive: true });
      },
    };
  }
  if (cacheDir.pr) {
    const folder = freshFolder();
    let filled = false;
    warm = {
      argv: [...pr, '--cache-dir', folder.dir],
      ...limit,
      // The first warm run of the bench fills the folder untimed; later ones find it filled.
      before: () => {
        if (filled) return;
        measureRows([{ name: 'fill the cache', note: '', command: { argv: [...pr, '--cache-dir', folder.dir] } }], { rounds: 1, warmup: 0, log: () => undefined });
        filled = true;
      },
    };
  }
  return {
    pr: { name: 'cold PR digest', note: `pr --base HEAD~1 --budget ${budget}${cacheDir.pr ? ', empty --cache-dir' : ''}${prEnv ? `, V8 heap ${RUNNER_HEAP_MB.toLocaleString('en-US')} MB` : ''}`, command: cold(pr, cacheDir.pr, prEnv) },
    first: { name: 'PR first run', note: "the same, --cache-dir holding the base commit's entries only", command: first },
    warm: { name: 'warm PR digest', note: 'the same, --cache-dir filled by an untimed run of it', command: warm },
    graph: { name: 'cold graph', note: `graph --format json${cacheDir.graph ? ', empty --cache-dir' : ''}${graphEnv ? ', V8 heap 6 GiB' : ''}`, command: cold(graph, cacheDir.graph, graphEnv) },
  };
}

const cpuRatio = (a: RowResult | undefined, b: RowResult | undefined): number | undefined => (a?.cpuS !== undefined && b?.cpuS ? a.cpuS / b.cpuS : undefined);

export async function measureScale(corpora: { name: string; root: string }[], settings: ScaleSettings): Promise<ScaleReport> {
  const { log } = settings;
  const cli: Tool = settings.cli ? (existsSync(settings.cli) ? { ok: true, path: settings.cli, note: `node ${settings.cli}` } : { ok: false, reason: `no CLI at ${settings.cli}` }) : buildCli(log);
  const cacheDir = { pr: cli.ok && supportsCacheDir(cli.path, 'pr'), graph: cli.ok && supportsCacheDir(cli.path, 'graph') };
  const repomix = ensureRepomix(settings.benchDir, log);
  const results: CorpusScale[] = [];
  for (const corpus of corpora) {
    log(`bench (whole processes): ${corpus.name}`);
    const repo = ensureChangeRepo(corpus.root, join(settings.benchDir, `pr-${corpus.name}`), log);
    const { pr, first, warm, graph } = cliRows(cli, cacheDir, repo.dir, settings.budget);
    const out = mkdtempSync(join(tmpdir(), 'repodigest-bench-repomix-'));
    const rows: ProcessRow[] = [
      { name: 'parse-only floor', note: 'node: read + WASM tree-sitter parse + free, every .py', command: { argv: [node, parseOnlyScript, repo.dir] } },
      pr,
      first,
      warm,
      graph,
      {
        name: 'repomix --compress',
        note: repomix.ok ? `${repomix.note}, the same tree, output to a temp file` : '',
        command: repomix.ok ? { argv: [node, repomix.path, repo.dir, '--compress', '--quiet', '--output', join(out, 'repomix.xml')] } : { unavailable: repomix.reason },
      },
    ];
    const measured = measureRows(rows, settings);
    rmSync(out, { recursive: true, force: true });
    const byName = (name: string) => measured.find((r) => r.name === name);
    const prOverParse = cpuRatio(byName('cold PR digest'), byName('parse-only floor'));
    const repomixOverPr = cpuRatio(byName('repomix --compress'), byName('cold PR digest'));
    results.push({ name: corpus.name, repo: repo.dir, changed: repo.changed, rows: measured, ...(prOverParse ? { prOverParse } : {}), ...(repomixOverPr ? { repomixOverPr } : {}) });
  }
  const synthetic: SyntheticScale[] = [];
  for (const files of settings.synthetic) {
    log(`bench (synthetic monorepo): ${files} files`);
    const repo = ensureSynthetic(settings.benchDir, files, settings.seed, log);
    const { pr, graph } = cliRows(cli, cacheDir, repo.dir, settings.budget, settings.syntheticTimeoutS, { NODE_OPTIONS: '--max-old-space-size=6144' }, { NODE_OPTIONS: `--max-old-space-size=${RUNNER_HEAP_MB}` });
    synthetic.push({ files, repo: repo.dir, rows: measureRows([pr, graph], { rounds: 1, warmup: 0, log }) });
    await settings.onSynthetic?.(synthetic);
  }
  return { cli: cli.ok ? cli.note : cli.reason, cacheDir, repomix: repomix.ok ? repomix.note : repomix.reason, corpora: results, synthetic };
}
