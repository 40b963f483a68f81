// Replays the last N commits of a local git repository as pull requests (base = first parent) and
// measures the PR digest on each: changed symbols against Python-`ast` ground truth, tokens by section,
// "removed but still called" alarms checked with `git grep`, and run time.
//
// Run: npm run eval:pr -- <git repo> [--commits N] [--budget B] [--head REV] [--details]
//      (--head: replay the N first-parent commits ending at REV instead of HEAD; --details lists misses and alarms)
//
// - The repository is never touched: a `git clone --shared --no-checkout` in a temp dir is checked out
//   at each commit (the digest indexes the working tree) and removed at the end.
// - Ground truth: scripts/eval/prTruth.py parses both versions of every changed .py file with `ast`
//   (it never runs them) and applies the same ownership rules; symbols compare by (change, file, id below
//   the module), so import-name ids and path ids compare alike. Files `ast` cannot parse are left out
//   of both sides.
// - Sections of the markdown digest, by shape rather than by heading name: `code` is every fenced
//   block, `lists` every list item or table row outside them, `header` the rest (title, notes, headings,
//   footer).
// - Alarms are the digest's (PreparedPr.removedReferences, from diff/removedReferences.ts):
//   a removed symbol with resolved live references. Each is checked with `git grep -w <name> <commit>`
//   on .py files: an alarm whose name occurs nowhere at head is false. Name-only "check" items are
//   counted apart.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChangedSymbol } from '../../src/diff/changedSymbols.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { packPr } from '../../src/pr/packPr.js';
import { preparePr } from '../../src/pr/prepare.js';
import { parseReplayArgs } from './replayArgs.js';

const TRUTH_SCRIPT = fileURLToPath(new URL('./prTruth.py', import.meta.url));

function parseArgs(argv: string[]) {
  const args = parseReplayArgs(argv, 'eval:pr', { commits: 10 }, ['--details']);
  return { ...args, details: args.flags.has('--details') };
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trim();
}

interface TruthRow {
  file: string;
  local: string;
  kind: string;
  change: string;
}

function groundTruth(dir: string, base: string, head: string): { changed: TruthRow[]; unparsable: string[] } {
  const run = spawnSync('python3', [TRUTH_SCRIPT, dir, base, head], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`eval-pr-truth.py failed: ${run.stderr.trim().split('\n').pop()}`);
  return JSON.parse(run.stdout) as { changed: TruthRow[]; unparsable: string[] };
}

/** The symbol's id below its module: as many trailing id segments as its qualified name has (`#2` kept). */
export function localId(c: Pick<ChangedSymbol, 'id' | 'name'>): string {
  if (c.name === '') return '';
  const depth = c.name.split('.').length;
  return c.id.split('.').slice(-depth).join('.');
}

export interface Sections {
  header: number;
  lists: number;
  code: number;
}

/** Token count per section of a markdown digest (see the top of the file). */
export function sectionTokens(markdown: string, count: (text: string) => number): Sections {
  const parts: Record<keyof Sections, string[]> = { header: [], lists: [], code: [] };
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== undefined) {
      parts.code.push(line);
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      parts.code.push(line);
    } else if (/^\s*([-*+]|\d+\.)\s/.test(line) || /^\s*\|/.test(line)) parts.lists.push(line);
    else parts.header.push(line);
  }
  return { header: count(parts.header.join('\n')), lists: count(parts.lists.join('\n')), code: count(parts.code.join('\n')) };
}

interface CommitResult {
  sha: string;
  truth: number;
  found: number;
  matched: number;
  missed: string[];
  extra: string[];
  moves: number;
  sections: Sections;
  total: number;
  alarms: { id: string; inHead: boolean }[];
  checks: number;
  ms: number;
  error?: string;
}

async function replay(dir: string, sha: string, budget: number, count: (text: string) => number): Promise<CommitResult> {
  git(dir, 'checkout', '-q', '--detach', '-f', sha);
  const base = git(dir, 'rev-parse', `${sha}~1`);
  const started = performance.now();
  const prepared = await preparePr({ repoDir: dir, base, head: sha });
  const result = packPr(prepared, withPackDefaults({ budget, format: 'markdown' }));
  const ms = performance.now() - started;

  const truth = groundTruth(dir, base, sha);
  const skip = new Set(truth.unparsable);
  const key = (change: string, file: string, local: string) => `${change} ${file}:${local || '<module>'}`;
  const expected = new Set(truth.changed.map((t) => key(t.change, t.file, t.local)));
  const changed = prepared.changes.changed.filter((c) => !skip.has(c.file));
  const found = new Set(changed.map((c) => key(c.change, c.file, localId(c))));
  const matched = [...found].filter((k) => expected.has(k)).length;

  const references = prepared.removedReferences;
  const alarms = references
    .filter((r) => !r.heuristicOnly)
    .map((r) => {
      const name = r.id.slice(r.id.lastIndexOf('.') + 1).replace(/#\d+$/, '');
      const grep = spawnSync('git', ['-C', dir, 'grep', '-q', '-w', '-F', name, sha, '--', '*.py']);
      return { id: r.id, inHead: grep.status === 0 };
    });
  return {
    sha: sha.slice(0, 9),
    truth: expected.size,
    found: found.size,
    matched,
    missed: [...expected].filter((k) => !found.has(k)).sort(),
    extra: [...found].filter((k) => !expected.has(k)).sort(),
    moves: prepared.changes.changed.filter((c) => c.movedFrom !== undefined).length,
    sections: sectionTokens(result.content, count),
    total: result.totalTokens,
    alarms,
    checks: references.filter((r) => r.heuristicOnly).length,
    ms,
  };
}

function pct(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const source = resolve(options.repo);
  const top = git(source, 'rev-parse', '--show-toplevel');
  const commits = git(top, 'rev-list', '--first-parent', `--max-count=${options.commits}`, options.head, '--')
    .split('\n')
    .filter((sha) => sha !== '' && spawnSync('git', ['-C', top, 'rev-parse', '-q', '--verify', `${sha}~1`]).status === 0);
  const work = mkdtempSync(join(tmpdir(), 'repodigest-eval-pr-'));
  const dir = join(work, 'repo');
  const count = createTokenCounter('o200k_base').count;
  const results: CommitResult[] = [];
  try {
    execFileSync('git', ['clone', '-q', '--shared', '--no-checkout', top, dir]);
    for (const sha of commits) {
      try {
        results.push(await replay(dir, sha, options.budget, count));
      } catch (error) {
        const message = (error as Error).message.split('\n')[0] ?? '';
        results.push({ sha: sha.slice(0, 9), truth: 0, found: 0, matched: 0, missed: [], extra: [], moves: 0, sections: { header: 0, lists: 0, code: 0 }, total: 0, alarms: [], checks: 0, ms: 0, error: message });
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }

  const out: string[] = [];
  const ending = options.head === 'HEAD' ? '' : ` ending at ${options.head}`;
  out.push(`PR replay of ${top}: last ${commits.length} commits${ending}, budget ${options.budget} (o200k_base)`, '');
  out.push(row(['commit', 'truth', 'found', 'matched', 'recall', 'precision', 'moves', 'header', 'lists', 'code', 'total', 'alarms (name in head)', 'checks', 'ms']));
  out.push(row(Array(14).fill('---')));
  for (const r of results) {
    if (r.error) {
      out.push(row([r.sha, `error: ${r.error}`, ...Array(12).fill('')]));
      continue;
    }
    const alarms = `${r.alarms.length} (${r.alarms.filter((a) => a.inHead).length})`;
    out.push(row([r.sha, r.truth, r.found, r.matched, pct(r.matched, r.truth), pct(r.matched, r.found), r.moves, r.sections.header, r.sections.lists, r.sections.code, r.total, alarms, r.checks, Math.round(r.ms)]));
  }
  const ok = results.filter((r) => !r.error);
  const sum = (f: (r: CommitResult) => number) => ok.reduce((n, r) => n + f(r), 0);
  const alarmCount = sum((r) => r.alarms.length);
  const alarmsInHead = sum((r) => r.alarms.filter((a) => a.inHead).length);
  out.push(
    row([
      `**total (${ok.length})**`,
      sum((r) => r.truth),
      sum((r) => r.found),
      sum((r) => r.matched),
      pct(sum((r) => r.matched), sum((r) => r.truth)),
      pct(sum((r) => r.matched), sum((r) => r.found)),
      sum((r) => r.moves),
      sum((r) => r.sections.header),
      sum((r) => r.sections.lists),
      sum((r) => r.sections.code),
      sum((r) => r.total),
      `${alarmCount} (${alarmsInHead})`,
      sum((r) => r.checks),
      Math.round(sum((r) => r.ms)),
    ]),
  );
  const failed = results.length - ok.length;
  if (failed > 0) out.push('', `${failed} commit(s) could not be replayed (see the rows).`);
  if (options.details) {
    for (const r of ok) {
      if (r.missed.length + r.extra.length + r.alarms.length === 0) continue;
      out.push('', `${r.sha}:`);
      for (const k of r.missed) out.push(`  missed ${k}`);
      for (const k of r.extra) out.push(`  extra  ${k}`);
      for (const a of r.alarms) out.push(`  alarm  ${a.id}${a.inHead ? '' : ' (name not in head: false alarm)'}`);
    }
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`eval:pr: ${(error as Error).message}\n`);
    process.exitCode = 1;
  });
}
