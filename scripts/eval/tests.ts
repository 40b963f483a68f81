// `npm run eval:tests -- <repo>:<source>:<tests> ... [--commits N] [--budget B] [--scores FILE] [--cli FILE] [--apt PKG,...]`:
// the test selection of PR digests scored against real per-test coverage.
//
// It installs what it runs when missing: Debian's python3-pytest and python3-coverage, and the
// repositories' own test dependencies named with `--apt` (flask's: python3-werkzeug, python3-jinja2,
// python3-click, python3-itsdangerous), with apt-get (root, or sudo without a password).
//
// For each repository (a local clone, nothing committed) and each of its last N commits that change
// Python under <source>, replayed as a PR (parent -> commit):
// - truth: the parent's test suite is run once under coverage with per-test contexts
//   (coverageTruth.py, Debian's python3-pytest and python3-coverage); the tests whose covered lines
//   include a line whose code the commit changes (a pure insertion counts the lines on either side;
//   comments and docstrings left out, codeChanges.py) are the tests that exercise the change;
// - RepoDigest: `dist/cli.js pr --format json` at the commit; its must-run files and most-likely node
//   ids are scored against the truth: recall, and the share of the suite each selects. An "untested"
//   claim is contradicted when coverage shows a test running a changed line of that symbol.
// Commits whose changed lines no test runs have no truth: they are counted apart.
// A second table scores the most-likely tier cut at each depth (tests within k hops), from the same
// digests. Each parent's coverage data is kept under the system temp folder
// (repodigest-eval-coverage/<repo>-<parent sha>.coverage) and reused: scoring another build of the
// tool on the same commits reruns no suite (delete the folder to measure afresh). `--scores FILE`
// writes every commit's scores as JSON, for rules computed from them afterwards; a third table replays
// the depth rule of review/affectedTests.ts at several share bounds; `--cli FILE` scores
// another build of the CLI (a copy of dist/cli.js) in place of dist/cli.js.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
let cli = join(repoRoot, 'dist', 'cli.js');
const truthScript = join(repoRoot, 'scripts', 'eval', 'coverageTruth.py');
const codeChangesScript = join(repoRoot, 'scripts', 'eval', 'codeChanges.py');

interface Target {
  dir: string;
  source: string;
  tests: string;
}

interface Score {
  repo: string;
  commit: string;
  truthFiles: number;
  truthTests: number;
  mustRunRecall: number | undefined;
  mustRunShare: number;
  likelyRecall: number | undefined;
  likelyShare: number;
  /** Most-likely recall and share when only tests within k hops are kept, by k. */
  byDepth: Map<number, { recall: number | undefined; share: number }>;
  contradicted: string[];
  note: string;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Base-side lines a commit changes, per Python file under `source` (a pure insertion: the lines around it). */
function changedBaseLines(dir: string, parent: string, commit: string, source: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  let file: string | undefined;
  for (const line of git(dir, 'diff', '-U0', '--no-renames', parent, commit, '--', source).split('\n')) {
    if (line.startsWith('--- ')) file = line === '--- /dev/null' ? undefined : line.slice(6);
    const hunk = /^@@ -(\d+)(?:,(\d+))? /.exec(line);
    if (!hunk || !file?.endsWith('.py')) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    const lines = count === 0 ? [start, start + 1] : Array.from({ length: count }, (_, i) => start + i);
    (out[file] ??= []).push(...lines);
  }
  return out;
}

/**
 * The base lines whose code the commit changes (codeChanges.py): comment- and docstring-only changes
 * select no test by the digest's rule and change no behaviour, so coverage of their lines is no truth.
 */
function codeChangedBaseLines(dir: string, parent: string, commit: string, source: string): Record<string, number[]> {
  const files: Record<string, [string, string]> = {};
  for (const path of Object.keys(changedBaseLines(dir, parent, commit, source))) {
    const at = (rev: string) => spawnSync('git', ['show', `${rev}:${path}`], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const head = at(commit);
    files[path] = [at(parent).stdout, head.status === 0 ? head.stdout : ''];
  }
  const run = spawnSync('/usr/bin/python3', [codeChangesScript], { input: JSON.stringify({ files }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`code changes of ${commit}: ${run.stderr.trim().split('\n').pop()}`);
  return JSON.parse(run.stdout) as Record<string, number[]>;
}

/** `file::Class::test` -> `file::Class.test` (coverage's qualified names). */
function asQualified(nodeId: string): string {
  const [file, ...rest] = nodeId.split('::');
  return `${file}::${rest.join('.')}`;
}

/** The qualified name of symbol `id` inside `file` (ids start with the module's import name). */
function qualnameIn(id: string, file: string): string | undefined {
  const parts = file.replace(/\.py$/, '').replace(/\/__init__$/, '').split('/');
  const last = parts[parts.length - 1]!;
  const at = id.indexOf(`${last}.`);
  return at < 0 ? undefined : id.slice(at + last.length + 1);
}

function evalCommit(repo: string, t: Target, commit: string, budget: number): Score {
  const parent = `${commit}^`;
  const changed = codeChangedBaseLines(t.dir, parent, commit, t.source);
  git(t.dir, 'checkout', '-q', '--force', '--detach', commit);
  const run = spawnSync(process.execPath, [cli, 'pr', t.dir, '--base', parent, '--head', commit, '--format', 'json', '--budget', String(budget), '--no-cache', '--quiet'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`${repo} ${commit}: repodigest failed: ${run.stderr.trim().split('\n').pop()}`);
  const digest = JSON.parse(run.stdout) as { tests: { nodeId: string; hops: number; definedAt?: string }[]; mustRun: { files: string[] }; untested: string[]; changed: { id: string; file: string }[] };
  const fileOf = new Map(digest.changed.map((c) => [c.id, c.file] as const));
  const untested = digest.untested.flatMap((id) => {
    const file = fileOf.get(id);
    const qual = file === undefined ? undefined : qualnameIn(id, file);
    return file === undefined || qual === undefined ? [] : [[file, qual]];
  });
  git(t.dir, 'checkout', '-q', '--force', '--detach', parent);
  const cacheDir = join(tmpdir(), 'repodigest-eval-coverage');
  mkdirSync(cacheDir, { recursive: true });
  const cache = join(cacheDir, `${repo}-${git(t.dir, 'rev-parse', parent).trim()}.coverage`);
  const truthRun = spawnSync('/usr/bin/python3', [truthScript], { cwd: t.dir, input: JSON.stringify({ source: t.source, tests: t.tests, changed, untested, cache }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (truthRun.status !== 0) throw new Error(`${repo} ${commit}: coverage truth failed: ${truthRun.stderr.trim().split('\n').pop()}`);
  const truth = JSON.parse(truthRun.stdout) as { suite: { files: string[]; tests: string[] }; truth: { files: string[]; tests: string[] }; contradicted: string[]; failed: boolean; summary: string };
  const mustRun = new Set(digest.mustRun.files);
  // Coverage names an inherited test method by the class that defines it (its `__qualname__`).
  const qualified = (x: { nodeId: string; definedAt?: string }) => asQualified(x.definedAt ?? x.nodeId);
  const likely = new Set(digest.tests.map(qualified));
  const recall = (got: Set<string>, want: readonly string[]) => (want.length === 0 ? undefined : want.filter((w) => got.has(w)).length / want.length);
  const share = (n: number) => (truth.suite.tests.length === 0 ? 0 : n / truth.suite.tests.length);
  const byDepth = new Map<number, { recall: number | undefined; share: number }>();
  for (let k = 0; k <= Math.max(MAX_DEPTH_SHOWN, ...digest.tests.map((x) => x.hops)); k++) {
    const kept = new Set(digest.tests.filter((x) => x.hops <= k).map(qualified));
    byDepth.set(k, { recall: recall(kept, truth.truth.tests), share: share(kept.size) });
  }
  return {
    repo,
    commit: commit.slice(0, 10),
    truthFiles: truth.truth.files.length,
    truthTests: truth.truth.tests.length,
    mustRunRecall: recall(mustRun, truth.truth.files),
    mustRunShare: truth.suite.files.length === 0 ? 0 : mustRun.size / truth.suite.files.length,
    likelyRecall: recall(likely, truth.truth.tests),
    likelyShare: share(likely.size),
    byDepth,
    contradicted: truth.contradicted,
    note: truth.failed ? `suite did not run cleanly: ${truth.summary}` : '',
  };
}

const MAX_DEPTH_SHOWN = 2;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function summarise(label: string, scores: Score[]): string {
  const withTruth = scores.filter((s) => s.mustRunRecall !== undefined);
  const mean = (v: number[]) => (v.length === 0 ? Number.NaN : v.reduce((a, b) => a + b, 0) / v.length);
  const must = withTruth.map((s) => s.mustRunRecall!);
  const likely = withTruth.map((s) => s.likelyRecall!);
  const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(1)}%`);
  const perfect = must.filter((r) => r === 1).length;
  return `| ${label} | ${scores.length} | ${withTruth.length} | ${pct(mean(must))} (${perfect}/${must.length} complete) | ${pct(median(scores.map((s) => s.mustRunShare)))} | ${pct(mean(likely))} | ${pct(median(scores.map((s) => s.likelyShare)))} | ${scores.reduce((n, s) => n + s.contradicted.length, 0)} |`;
}

/** Most-likely recall (mean over commits with truth) and share (median) per depth cut, one row per repository. */
function depthRow(label: string, scores: Score[], depths: readonly number[]): string {
  const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(1)}%`);
  const cells = depths.map((k) => {
    const at = scores.map((s) => s.byDepth.get(k) ?? [...s.byDepth.values()].at(-1)!);
    const recalls = at.flatMap((d) => (d.recall === undefined ? [] : [d.recall]));
    const mean = recalls.length === 0 ? Number.NaN : recalls.reduce((a, b) => a + b, 0) / recalls.length;
    return `${pct(mean)} / ${pct(median(at.map((d) => d.share)))}`;
  });
  return `| ${label} | ${cells.join(' | ')} |`;
}

const BOUNDS = [0.1, 0.25, 0.5, 0.75, 1];

/**
 * The depth rule replayed on these digests for each share bound: every test within 2 hops, then each
 * deeper level while the selection stays within the bound (of the suite coverage ran). Meaningful on
 * a build that lists every level (MAX_SHARE set to Infinity): a bounded build has cut them already.
 */
function boundRow(label: string, scores: Score[]): string {
  const pct = (x: number) => (Number.isNaN(x) ? '-' : `${(100 * x).toFixed(1)}%`);
  const cells = BOUNDS.map((bound) => {
    const at = scores.map((s) => {
      let pick = [...s.byDepth.values()][0]!;
      for (const [k, d] of [...s.byDepth].sort((a, b) => a[0] - b[0])) {
        if (k > 2 && d.share > bound) break;
        pick = d;
      }
      return pick;
    });
    const recalls = at.flatMap((d) => (d.recall === undefined ? [] : [d.recall]));
    const mean = recalls.length === 0 ? Number.NaN : recalls.reduce((a, b) => a + b, 0) / recalls.length;
    return `${pct(mean)} / ${pct(median(at.map((d) => d.share)))}`;
  });
  return `| ${label} | ${cells.join(' | ')} |`;
}

/** Installs the Debian packages not installed yet (dpkg-query says which), or stops with the command to run. */
function ensureDebianPackages(packages: readonly string[]): void {
  const missing = packages.filter((p) => spawnSync('dpkg-query', ['-W', '-f=${Status}', p], { encoding: 'utf8' }).stdout?.includes('install ok installed') !== true);
  if (missing.length === 0) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args: string[]): boolean => {
    const [command, ...rest] = [...sudo, ...args];
    return spawnSync(command!, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
  };
  process.stderr.write(`eval:tests: installing ${missing.join(', ')}\n`);
  if (!run(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]) && !(run(['apt-get', 'update']) && run(['apt-get', 'install', '-y', '--no-install-recommends', ...missing]))) {
    throw new Error(`cannot install ${missing.join(' ')}: run apt-get install ${missing.join(' ')} as root`);
  }
}

function main(): void {
  const argv = process.argv.slice(2);
  let commits = 20;
  let budget = 8000;
  let scoresFile: string | undefined;
  const apt: string[] = [];
  const targets: [string, Target][] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--commits') commits = Number(argv[++i]);
    else if (argv[i] === '--budget') budget = Number(argv[++i]);
    else if (argv[i] === '--scores') scoresFile = argv[++i];
    else if (argv[i] === '--cli') cli = argv[++i]!;
    else if (argv[i] === '--apt') apt.push(...argv[++i]!.split(',').filter(Boolean));
    else {
      const [dir = '', source = 'src', tests = 'tests'] = argv[i]!.split(':');
      targets.push([dir.split('/').filter(Boolean).pop() ?? dir, { dir, source, tests }]);
    }
  }
  if (targets.length === 0) throw new Error('usage: npm run eval:tests -- <repo>:<source>:<tests> ... [--commits N] [--budget B] [--scores FILE] [--cli FILE] [--apt PKG,...]');
  ensureDebianPackages(['python3-pytest', 'python3-coverage', ...apt]);
  const all: Score[] = [];
  const lines: string[] = [];
  const perRepo: [string, Score[]][] = [];
  for (const [name, t] of targets) {
    const start = git(t.dir, 'rev-parse', 'HEAD').trim();
    const list = git(t.dir, 'log', '--no-merges', '--format=%H', '-n', String(commits * 4), 'HEAD', '--', t.source)
      .trim()
      .split('\n')
      .filter((c) => c !== '' && Object.keys(changedBaseLines(t.dir, `${c}^`, c, t.source)).length > 0)
      .slice(0, commits);
    const scores: Score[] = [];
    try {
      for (const c of list) {
        const s = evalCommit(name, t, c, budget);
        scores.push(s);
        process.stderr.write(`${name} ${s.commit}: truth ${s.truthFiles} files/${s.truthTests} tests; must-run recall ${s.mustRunRecall ?? '-'} share ${s.mustRunShare.toFixed(2)}; likely recall ${s.likelyRecall ?? '-'} share ${s.likelyShare.toFixed(2)}${s.contradicted.length > 0 ? `; untested contradicted: ${s.contradicted.join(', ')}` : ''}${s.note ? `; ${s.note}` : ''}\n`);
      }
    } finally {
      git(t.dir, 'checkout', '-q', '--force', '--detach', start);
    }
    all.push(...scores);
    lines.push(summarise(name, scores));
    perRepo.push([name, scores]);
    const missed = scores.filter((s) => s.mustRunRecall !== undefined && s.mustRunRecall < 1).map((s) => s.commit);
    if (missed.length > 0) lines.push(`|  | must-run missed a truth file on: ${missed.join(', ')} |  |  |  |  |  |  |`);
  }
  if (scoresFile !== undefined) writeFileSync(scoresFile, JSON.stringify(all.map((s) => ({ ...s, byDepth: Object.fromEntries(s.byDepth) })), null, 1));
  const depths = Array.from({ length: Math.max(0, ...all.flatMap((s) => [...s.byDepth.keys()])) + 1 }, (_, k) => k);
  process.stdout.write(
    [
      `Test selection against per-test coverage (budget ${budget}; recall over commits whose changed lines some test runs)`,
      '',
      '| repository | commits | with truth | must-run recall (mean) | must-run share of test files (median) | most-likely recall (mean) | most-likely share of tests (median) | untested claims contradicted |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...lines,
      summarise('all', all),
      '',
      'Most-likely tier cut at each depth: recall (mean) / share of tests (median)',
      '',
      `| repository | ${depths.map((k) => `≤ ${k} hops`).join(' | ')} |`,
      `| --- | ${depths.map(() => '---:').join(' | ')} |`,
      ...perRepo.map(([name, scores]) => depthRow(name, scores, depths)),
      depthRow('all', all, depths),
      '',
      'The depth rule at each share bound (on a build listing every level): recall (mean) / share of tests (median)',
      '',
      `| repository | ${BOUNDS.map((b) => `≤ ${100 * b}%`).join(' | ')} |`,
      `| --- | ${BOUNDS.map(() => '---:').join(' | ')} |`,
      ...perRepo.map(([name, scores]) => boundRow(name, scores)),
      boundRow('all', all),
      '',
    ].join('\n'),
  );
}

main();
