// `npm run fuzz [-- --target T --runs N --seed S --jobs J --hang-seconds H --replay P]`: a fuzz target
// for N cases (default 100,000), seeded (default 20261201, so a run can be repeated), split over J
// child processes (default 2, the bench machine's cores; job i runs its share with seed S + i).
// Targets: `python` (default, scripts/fuzz/target.ts: mutated Python through the pack path) and
// `markup` (scripts/fuzz/markupTarget.ts: hostile PR text through the renderers, a real PR digest,
// the comment and the job summary, rendered by cmark-gfm).
//
// Decisions:
// - A failing case is not shrunk (fast-check's `endOnFailure`): shrinking re-runs heavy cases (300 KB
//   lines, 2,500-deep nesting, ~1 s of CPU each) hundreds of times, and a run that stopped printing
//   looked exactly like a hang. The failure is printed with its seed and case number instead, and
//   `--seed S --replay P` re-runs that one case (add `--shrink` to shrink it on purpose).
// - Time bounds are CPU time, not wall time: on a shared machine at load average 20 a 2 s case takes
//   20 s of wall time, and a wall-clock bound fails healthy cases. Inside a case scripts/fuzz/target.ts
//   checks each file and the whole case; a case that never returns (an endless loop in WASM cannot be
//   interrupted from its own thread) is caught by the parent, which reads each job's CPU time from
//   /proc/<pid>/stat and, past --hang-seconds (default 120) of CPU on one case, prints the seed and
//   case number and stops the job (wall time where /proc is missing).
// - A run stopped with SIGINT or SIGTERM prints how many cases each job passed before stopping.
// - Progress on stderr every --progress cases (default 1,000) with the case number, CPU and wall
//   seconds, RSS and live JS heap; the ten slowest cases (by CPU) with what they were are listed at
//   the end. A one-line summary goes to stdout; exit 1 on any failure.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { ensureCmarkGfm } from '../../__tests__/support/renderedMarkdown.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';
import { checkMarkupCase, describeMarkupCase, type MarkupCase, markupCaseArbitrary } from './markupTarget.js';
import { checkCase, describeCase, extractionFailures, type FuzzCase, fuzzCaseArbitrary, loadCorpus } from './target.js';

interface SlowCase {
  index: number;
  cpuMs: number;
  wallMs: number;
  what: string;
}

type TargetName = 'python' | 'markup';

/** What one case of any target reports; a target leaves the counts it has no use for at zero. */
interface CaseCounts {
  indexed: number;
  skipped: number;
  budgetTooSmall: boolean;
  /** markup: documents rendered by cmark-gfm, and real PR digests made. */
  rendered: number;
  pipelines: number;
}

interface Target {
  arbitrary: fc.Arbitrary<unknown>;
  check(c: unknown): Promise<CaseCounts>;
  describe(c: unknown): string;
  /** Seed files (python: the corpus). */
  seeds: number;
}

async function loadTarget(name: TargetName): Promise<Target> {
  if (name === 'markup') {
    ensureCmarkGfm();
    return {
      arbitrary: markupCaseArbitrary(),
      check: async (c) => ({ indexed: 0, skipped: 0, budgetTooSmall: false, ...(await checkMarkupCase(c as MarkupCase)) }),
      describe: (c) => describeMarkupCase(c as MarkupCase),
      seeds: 0,
    };
  }
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const corpus = loadCorpus(repoRoot);
  const parser = await loadPythonParser();
  const limits = { perFileMs: 20_000, perCaseMs: 60_000 };
  return {
    arbitrary: fuzzCaseArbitrary(corpus.length),
    check: async (c) => ({ ...checkCase(parser, corpus, c as FuzzCase, limits), rendered: 0, pipelines: 0 }),
    describe: (c) => describeCase(corpus, c as FuzzCase),
    seeds: corpus.length,
  };
}

interface JobSummary {
  seed: number;
  runs: number;
  failed: boolean;
  wallSeconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  indexed: number;
  skipped: number;
  budgetTooSmall: number;
  rendered: number;
  pipelines: number;
  seeds: number;
  slowest: SlowCase[];
  /** Files extraction failed on (skipped with the reason, as in a real run), first few. */
  failures: string[];
  failureCount: number;
}

const SLOWEST_KEPT = 10;
/** The job's heartbeat to the parent: one `case <n>` line per case, on this file descriptor. */
const HEARTBEAT_FD = 3;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`fuzz: ${name} needs a non-negative integer, got '${process.argv[at + 1] ?? ''}'\n`);
    process.exit(2);
  }
  return value;
}

function cpuMsNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function targetOption(): TargetName {
  const at = process.argv.indexOf('--target');
  if (at < 0) return 'python';
  const name = process.argv[at + 1];
  if (name !== 'python' && name !== 'markup') {
    process.stderr.write(`fuzz: --target needs 'python' or 'markup', got '${name ?? ''}'\n`);
    process.exit(2);
  }
  return name;
}

const targetName = targetOption();

function replayCommand(seed: number, index: number): string {
  return `npm run fuzz -- ${targetName === 'python' ? '' : `--target ${targetName} `}--seed ${seed} --replay ${index}`;
}

interface JobOptions {
  runs: number;
  seed: number;
  label: string;
  progressEvery: number;
  heartbeat: boolean;
  /** fast-check path of the one case to re-run (replay mode). */
  replay?: number;
  shrink: boolean;
}

async function runJob(o: JobOptions): Promise<JobSummary> {
  const target = await loadTarget(targetName);
  const wallStart = performance.now();
  const cpuStart = cpuMsNow();
  const summary: JobSummary = {
    ...emptySummary(o.seed),
    seeds: target.seeds,
  };
  let next = o.replay ?? 0;
  let inInitialRuns = true;
  const result = await fc.check(
    fc.asyncProperty(target.arbitrary, async (c) => {
      // Shrinking calls the property again; only the first pass has case numbers.
      const index = inInitialRuns ? next++ : -1;
      if (o.heartbeat && index >= 0) writeSync(HEARTBEAT_FD, `case ${index}\n`);
      const caseWall = performance.now();
      const caseCpu = cpuMsNow();
      let outcome: CaseCounts;
      try {
        outcome = await target.check(c);
      } catch (error) {
        if (index >= 0) {
          inInitialRuns = false;
          process.stderr.write(`fuzz${o.label}: case ${index} failed (seed ${o.seed}; re-run it alone: ${replayCommand(o.seed, index)})\n  ${target.describe(c)}\n`);
        }
        throw error;
      }
      if (index < 0) return;
      const cpuMs = cpuMsNow() - caseCpu;
      const wallMs = performance.now() - caseWall;
      if (summary.slowest.length < SLOWEST_KEPT || cpuMs > summary.slowest[summary.slowest.length - 1]!.cpuMs) {
        summary.slowest.push({ index, cpuMs, wallMs, what: target.describe(c) });
        summary.slowest.sort((a, b) => b.cpuMs - a.cpuMs || a.index - b.index);
        summary.slowest.length = Math.min(summary.slowest.length, SLOWEST_KEPT);
      }
      summary.runs++;
      if (outcome.budgetTooSmall) summary.budgetTooSmall++;
      summary.skipped += outcome.skipped;
      summary.indexed += outcome.indexed;
      summary.rendered += outcome.rendered;
      summary.pipelines += outcome.pipelines;
      const rssMb = process.memoryUsage.rss() / 1e6;
      summary.maxRssMb = Math.max(summary.maxRssMb, rssMb);
      if (summary.runs % o.progressEvery === 0) {
        const heapMb = process.memoryUsage().heapUsed / 1e6;
        process.stderr.write(
          `fuzz${o.label}: ${summary.runs}/${o.runs} cases (last: case ${index}), ${((cpuMsNow() - cpuStart) / 1000).toFixed(0)} s CPU, ` +
            `${((performance.now() - wallStart) / 1000).toFixed(0)} s wall, RSS ${rssMb.toFixed(0)} MB, JS heap ${heapMb.toFixed(0)} MB\n`,
        );
      }
    }),
    { numRuns: o.runs, seed: o.seed, endOnFailure: !o.shrink, ...(o.replay === undefined ? {} : { path: String(o.replay) }) },
  );
  summary.wallSeconds = (performance.now() - wallStart) / 1000;
  summary.cpuSeconds = (cpuMsNow() - cpuStart) / 1000;
  summary.failureCount = extractionFailures.length;
  summary.failures = extractionFailures.slice(0, 5);
  if (result.failed) {
    summary.failed = true;
    process.stderr.write(`fuzz${o.label}: seed ${o.seed}\n${fc.defaultReportMessage(result) ?? ''}\n${String((result.errorInstance as Error | undefined)?.stack ?? result.errorInstance)}\n`);
  }
  return summary;
}

/** CPU milliseconds a process has used (user + system), from /proc; undefined where there is no /proc. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3): indexes 11 and 12.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

interface Running {
  child: ChildProcess;
  seed: number;
  index: number;
  current: number;
  startCpu: number | undefined;
  startWall: number;
  hung?: string;
}

/** The jobs running, for the stop handler: a run stopped by a signal says how far each job got. */
const running: Running[] = [];

function stopOnSignal(signal: NodeJS.Signals, startWall: number): void {
  process.on(signal, () => {
    const done = running.map((j) => Math.max(0, j.current)); // cases before the one in progress
    const cpuSeconds = running.reduce((sum, j) => sum + (processCpuMs(j.child.pid!) ?? 0), 0) / 1000;
    for (const j of running) j.child.kill('SIGKILL');
    const total = done.reduce((a, b) => a + b, 0);
    process.stdout.write(
      `fuzz: stopped by ${signal} after ${((performance.now() - startWall) / 1000).toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} s CPU of the jobs: ${total} cases passed with no failure ` +
        `(${running.map((j, i) => `job ${i} seed ${j.seed}: ${done[i] === 0 ? "none" : `cases 0-${done[i]! - 1}`}`).join('; ')}); the cases in progress are not counted\n`,
    );
    process.exit(130);
  });
}

function spawnJob(runs: number, seed: number, index: number, progressEvery: number, hangMs: number): Promise<JobSummary> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, '--job', String(runs), String(seed), String(index), '--progress', String(progressEvery), '--target', targetName], {
      stdio: ['ignore', 'pipe', 'inherit', 'pipe'],
    });
    const job: Running = { child, seed, index, current: -1, startCpu: undefined, startWall: performance.now() };
    running.push(job);
    let pending = '';
    child.stdio[HEARTBEAT_FD]!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop()!;
      const last = lines[lines.length - 1];
      if (last === undefined) return;
      job.current = Number(last.slice('case '.length));
      job.startCpu = processCpuMs(child.pid!);
      job.startWall = performance.now();
    });
    // The hang watchdog: a case is hung when its job spent more than hangMs of CPU on it (wall time
    // where /proc is missing). The heartbeat arrives as the case starts, so the CPU since then is the case's.
    const watchdog = setInterval(() => {
      if (job.current < 0 || job.hung) return;
      const cpuNow = job.startCpu === undefined ? undefined : processCpuMs(child.pid!);
      const spent = cpuNow === undefined || job.startCpu === undefined ? performance.now() - job.startWall : cpuNow - job.startCpu;
      if (spent <= hangMs) return;
      job.hung = `case ${job.current} has run ${(spent / 1000).toFixed(0)} s of ${cpuNow === undefined ? 'wall' : 'CPU'} time (bound ${hangMs / 1000} s)`;
      process.stderr.write(`fuzz job ${index}: HANG: ${job.hung}, seed ${seed}; stopping the job. Re-run that case alone: ${replayCommand(seed, job.current)}\n`);
      child.kill('SIGKILL');
    }, 2000);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      clearInterval(watchdog);
      if (job.hung) {
        resolvePromise({ ...emptySummary(seed), failed: true, runs: job.current, failures: [`hang: ${job.hung}`] });
        return;
      }
      try {
        resolvePromise(JSON.parse(out) as JobSummary);
      } catch {
        reject(new Error(`fuzz job ${index} printed no summary`));
      }
    });
  });
}

function emptySummary(seed: number): JobSummary {
  return {
    seed, runs: 0, failed: false, wallSeconds: 0, cpuSeconds: 0, maxRssMb: 0, indexed: 0, skipped: 0, budgetTooSmall: 0, rendered: 0, pipelines: 0, seeds: 0,
    slowest: [], failures: [], failureCount: 0,
  };
}

const jobAt = process.argv.indexOf('--job');
const progressEvery = Math.max(1, option('--progress', 1000));
if (jobAt >= 0) {
  const [runs, seed, index] = process.argv.slice(jobAt + 1, jobAt + 4).map(Number) as [number, number, number];
  const summary = await runJob({ runs, seed, label: ` job ${index}`, progressEvery, heartbeat: true, shrink: false });
  process.stdout.write(JSON.stringify(summary));
} else if (process.argv.includes('--replay')) {
  const seed = option('--seed', 20261201);
  const replay = option('--replay', 0);
  const summary = await runJob({ runs: 1, seed, label: ' replay', progressEvery: 1, heartbeat: false, replay, shrink: process.argv.includes('--shrink') });
  const only = summary.slowest[0];
  if (summary.failed) process.exitCode = 1;
  else process.stdout.write(`fuzz: case ${replay} of seed ${seed} passed (${only ? `${only.cpuMs.toFixed(0)} ms CPU, ${only.wallMs.toFixed(0)} ms wall: ${only.what}` : ''})\n`);
} else {
  const runs = option('--runs', 100_000);
  const seed = option('--seed', 20261201);
  const jobs = Math.max(1, option('--jobs', 2));
  const hangMs = Math.max(1, option('--hang-seconds', 120)) * 1000;
  const start = performance.now();
  stopOnSignal('SIGINT', start);
  stopOnSignal('SIGTERM', start);
  const shares = Array.from({ length: jobs }, (_, i) => Math.floor(runs / jobs) + (i < runs % jobs ? 1 : 0));
  const results = await Promise.all(shares.map((share, i) => spawnJob(share, seed + i, i, progressEvery, hangMs)));
  const total = results.reduce((sum, r) => sum + r.runs, 0);
  const wall = ((performance.now() - start) / 1000).toFixed(0);
  const cpu = results.reduce((s, r) => s + r.cpuSeconds, 0).toFixed(0);
  const seeds = shares.map((_, i) => seed + i).join(', ');
  const slowest = results.flatMap((r) => r.slowest.map((s) => ({ ...s, seed: r.seed }))).sort((a, b) => b.cpuMs - a.cpuMs).slice(0, SLOWEST_KEPT);
  if (slowest.length > 0) {
    process.stderr.write('fuzz: slowest cases (CPU ms, wall ms, seed/case, what):\n');
    for (const s of slowest) process.stderr.write(`  ${s.cpuMs.toFixed(0).padStart(6)} ${s.wallMs.toFixed(0).padStart(6)}  ${s.seed}/${s.index}  ${s.what}\n`);
  }
  if (results.some((r) => r.failed)) {
    process.stdout.write(`fuzz: FAILED (${total} cases run, seeds ${seeds}, ${wall} s wall, ${cpu} s CPU); see the case above\n`);
    for (const failure of results.flatMap((r) => r.failures)) process.stdout.write(`  ${failure}\n`);
    process.exitCode = 1;
  } else if (targetName === 'markup') {
    const sum = (key: 'rendered' | 'pipelines'): number => results.reduce((s, r) => s + r[key], 0);
    process.stdout.write(
      `fuzz: ${total} cases passed (target markup, seeds ${seeds}, ${jobs} jobs, ${wall} s wall, ${cpu} s CPU, ` +
        `slowest case ${((slowest[0]?.cpuMs ?? 0) / 1000).toFixed(1)} s CPU, max RSS ${Math.max(...results.map((r) => r.maxRssMb)).toFixed(0)} MB): ` +
        `${sum('rendered')} documents rendered by cmark-gfm with no finding, ${sum('pipelines')} cases digesting a real git repository\n`,
    );
  } else {
    const sum = (key: 'indexed' | 'skipped' | 'budgetTooSmall'): number => results.reduce((s, r) => s + r[key], 0);
    process.stdout.write(
      `fuzz: ${total} cases passed (seeds ${seeds}, ${results[0]?.seeds ?? 0} seed files, ${jobs} jobs, ${wall} s wall, ${cpu} s CPU, ` +
        `slowest case ${((slowest[0]?.cpuMs ?? 0) / 1000).toFixed(1)} s CPU, max RSS ${Math.max(...results.map((r) => r.maxRssMb)).toFixed(0)} MB): ` +
        `${sum('indexed')} files indexed and ${sum('skipped')} skipped with a reason, ${sum('budgetTooSmall')} budgets too small for any document, ` +
        `${results.reduce((s, r) => s + r.failureCount, 0)} files extraction failed on (skipped with the reason)\n`,
    );
    for (const failure of results.flatMap((r) => r.failures)) process.stdout.write(`  extraction failed: ${failure}\n`);
  }
}
