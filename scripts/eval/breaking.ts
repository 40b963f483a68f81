// The `--fail-on breaking` gate against Python's own binding rules, on real repositories.
//
// Run: npm run eval:breaking -- <git repo>... [--targets N] [--seed S] [--replay N] [--details]
//
// - Mutations: scripts/eval/breakingTruth.py samples N functions, methods and constructors of each
//   repository (outside tests), finds their call sites with jedi, reads each call's shape with `ast`
//   and applies signature mutations (remove a parameter passed by keyword, remove a positional one,
//   add a required one, rename one passed / not passed by keyword, make one keyword-only, reorder two,
//   add an optional one, remove a method a base class still defines). Each site's truth is
//   `inspect.Signature.bind` on a stub of the mutated header: broken, ok, or unknown (a `*`/`**` at
//   the call that may fill what is missing). Each mutation is committed in a scratch clone and the PR
//   digest's review (`breaking[]`) is scored per site against that truth.
// - "Likely broken" precision counts every "likely broken" call site of the mutated callable,
//   also the ones jedi did not list (as false). Recall for direct calls counts the truly broken sites
//   whose called name jedi resolves to the mutated definition alone; the "at least check" recall
//   counts every truly broken site. Override findings (a subclass's method no longer fitting) are
//   listed apart: they are not call sites.
// - Replay: the last N first-parent commits of each repository as pull requests (base = parent);
//   every "likely broken" site is listed with whether its name is still defined anywhere at that
//   commit, for a reader to judge (a real break, fixed later or not, or a false alarm).
// - Nothing of the analysed repositories is run: jedi and `ast` parse, and the stub holds names only.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openFileCache } from '../../src/cache/fileCache.js';
import { preparePr } from '../../src/pr/prepare.js';
import { isTestPath } from '../../src/python/testFiles.js';
import type { BreakingSite } from '../../src/review/breakingSites.js';

const TRUTH = fileURLToPath(new URL('./breakingTruth.py', import.meta.url));

interface TruthSite {
  file: string;
  line: number;
  truth: 'broken' | 'ok' | 'unknown';
  direct: boolean;
  shape: string;
}

interface Mutation {
  target: string;
  file: string;
  line: number;
  name: string;
  kind: string;
  mutation: string;
  edit: { file: string; start: [number, number]; end: [number, number]; text: string };
  sites: TruthSite[];
  /** The mutated signature, to judge a site jedi did not list (breakingTruth.py judge). */
  stub: unknown;
}

interface Extra {
  mutation: Mutation;
  file: string;
  line: number;
  reason: string;
}

interface Args {
  repos: string[];
  targets: number;
  seed: number;
  replay: number;
  details: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { repos: [], targets: 40, seed: 1, replay: 100, details: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const number = (): number => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) throw new Error(`${arg} needs a whole number, got '${argv[i] ?? ''}'`);
      return value;
    };
    if (arg === '--targets') args.targets = number();
    else if (arg === '--seed') args.seed = number();
    else if (arg === '--replay') args.replay = number();
    else if (arg === '--details') args.details = true;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg} (expected --targets N, --seed S, --replay N, --details)`);
    else args.repos.push(resolve(arg));
  }
  if (args.repos.length === 0) throw new Error('usage: npm run eval:breaking -- <git repo>... [--targets N] [--seed S] [--replay N] [--details]');
  return args;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_AUTHOR_NAME: 'eval', GIT_AUTHOR_EMAIL: 'eval@example.com', GIT_COMMITTER_NAME: 'eval', GIT_COMMITTER_EMAIL: 'eval@example.com' } }).trim();
}

/** Deterministic sample of `n` items (a seeded LCG shuffle), as scripts/eval/callers.ts draws. */
function sample<T>(items: readonly T[], n: number, seed: number): T[] {
  const copy = [...items];
  let state = seed >>> 0 || 1;
  for (let i = copy.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** `def` lines of every function and method outside tests (dunders other than `__init__` left out). */
function candidates(dir: string, files: readonly string[]): { file: string; line: number }[] {
  const out: { file: string; line: number }[] = [];
  for (const file of files) {
    if (isTestPath(file) || /(^|\/)(docs?|examples?)\//.test(file)) continue;
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const m = /^\s*(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
        if (m && (!/^__\w+__$/.test(m[1]!) || m[1] === '__init__')) out.push({ file, line: i + 1 });
      });
  }
  return out;
}

function mutationsOf(dir: string, files: readonly string[], targets: { file: string; line: number; seed: number }[], overrides: number, seed: number): Mutation[] {
  const sourceFiles = files.filter((f) => !isTestPath(f) && !/(^|\/)(docs?|examples?)\//.test(f));
  const request = { root: dir, files, sourceFiles, targets, overrides, seed };
  const run = spawnSync('python3', [TRUTH], { input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`breakingTruth.py failed (is python3-jedi installed?): ${run.error?.message ?? run.stderr.trim().split('\n').pop()}`);
  return (JSON.parse(run.stdout) as { mutations: Mutation[] }).mutations;
}

function applyEdit(text: string, edit: Mutation['edit']): string {
  const lines = text.split('\n');
  const offset = ([line, col]: [number, number]): number => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + col;
  return text.slice(0, offset(edit.start)) + edit.text + text.slice(offset(edit.end));
}

async function breakingOf(dir: string, base: string, head: string, cacheDir: string): Promise<BreakingSite[]> {
  const prepared = await preparePr({ repoDir: dir, base, head, index: { redact: false, cache: openFileCache(cacheDir) }, fullIndex: true });
  return prepared.review.findings.breaking;
}

interface Tally {
  mutations: number;
  broken: { broken: number; check: number; none: number };
  brokenDirect: { broken: number; total: number };
  ok: { broken: number; check: number; none: number };
  unknown: number;
  /** "Likely broken" on sites jedi did not list: a call there of that name fails to bind (ast), or not. */
  extraConfirmed: number;
  extraBroken: number;
  overrides: number;
}

const emptyTally = (): Tally => ({ mutations: 0, broken: { broken: 0, check: 0, none: 0 }, brokenDirect: { broken: 0, total: 0 }, ok: { broken: 0, check: 0, none: 0 }, unknown: 0, extraConfirmed: 0, extraBroken: 0, overrides: 0 });

function add(into: Tally, from: Tally): void {
  into.mutations += from.mutations;
  for (const k of ['broken', 'check', 'none'] as const) {
    into.broken[k] += from.broken[k];
    into.ok[k] += from.ok[k];
  }
  into.brokenDirect.broken += from.brokenDirect.broken;
  into.brokenDirect.total += from.brokenDirect.total;
  into.unknown += from.unknown;
  into.extraBroken += from.extraBroken;
  into.extraConfirmed += from.extraConfirmed;
  into.overrides += from.overrides;
}

/** Our verdicts on one mutation's sites, against the truth. */
function score(m: Mutation, ours: readonly BreakingSite[], notes: string[], extras: Extra[]): Tally {
  const t = emptyTally();
  t.mutations = 1;
  const mine = ours.filter((b) => b.symbol.endsWith(`.${m.name}`) || b.symbol.endsWith(`.${m.target.split('.')[0]}`));
  const at = new Map<string, BreakingSite>();
  for (const b of mine) {
    const key = `${b.site.file}:${b.site.line}`;
    const had = at.get(key);
    if (!had || (had.certainty === 'check' && b.certainty === 'broken')) at.set(key, b);
  }
  const truthAt = new Set<string>();
  for (const s of m.sites) {
    const key = `${s.file}:${s.line}`;
    truthAt.add(key);
    const verdict = at.get(key)?.certainty ?? 'none';
    if (s.truth === 'unknown') t.unknown++;
    else if (s.truth === 'broken') {
      t.broken[verdict]++;
      if (s.direct) {
        t.brokenDirect.total++;
        if (verdict === 'broken') t.brokenDirect.broken++;
        else notes.push(`  missed (${verdict}): ${m.mutation} of ${m.target} at ${key} ${s.shape}`);
      } else if (verdict === 'none') notes.push(`  missed (not even check): ${m.mutation} of ${m.target} at ${key} ${s.shape}`);
    } else {
      t.ok[verdict]++;
      if (verdict === 'broken') notes.push(`  false alarm: ${m.mutation} of ${m.target} at ${key} ${s.shape}: ${at.get(key)?.reason}`);
    }
  }
  for (const [key, b] of at) {
    if (truthAt.has(key) || b.certainty !== 'broken') continue;
    if (b.reason.startsWith('override')) {
      t.overrides++;
      continue;
    }
    extras.push({ mutation: m, file: b.site.file, line: b.site.line, reason: b.reason });
  }
  return t;
}

async function mutate(repo: string, args: Args, work: string, cacheDir: string, rows: Map<string, Tally>, notes: string[]): Promise<void> {
  const dir = join(work, basename(repo));
  execFileSync('git', ['clone', '-q', '--shared', repo, dir]);
  const base = git(dir, 'rev-parse', 'HEAD');
  const files = git(dir, 'ls-files', '*.py').split('\n').filter((f) => f !== '');
  const targets = sample(candidates(dir, files), args.targets, args.seed).map((t, i) => ({ ...t, seed: args.seed * 1000 + i }));
  const mutations = mutationsOf(dir, files, targets, Math.ceil(args.targets / 4), args.seed);
  process.stderr.write(`${basename(repo)} (${base.slice(0, 9)}): ${mutations.length} mutations of ${new Set(mutations.map((m) => m.target)).size} callables\n`);
  const extras: Extra[] = [];
  for (const m of mutations) {
    git(dir, 'checkout', '-q', '-f', base);
    const path = join(dir, m.edit.file);
    writeFileSync(path, applyEdit(readFileSync(path, 'utf8'), m.edit));
    git(dir, 'commit', '-q', '-am', m.mutation);
    const head = git(dir, 'rev-parse', 'HEAD');
    let ours: BreakingSite[];
    try {
      ours = await breakingOf(dir, base, head, cacheDir);
    } catch (error) {
      notes.push(`  error on ${m.mutation} of ${m.target}: ${(error as Error).message}`);
      continue;
    }
    const row = rows.get(m.mutation) ?? emptyTally();
    add(row, score(m, ours, notes, extras));
    rows.set(m.mutation, row);
  }
  // Sites jedi did not list, judged on the base code (the edit keeps every line where it was).
  git(dir, 'checkout', '-q', '-f', base);
  const verdicts = judge(dir, extras);
  extras.forEach((x, i) => {
    const row = rows.get(x.mutation.mutation)!;
    if (verdicts[i] === 'broken') row.extraConfirmed++;
    else {
      row.extraBroken++;
      notes.push(`  likely broken, not a jedi site (${verdicts[i]}): ${x.mutation.mutation} of ${x.mutation.target} at ${x.file}:${x.line}: ${x.reason}`);
    }
  });
}

function judge(dir: string, extras: readonly Extra[]): string[] {
  if (extras.length === 0) return [];
  const request = { root: dir, judge: extras.map((x) => ({ file: x.file, line: x.line, stub: x.mutation.stub })) };
  const run = spawnSync('python3', [TRUTH], { input: JSON.stringify(request), encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new Error(`breakingTruth.py judge failed: ${run.error?.message ?? run.stderr.trim().split('\n').pop()}`);
  return (JSON.parse(run.stdout) as { verdicts: string[] }).verdicts;
}

interface ReplayFinding {
  repo: string;
  commit: string;
  site: string;
  reason: string;
  defined: boolean;
}

async function replay(repo: string, n: number, work: string, cacheDir: string): Promise<{ commits: number; failing: Set<string>; findings: ReplayFinding[] }> {
  const dir = join(work, `${basename(repo)}-replay`);
  execFileSync('git', ['clone', '-q', '--shared', repo, dir]);
  const commits = git(dir, 'rev-list', '--first-parent', `--max-count=${n}`, 'HEAD').split('\n').filter((c) => c !== '');
  const findings: ReplayFinding[] = [];
  const failing = new Set<string>();
  let done = 0;
  for (const sha of commits) {
    const parents = git(dir, 'rev-list', '--parents', '-n', '1', sha).split(' ');
    if (parents.length < 2) continue;
    const touched = git(dir, 'diff', '--name-only', parents[1]!, sha, '--', '*.py');
    done++;
    if (touched === '') continue;
    git(dir, 'checkout', '-q', '--detach', '-f', sha);
    let ours: BreakingSite[];
    try {
      ours = await breakingOf(dir, parents[1]!, sha, cacheDir);
    } catch (error) {
      process.stderr.write(`  ${sha.slice(0, 8)}: ${(error as Error).message}\n`);
      continue;
    }
    for (const b of ours.filter((x) => x.certainty === 'broken')) {
      failing.add(sha);
      const name = b.symbol.slice(b.symbol.lastIndexOf('.') + 1);
      const defined = spawnSync('git', ['-C', dir, 'grep', '-q', '-E', `(def|class) ${name}\\b|^\\s*${name}\\s*=`, sha, '--', '*.py']).status === 0;
      findings.push({ repo: basename(repo), commit: sha.slice(0, 10), site: `${b.site.file}:${b.site.line} in ${b.site.caller}`, reason: b.reason, defined });
    }
  }
  return { commits: done, failing, findings };
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)}%`);

function table(rows: Map<string, Tally>): string[] {
  const out = ['| mutation | mutations | truly broken sites: likely broken / check / none | direct: likely broken of | fitting sites: likely broken / check / none | unknown |', '| --- | ---: | ---: | ---: | ---: | ---: |'];
  const total = emptyTally();
  const line = (name: string, t: Tally): string =>
    `| ${name} | ${t.mutations} | ${t.broken.broken} / ${t.broken.check} / ${t.broken.none} | ${t.brokenDirect.broken} of ${t.brokenDirect.total} | ${t.ok.broken} / ${t.ok.check} / ${t.ok.none} | ${t.unknown} |`;
  for (const [name, t] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
    out.push(line(name, t));
    add(total, t);
  }
  out.push(line('**all**', total));
  const flagged = total.broken.broken + total.ok.broken + total.extraBroken + total.extraConfirmed;
  const brokenSites = total.broken.broken + total.broken.check + total.broken.none;
  const right = total.broken.broken + total.extraConfirmed;
  out.push('');
  out.push(`- "likely broken" precision per site: ${pct(right, flagged)} (${right} of ${flagged}: ${total.broken.broken} on sites jedi lists, ${total.extraConfirmed} on sites jedi did not list where a call of that name fails to bind the mutated stub; ${total.ok.broken} on jedi sites that still bind, ${total.extraBroken} elsewhere)`);
  out.push(`- counting only the sites jedi lists as right: ${pct(total.broken.broken, flagged)}`);
  out.push(`- recall of "likely broken" on direct calls: ${pct(total.brokenDirect.broken, total.brokenDirect.total)} (${total.brokenDirect.broken} of ${total.brokenDirect.total})`);
  out.push(`- truly broken sites at least "check": ${pct(total.broken.broken + total.broken.check, brokenSites)} (${total.broken.broken + total.broken.check} of ${brokenSites})`);
  out.push(`- override findings (not call sites): ${total.overrides}`);
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), 'repodigest-eval-breaking-'));
  // The scratch clones are removed also when the run is interrupted.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const cacheDir = join(work, 'cache');
  const rows = new Map<string, Tally>();
  const notes: string[] = [];
  const replays: string[] = [];
  try {
    for (const repo of args.repos) await mutate(repo, args, work, cacheDir, rows, notes);
    console.log(table(rows).join('\n'));
    if (args.replay > 0) {
      console.log('\n| repository | commits replayed | commits the gate fails | "likely broken" sites |\n| --- | ---: | ---: | ---: |');
      for (const repo of args.repos) {
        const r = await replay(repo, args.replay, work, cacheDir);
        console.log(`| ${basename(repo)} | ${r.commits} | ${r.failing.size} | ${r.findings.length} |`);
        for (const f of r.findings) replays.push(`  ${f.repo} ${f.commit} ${f.site}: ${f.reason} (name ${f.defined ? 'still defined' : 'defined nowhere'} at that commit)`);
      }
      if (replays.length > 0) console.log(`\nEvery "likely broken" site of the replayed commits:\n${replays.join('\n')}`);
    }
    if (args.details && notes.length > 0) console.log(`\nMutation details:\n${notes.join('\n')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
