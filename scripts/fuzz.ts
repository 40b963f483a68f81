// `npm run fuzz [-- --runs N --seed S --jobs J]`: the fuzz target of scripts/fuzz/target.ts for N
// cases (default 100,000), seeded (default 20261201, so a run can be repeated), split over J child
// processes (default 2, the bench machine's cores; job i runs its share with seed S + i). Progress
// on stderr, a one-line summary on stdout; exit 1 with fast-check's shrunk counterexample and the
// error on the first failure of any job.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { loadPythonParser } from '../src/python/treeSitter.js';
import { checkCase, extractionFailures, fuzzCaseArbitrary, loadCorpus } from './fuzz/target.js';

interface JobSummary {
  runs: number;
  failed: boolean;
  seconds: number;
  slowestMs: number;
  indexed: number;
  skipped: number;
  budgetTooSmall: number;
  seeds: number;
  /** Files extraction failed on (skipped with the reason, as in a real run), first few. */
  failures: string[];
  failureCount: number;
}

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

async function runJob(runs: number, seed: number, label: string): Promise<JobSummary> {
  const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
  const corpus = loadCorpus(repoRoot);
  const parser = await loadPythonParser();
  const limits = { perFileMs: 20_000, perCaseMs: 60_000 };
  const start = performance.now();
  const summary: JobSummary = { runs: 0, failed: false, seconds: 0, slowestMs: 0, indexed: 0, skipped: 0, budgetTooSmall: 0, seeds: corpus.length, failures: [], failureCount: 0 };
  const result = fc.check(
    fc.property(fuzzCaseArbitrary(corpus.length), (c) => {
      const caseStart = performance.now();
      const outcome = checkCase(parser, corpus, c, limits);
      summary.slowestMs = Math.max(summary.slowestMs, performance.now() - caseStart);
      summary.runs++;
      if (outcome.budgetTooSmall) summary.budgetTooSmall++;
      summary.skipped += outcome.skipped;
      summary.indexed += outcome.indexed;
      if (summary.runs % 1000 === 0) process.stderr.write(`fuzz${label}: ${summary.runs}/${runs} cases, ${((performance.now() - start) / 1000).toFixed(0)} s\n`);
    }),
    { numRuns: runs, seed },
  );
  summary.seconds = (performance.now() - start) / 1000;
  summary.failureCount = extractionFailures.length;
  summary.failures = extractionFailures.slice(0, 5);
  summary.runs = result.numRuns;
  if (result.failed) {
    summary.failed = true;
    process.stderr.write(`fuzz${label}: seed ${seed}\n${fc.defaultReportMessage(result) ?? ''}\n${String((result.errorInstance as Error | undefined)?.stack ?? result.errorInstance)}\n`);
  }
  return summary;
}

function spawnJob(runs: number, seed: number, index: number): Promise<JobSummary> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, '--job', String(runs), String(seed), String(index)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolvePromise(JSON.parse(out) as JobSummary);
      } catch {
        reject(new Error(`fuzz job ${index} printed no summary`));
      }
    });
  });
}

const jobAt = process.argv.indexOf('--job');
if (jobAt >= 0) {
  const [runs, seed, index] = process.argv.slice(jobAt + 1, jobAt + 4).map(Number) as [number, number, number];
  process.stdout.write(JSON.stringify(await runJob(runs, seed, ` job ${index}`)));
} else {
  const runs = option('--runs', 100_000);
  const seed = option('--seed', 20261201);
  const jobs = Math.max(1, option('--jobs', 2));
  const start = performance.now();
  const shares = Array.from({ length: jobs }, (_, i) => Math.floor(runs / jobs) + (i < runs % jobs ? 1 : 0));
  const results = await Promise.all(shares.map((share, i) => spawnJob(share, seed + i, i)));
  const total = results.reduce((sum, r) => sum + r.runs, 0);
  const seconds = ((performance.now() - start) / 1000).toFixed(0);
  const seeds = shares.map((_, i) => seed + i).join(', ');
  if (results.some((r) => r.failed)) {
    process.stdout.write(`fuzz: FAILED (${total} cases run, seeds ${seeds}, ${seconds} s); see the counterexample above\n`);
    process.exitCode = 1;
  } else {
    const sum = (key: 'indexed' | 'skipped' | 'budgetTooSmall'): number => results.reduce((s, r) => s + r[key], 0);
    process.stdout.write(
      `fuzz: ${total} cases passed (seeds ${seeds}, ${results[0]?.seeds ?? 0} seed files, ${jobs} jobs, ${seconds} s wall, slowest case ${(Math.max(...results.map((r) => r.slowestMs)) / 1000).toFixed(1)} s): ` +
        `${sum('indexed')} files indexed and ${sum('skipped')} skipped with a reason, ${sum('budgetTooSmall')} budgets too small for any document, ` +
        `${results.reduce((s, r) => s + r.failureCount, 0)} files extraction failed on (skipped with the reason)\n`,
    );
    for (const failure of results.flatMap((r) => r.failures)) process.stdout.write(`  extraction failed: ${failure}\n`);
  }
}
