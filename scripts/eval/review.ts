// Replays real commits of local git repositories as pull requests and measures what a reviewer gets
// from the PR digest against the plain `git diff -U3` cut at the same budget (reviewMeasure.ts says how
// each figure is computed).
//
// Run: npm run eval:review -- <git repo> [<git repo> ...] [--commits N] [--budgets 3000,6000,12000]
//      [--scan M] [--no-jedi] [--sha S ...] [--missed]
//
// - Commits: per repository, the first-parent commits among the last M (default 400) that change .py
//   files, newest first, taken to fill size buckets by changed .py lines (< 50, 50-500, > 500) in the
//   proportion 4:4:2 of N (default 10); a bucket short of commits leaves its places to the others.
//   Commits over MAX_LINES changed lines are passed over (one replay would take minutes).
// - Each commit: a `git clone --shared --no-checkout` in a temp dir checked out at the commit, the
//   digest prepared once (full index) and packed at every budget; CPU is the process's user + system
//   time over prepare and packs.
// - Call lines: at the middle budget, on commits under 500 changed lines, jedi (scripts/eval/
//   jediCallers.py; Debian's python3-jedi, which parses and never runs the code) lists the call sites
//   of up to MAX_FUNCTIONS changed non-test functions and methods whose behaviour or signature changed
//   or that were added; a site counts as shown when its line's text is among the digest's code lines of
//   its file, and as quoted when the call-site list quotes it. Sites in test files are counted apart.
// - `--sha S` (repeatable, a prefix is enough) replays only the named commits of each repository;
//   `--missed` prints every jedi site outside the tests that the digest neither shows nor quotes.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMechanical } from '../../src/diff/changeClass.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { preparePr } from '../../src/pr/prepare.js';
import { isTestPath } from '../../src/python/testFiles.js';
import { jedi } from './callers.js';
import { type CodeLine, cutToBudget, diffChangedLines, digestCodeLines, duplicatedLines, listedCallLines, shownCount } from './reviewMeasure.js';

const MAX_LINES = 3000;
const MAX_FUNCTIONS = 12;
const BUCKETS = ['< 50', '50-500', '> 500'] as const;
type Bucket = (typeof BUCKETS)[number];

interface Options {
  repos: string[];
  commits: number;
  budgets: number[];
  scan: number;
  jedi: boolean;
  shas: string[];
  missed: boolean;
}

function parseArgs(argv: string[]): Options {
  const o: Options = { repos: [], commits: 10, budgets: [3000, 6000, 12000], scan: 400, jedi: true, shas: [], missed: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => argv[++i] ?? '';
    if (arg === '--commits') o.commits = Number(value());
    else if (arg === '--scan') o.scan = Number(value());
    else if (arg === '--budgets') o.budgets = value().split(',').map(Number);
    else if (arg === '--no-jedi') o.jedi = false;
    else if (arg === '--sha') o.shas.push(value());
    else if (arg === '--missed') o.missed = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else o.repos.push(arg);
  }
  if (o.repos.length === 0 || !Number.isInteger(o.commits) || o.budgets.some((b) => !Number.isInteger(b) || b <= 0)) {
    throw new Error('usage: npm run eval:review -- <git repo> [...] [--commits N] [--budgets 3000,6000,12000] [--scan M] [--no-jedi] [--sha S ...] [--missed]');
  }
  return o;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
}

/** Lines added and deleted in .py files by `sha` against its first parent. */
function changedPyLines(dir: string, sha: string): number {
  return git(dir, 'diff', '--numstat', `${sha}~1`, sha, '--', '*.py')
    .split('\n')
    .filter(Boolean)
    .reduce((n, row) => n + row.split('\t').slice(0, 2).reduce((m, x) => m + (Number(x) || 0), 0), 0);
}

function bucketOf(lines: number): Bucket {
  return lines < 50 ? '< 50' : lines <= 500 ? '50-500' : '> 500';
}

/** The commits to replay (see the top of the file), oldest first. */
function pickCommits(dir: string, o: Options): { sha: string; lines: number }[] {
  if (o.shas.length > 0) {
    return o.shas
      .filter((s) => spawnSync('git', ['-C', dir, 'rev-parse', '-q', '--verify', `${s}^{commit}`]).status === 0)
      .map((s) => git(dir, 'rev-parse', `${s}^{commit}`).trim())
      .map((sha) => ({ sha, lines: changedPyLines(dir, sha) }));
  }
  const shas = git(dir, 'rev-list', '--first-parent', `--max-count=${o.scan}`, 'HEAD', '--', '*.py').split('\n').filter(Boolean);
  const quota: Record<Bucket, number> = { '< 50': Math.round((o.commits * 4) / 10), '50-500': Math.round((o.commits * 4) / 10), '> 500': 0 };
  quota['> 500'] = o.commits - quota['< 50'] - quota['50-500'];
  const byBucket: Record<Bucket, { sha: string; lines: number }[]> = { '< 50': [], '50-500': [], '> 500': [] };
  for (const sha of shas) {
    if (spawnSync('git', ['-C', dir, 'rev-parse', '-q', '--verify', `${sha}~1`]).status !== 0) continue;
    const lines = changedPyLines(dir, sha);
    if (lines === 0 || lines > MAX_LINES) continue;
    byBucket[bucketOf(lines)].push({ sha, lines });
  }
  const picked: { sha: string; lines: number }[] = [];
  let spare = 0;
  for (const b of [...BUCKETS].reverse()) {
    const take = byBucket[b].slice(0, quota[b]);
    spare += quota[b] - take.length;
    picked.push(...take);
  }
  for (const b of BUCKETS) {
    const more = byBucket[b].slice(quota[b], quota[b] + spare);
    spare -= more.length;
    picked.push(...more);
  }
  return picked.reverse();
}

interface AtBudget {
  budget: number;
  digest: number;
  diff: number;
  diffFits: boolean;
  duplicated: number;
  codeLines: number;
  tokens: number;
}

interface CommitRow {
  repo: string;
  sha: string;
  lines: number;
  changed: number;
  at: AtBudget[];
  diffTokens: number;
  cpuMs: number;
  calls?: { found: number; shown: number; listed: number; testFound: number; testShown: number; failed: number; missed: string[] };
  error?: string;
}

function fileAt(dir: string, rev: string, file: string): string {
  const run = spawnSync('git', ['-C', dir, 'show', `${rev}:${file}`], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return run.status === 0 ? run.stdout : '';
}

async function replay(repo: string, dir: string, sha: string, lines: number, o: Options, count: (t: string) => number): Promise<CommitRow> {
  git(dir, 'checkout', '-q', '--detach', '-f', sha);
  const base = git(dir, 'rev-parse', `${sha}~1`).trim();
  const cpu = process.cpuUsage();
  const prepared = await preparePr({ repoDir: dir, base, head: sha });
  const results = o.budgets.map((budget) => packPr(prepared, withPackDefaults({ budget, format: 'markdown' })));
  const used = process.cpuUsage(cpu);
  const changed = diffChangedLines(git(dir, 'diff', '-U0', '--no-color', base, sha, '--', '*.py'));
  const plain = git(dir, 'diff', '-U3', '--no-color', base, sha, '--', '*.py');
  const held = new Map<string, Map<string, number>>();
  const heldCount = (file: string, text: string) => {
    let table = held.get(file);
    if (!table) {
      table = new Map();
      for (const rev of [base, sha]) for (const l of fileAt(dir, rev, file).split('\n')) table.set(l.trim(), (table.get(l.trim()) ?? 0) + 1);
      held.set(file, table);
    }
    return table.get(text) ?? 0;
  };
  const at = results.map((result, i): AtBudget => {
    const budget = o.budgets[i]!;
    const shown = digestCodeLines(result.content);
    const cut = cutToBudget(plain, budget, count);
    const dup = duplicatedLines(shown, heldCount);
    return {
      budget,
      digest: changed.length === 0 ? 1 : shownCount(changed, shown) / changed.length,
      diff: changed.length === 0 ? 1 : shownCount(changed, diffChangedLines(cut)) / changed.length,
      diffFits: cut.length === plain.length,
      duplicated: dup.lines === 0 ? 0 : dup.duplicated / dup.lines,
      codeLines: dup.lines,
      tokens: result.totalTokens,
    };
  });
  const row: CommitRow = { repo, sha: sha.slice(0, 9), lines, changed: changed.length, at, diffTokens: count(plain), cpuMs: Math.round((used.user + used.system) / 1000) };
  const middle = results[Math.floor(results.length / 2)];
  if (o.jedi && lines < 500 && middle) row.calls = callLines(dir, sha, prepared, digestCodeLines(middle.content), listedCallLines(middle.content));
  return row;
}

/** jedi's call sites of the changed non-test functions, and how many of their lines the digest shows. */
function callLines(dir: string, sha: string, prepared: Awaited<ReturnType<typeof preparePr>>, shown: readonly CodeLine[], listed: readonly CodeLine[]) {
  const wanted = prepared.entries
    .filter((e) => (e.kind === 'function' || e.kind === 'method') && e.change !== 'removed' && !isMechanical(e.changeClass) && !isTestPath(e.file))
    .slice(0, MAX_FUNCTIONS);
  const positions = wanted.flatMap((e) => {
    const text = fileAt(dir, sha, e.file).split('\n');
    const short = e.name.slice(e.name.lastIndexOf('.') + 1).replace(/#\d+$/, '');
    for (let line = e.lines[0]; line <= Math.min(e.lines[1], text.length); line++) {
      const m = new RegExp(`\\bdef\\s+(${short})\\b`).exec(text[line - 1] ?? '');
      if (m) return [{ file: e.file, line, column: m.index + m[0].length - short.length, short }];
    }
    return [];
  });
  const out = { found: 0, shown: 0, listed: 0, testFound: 0, testShown: 0, failed: 0, missed: [] as string[] };
  if (positions.length === 0) return out;
  const pool = new Set(shown.filter((l) => l.tag !== '-').map((l) => `${l.file}\u0000${l.text.trim()}`));
  const quoted = new Set(listed.map((l) => `${l.file}\u0000${l.text.trim()}`));
  const texts = new Map<string, string[]>();
  const refs = jedi(dir, positions.map(({ file, line, column }) => ({ file, line, column })), []).refs;
  for (const [i, sites] of refs.entries()) {
    if (sites === null) {
      out.failed++;
      continue;
    }
    // jedi lists other definitions of the name (an overload, a property's setter, the base method) as
    // references: a `def` line is not a call site.
    const definition = new RegExp(`^\\s*(async\\s+)?def\\s+${positions[i]!.short}\\b`);
    for (const [file, line] of sites) {
      if (!texts.has(file)) texts.set(file, fileAt(dir, sha, file).split('\n'));
      if (definition.test(texts.get(file)![line - 1] ?? '')) continue;
      const k = `${file}\u0000${(texts.get(file)![line - 1] ?? '').trim()}`;
      const hit = pool.has(k);
      if (isTestPath(file)) {
        out.testFound++;
        if (hit) out.testShown++;
      } else {
        out.found++;
        if (hit) out.shown++;
        // Quoted in the call-site list (a long line is cut there: its start counts).
        if (hit || quoted.has(k) || [...quoted].some((q) => q.endsWith('…') && k.startsWith(q.slice(0, -1)))) out.listed++;
        else out.missed.push(`${file}:${line}: ${k.slice(k.indexOf('\u0000') + 1)}`);
      }
    }
  }
  return out;
}

const pct = (x: number) => `${Math.round(100 * x)}%`;

function render(rows: CommitRow[], o: Options): string {
  const ok = rows.filter((r) => !r.error);
  const out: string[] = [];
  out.push(`Review replay: ${ok.length} commits of ${new Set(ok.map((r) => r.repo)).size} repositories, budgets ${o.budgets.join(' / ')} (o200k_base)`, '');
  out.push(`| repo | commit | .py lines | changed (non-trivial) | ${o.budgets.map((b) => `coverage @${b} digest / diff`).join(' | ')} | max dup | call lines @${o.budgets[Math.floor(o.budgets.length / 2)]}: in code (or quoted in the site list) / jedi sites; in tests | diff tokens | CPU ms |`);
  out.push(`| ${Array(7 + o.budgets.length).fill('---').join(' | ')} |`);
  for (const r of rows) {
    if (r.error) {
      out.push(`| ${r.repo} | ${r.sha} | ${r.lines} | error: ${r.error} |`);
      continue;
    }
    const cov = r.at.map((a) => `${pct(a.digest)} / ${pct(a.diff)}${a.diffFits ? ' (fits)' : ''}`);
    const dup = pct(Math.max(...r.at.map((a) => a.duplicated)));
    const calls = r.calls ? `${r.calls.shown} (${r.calls.listed})/${r.calls.found}; tests ${r.calls.testShown}/${r.calls.testFound}` : '-';
    out.push(`| ${r.repo} | ${r.sha} | ${r.lines} | ${r.changed} | ${cov.join(' | ')} | ${dup} | ${calls} | ${r.diffTokens} | ${r.cpuMs} |`);
  }
  out.push('', '| bucket | budget | commits | mean coverage digest | mean coverage diff | below 0.9x diff | diff fits, digest < 100% | max dup | over 5% dup |');
  out.push('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const bucket of BUCKETS) {
    const inBucket = ok.filter((r) => bucketOf(r.lines) === bucket);
    if (inBucket.length === 0) continue;
    o.budgets.forEach((budget, i) => {
      const a = inBucket.map((r) => r.at[i]!);
      const mean = (f: (x: AtBudget) => number) => a.reduce((s, x) => s + f(x), 0) / a.length;
      const below = a.filter((x) => x.digest < 0.9 * x.diff - 1e-9).length;
      const fitsShort = a.filter((x) => x.diffFits && x.digest < 1 - 1e-9).length;
      out.push(`| ${bucket} | ${budget} | ${a.length} | ${pct(mean((x) => x.digest))} | ${pct(mean((x) => x.diff))} | ${below} | ${fitsShort} | ${pct(Math.max(...a.map((x) => x.duplicated)))} | ${a.filter((x) => x.duplicated > 0.05).length} |`);
    });
  }
  const calls = ok.flatMap((r) => (r.calls ? [r.calls] : []));
  const sum = (f: (c: NonNullable<CommitRow['calls']>) => number) => calls.reduce((s, c) => s + f(c), 0);
  const found = Math.max(1, sum((c) => c.found));
  out.push('', `Call lines shown at the middle budget (commits under 500 lines): ${sum((c) => c.shown)} of ${sum((c) => c.found)} jedi call sites outside tests in code blocks (${pct(sum((c) => c.shown) / found)}), ${sum((c) => c.listed)} in code blocks or quoted in the call-site list (${pct(sum((c) => c.listed) / found)}); in test files ${sum((c) => c.testShown)} of ${sum((c) => c.testFound)} in code blocks; jedi could not answer for ${sum((c) => c.failed)} functions.`);
  out.push(`Tokens: digest ${ok.reduce((s, r) => s + r.at.reduce((t, a) => t + a.tokens, 0), 0)} over all budgets; CPU ${ok.reduce((s, r) => s + r.cpuMs, 0)} ms in all.`);
  return out.join('\n');
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const count = createTokenCounter('o200k_base').count;
  const rows: CommitRow[] = [];
  for (const source of o.repos) {
    const top = git(resolve(source), 'rev-parse', '--show-toplevel').trim();
    const repo = basename(top);
    const work = mkdtempSync(join(tmpdir(), 'repodigest-eval-review-'));
    const dir = join(work, 'repo');
    try {
      execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', top, dir]);
      for (const { sha, lines } of pickCommits(dir, o)) {
        process.stderr.write(`${repo} ${sha.slice(0, 9)} (${lines} lines)\n`);
        try {
          rows.push(await replay(repo, dir, sha, lines, o, count));
        } catch (error) {
          rows.push({ repo, sha: sha.slice(0, 9), lines, changed: 0, at: [], diffTokens: 0, cpuMs: 0, error: ((error as Error).message.split('\n')[0] ?? '').slice(0, 120) });
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  process.stdout.write(`${render(rows, o)}\n`);
  if (o.missed) {
    const missed = rows.flatMap((r) => (r.calls?.missed ?? []).map((m) => `${r.repo} ${r.sha} ${m}`));
    process.stdout.write(`\nCall sites outside tests neither shown nor quoted (${missed.length}):\n${missed.map((m) => `- ${m}`).join('\n')}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`eval:review: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
