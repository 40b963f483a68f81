// `npm run bench`: indexes real corpora and reports where the time and memory go.
//
// Each corpus is measured in its own child process (this script with `--worker`): peak RSS is a
// per-process high-water mark, so a shared process would report the largest corpus for every later
// one, and one corpus's heap and JIT state would colour the next. The parent fetches corpora, starts
// the workers one after another (never in parallel: they would compete for the 2 cores they measure),
// and prints. A benchmark reports; it never fails on a missed target. Exit 1 only when a corpus cannot
// be fetched or measured, 2 on a usage error.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BenchSettings, type CorpusChoice, parseBenchArgs, USAGE, UsageError } from './args.js';
import { CorpusError, ensureCorpus } from './corpus.js';
import { describeEnvironment } from './environment.js';
import { measureCorpus } from './measure.js';
import { loadStages } from './modules.js';
import type { PackTarget } from './packing.js';
import { scalePlotSvg, writePng } from './plot.js';
import { type BenchSettingsEcho, type CorpusReport, evaluateTargets, renderText } from './report.js';
import { measureScale } from './scale.js';
import { renderScale } from './scaleReport.js';

interface WorkerJob {
  name: string;
  origin: string;
  root: string;
  target: PackTarget;
  settings: BenchSettingsEcho;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function runWorker(job: WorkerJob): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) log('bench: started without --expose-gc; heap figures will be n/a and runs noisier');
  const measured = await measureCorpus(job.root, await loadStages(), { ...job.settings, target: job.target, log }, gc);
  const report: CorpusReport = { name: job.name, origin: job.origin, ...measured, targets: evaluateTargets(measured) };
  Object.assign(report, { search: await (await import('./search.js')).measureSearch(job.root, log) });
  process.stdout.write(JSON.stringify(report));
}

function jobFor(choice: CorpusChoice, settings: BenchSettingsEcho, benchDir: string): WorkerJob {
  if (choice.kind === 'path') {
    return { name: choice.path.split('/').filter(Boolean).at(-1) ?? choice.path, origin: `directory ${choice.path}`, root: choice.path, target: choice.target, settings };
  }
  const corpus = ensureCorpus(choice.spec, benchDir);
  return { name: corpus.name, origin: corpus.origin, root: corpus.root, target: choice.target, settings };
}

/** Runs one corpus in a child Node with the same loader flags (tsx) plus --expose-gc. */
function spawnWorker(job: WorkerJob): Promise<CorpusReport> {
  const execArgv = process.execArgv.includes('--expose-gc') ? process.execArgv : [...process.execArgv, '--expose-gc'];
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...execArgv, script, '--worker', JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`measuring ${job.name} failed (worker exit ${code}); see the messages above`));
      try {
        resolvePromise(JSON.parse(Buffer.concat(chunks).toString('utf8')) as CorpusReport);
      } catch {
        reject(new Error(`measuring ${job.name}: the worker printed no result`));
      }
    });
  });
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--worker' && argv[1]) {
    await runWorker(JSON.parse(argv[1]) as WorkerJob);
    return 0;
  }
  let settings: Readonly<BenchSettings>;
  try {
    settings = parseBenchArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    log(`bench: ${error.message}\n${USAGE}`);
    return 2;
  }
  const echo: BenchSettingsEcho = {
    rounds: settings.rounds,
    warmup: settings.warmup,
    budget: settings.budget,
    packRuns: settings.packRuns,
    maxFileBytes: settings.maxFileBytes,
  };
  const environment = describeEnvironment();
  const reports: CorpusReport[] = [];
  if (settings.scaleOnly) {
    const scale = await runScale(settings, environment);
    if (typeof scale === 'number') return scale;
    process.stdout.write(settings.json ? `${JSON.stringify({ environment, scale: scale.json }, null, 2)}\n` : scale.text);
    return 0;
  }
  for (const choice of settings.corpora) {
    let job: WorkerJob;
    try {
      job = jobFor(choice, echo, settings.benchDir);
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      log(`bench: cannot fetch the corpus: ${error.message}`);
      return 1;
    }
    log(`bench: ${job.name} (${job.origin})`);
    try {
      reports.push(await spawnWorker(job));
    } catch (error) {
      log(`bench: ${(error as Error).message}`);
      return 1;
    }
  }
  const scale = await runScale(settings, environment);
  if (typeof scale === 'number') return scale;
  process.stdout.write(
    settings.json ? `${JSON.stringify({ environment, settings: echo, corpora: reports, scale: scale.json }, null, 2)}\n` : `${renderText(environment, echo, reports)}${scale.text}`,
  );
  process.stdout.write(await (await import('./viewer.js')).viewerBench(settings));
  (settings.json ? log : (t: string) => process.stdout.write(t))(await (await import('./hostileInput.js')).benchHostileInput());
  return 0;
}

/** The whole-process rows and the synthetic monorepo (issue 12), printed after the in-process phases. */
async function runScale(settings: Readonly<BenchSettings>, environment: ReturnType<typeof describeEnvironment>): Promise<number | { text: string; json: unknown }> {
  const corpora: { name: string; root: string }[] = [];
  for (const choice of settings.corpora) {
    try {
      const job = jobFor(choice, { rounds: 0, warmup: 0, budget: 0, packRuns: 0, maxFileBytes: 0 }, settings.benchDir);
      corpora.push({ name: job.name, root: job.root });
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      log(`bench: cannot fetch the corpus: ${error.message}`);
      return 1;
    }
  }
  const loadBefore = loadavg();
  const caption = (): string =>
    `npm run bench, ${new Date().toISOString().slice(0, 10)}: synthetic monorepo (seed ${settings.syntheticSeed}), one run per size, ${environment.cores} cores; load average ${loadBefore[0]!.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
  let plotted = '';
  const scale = await measureScale(corpora, {
    rounds: settings.processRuns,
    warmup: settings.processWarmup,
    budget: settings.prBudget,
    benchDir: settings.benchDir,
    synthetic: settings.synthetic,
    seed: settings.syntheticSeed,
    syntheticTimeoutS: settings.syntheticTimeoutS,
    log,
    ...(settings.cli ? { cli: settings.cli } : {}),
    onSynthetic: async (sizes) => {
      const why = await writePng(scalePlotSvg(sizes, caption()), settings.plot);
      plotted = why ? `plot: ${why}\n` : `plot: wrote ${settings.plot} (${sizes.map((s) => s.files).join(', ')} files)\n`;
      log(plotted.trim());
    },
  });
  const load = `load average (1/5/15 min) ${loadBefore.map((l) => l.toFixed(2)).join('/')} before, ${loadavg().map((l) => l.toFixed(2)).join('/')} after, ${environment.cores} cores`;
  return { text: `\n${renderEnvironmentLine(environment)}; ${load}\n${renderScale(scale, settings.processRuns, settings.processWarmup)}${plotted}`, json: { load, ...scale } };
}

const renderEnvironmentLine = (env: ReturnType<typeof describeEnvironment>): string => `Node ${env.node}, ${env.cpuModel} x ${env.cores} cores, ${env.memoryGiB.toFixed(0)} GiB`;

process.exitCode = await main(process.argv.slice(2));
