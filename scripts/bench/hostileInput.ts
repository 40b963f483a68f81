// Hostile-input figures for `npm run bench` and the token encoder's start-up:
// - token encoder start-up: a fresh process importing the counter and counting one word, as a bundle
//   with the rank table file beside it (encoderStartup.ts: what dist/ pays; the target row), and from
//   source (tsx: the node_modules/.cache copy, or js-tiktoken's text the first time) with the table
//   build from js-tiktoken's text alone as detail;
// - `pack --entry` of a function holding a 1 MB single-line string literal (index + pack + render);
// - a PR digest (local git, base..head) whose head adds a file with one 20 KB line;
// - indexing shapes that were super-linear: `helper` followed by `.a` 80,000 times (the redaction
//   rules; as code, nested past Python's own limit, skipped before any query; inside a string literal,
//   parsed and redacted), 100,000 unclosed `(` (tree-sitter's query matching over the error node), 100,000
//   balanced nested `(` (the expression reader).
// Each case runs in its own child process (a fresh encoder, no memo carried over), 3 times; the
// median and the runs are printed, wall and process CPU time (on a shared machine CPU time is the
// figure a busy neighbour barely moves). Targets (< 150 ms start-up, < 2 s each case) are reported,
// never enforced. Run alone: `npx tsx scripts/bench/hostileInput.ts`.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { writeRankTables } from '../build/rankTables.js';
import { cpuNow, timeFirstCount } from './firstCount.js';

type CaseName = 'encoderBundle' | 'encoder' | 'longLine' | 'longLinePr' | 'dottedRun' | 'dottedString' | 'openBrackets' | 'nestedBrackets';
interface CaseResult {
  /** Wall milliseconds of the measured work. */
  ms: number;
  /** Process CPU milliseconds (user + system) of the same work: barely moved by a busy neighbour. */
  cpuMs: number;
  detail: string;
}

const RUNS = 3;
const CASES: { name: CaseName; label: string; targetMs: number }[] = [
  { name: 'encoderBundle', label: 'token encoder start-up, bundled (import + table file + first count, o200k_base)', targetMs: 150 },
  { name: 'encoder', label: 'token encoder start-up, from source (tsx)', targetMs: 150 },
  { name: 'longLine', label: 'pack --entry, 1 MB single-line file', targetMs: 2000 },
  { name: 'longLinePr', label: 'pr digest adding a 20 KB-line file', targetMs: 2000 },
  { name: 'dottedRun', label: "index of `Y = helper` + '.a' x 80,000 (160 KB, redaction on)", targetMs: 2000 },
  { name: 'dottedString', label: "index of `Y = \"helper` + '.a' x 80,000 + `\"` (a string literal: the redaction rules alone)", targetMs: 2000 },
  { name: 'openBrackets', label: "index of `X = ` + '(' x 100,000 (unclosed)", targetMs: 2000 },
  { name: 'nestedBrackets', label: "index of `X = ` + '(' x 100,000 + '1' + ')' x 100,000", targetMs: 2000 },
];

const INDEX_SHAPES: Partial<Record<CaseName, string>> = {
  dottedRun: `Y = helper${'.a'.repeat(80_000)}\n`,
  dottedString: `Y = "helper${'.a'.repeat(80_000)}"\n`,
  openBrackets: `X = ${'('.repeat(100_000)}\n`,
  nestedBrackets: `X = ${'('.repeat(100_000)}1${')'.repeat(100_000)}\n`,
};

function git(dir: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', ...args], { cwd: dir, stdio: 'ignore' });
}

async function runCase(name: CaseName): Promise<CaseResult> {
  if (name === 'encoder') {
    const { ms, cpuMs } = await timeFirstCount();
    const { buildRankTable } = await import('../../src/pack/bpeRanks.js');
    const { default: ranks } = await import('js-tiktoken/ranks/o200k_base');
    const buildStart = cpuNow();
    buildRankTable(ranks);
    return { ms, cpuMs, detail: `table build from js-tiktoken's text alone ${(cpuNow() - buildStart).toFixed(0)} ms CPU` };
  }
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-bench-hostile-'));
  try {
    const shape = INDEX_SHAPES[name];
    if (shape !== undefined) {
      writeFileSync(join(dir, 'shape.py'), shape);
      writeFileSync(join(dir, 'helper.py'), 'def helper():\n    return 1\n');
      const { indexRepository } = await import('../../src/pipeline/indexRepository.js');
      const start = performance.now();
      const cpu = cpuNow();
      const index = await indexRepository(dir);
      const ms = performance.now() - start;
      const skipped = index.skippedFiles.map((f) => `skipped: ${f.reason}`);
      return { ms, cpuMs: cpuNow() - cpu, detail: skipped[0] ?? `${index.symbols.length} symbols, ${index.edges.length} edges` };
    }
    if (name === 'longLine') {
      writeFileSync(join(dir, 'm.py'), `def f():\n    return "${'A'.repeat(1_000_000)}"\n\n\ndef g():\n    return f()\n`);
      const { indexRepository } = await import('../../src/pipeline/indexRepository.js');
      const { packRepository } = await import('../../src/pipeline/packRepository.js');
      const start = performance.now();
      const cpu = cpuNow();
      const index = await indexRepository(dir);
      const result = packRepository(index, { entry: 'm.g' }, { budget: 200_000 });
      const ms = performance.now() - start;
      return { ms, cpuMs: cpuNow() - cpu, detail: `${result.packed.length} packed, ${result.totalTokens} tokens` };
    }
    writeFileSync(join(dir, 'app.py'), 'def main():\n    return 1\n');
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'base');
    writeFileSync(join(dir, 'long.py'), `from app import main\n\n\ndef blob():\n    return main(), "${'x'.repeat(20_000)}"\n`);
    git(dir, 'add', '.');
    git(dir, 'commit', '-q', '-m', 'head');
    const { prDigest } = await import('../../src/pr/digest.js');
    const { withPackDefaults } = await import('../../src/pipeline/packRepository.js');
    const start = performance.now();
    const cpu = cpuNow();
    const digest = await prDigest({ repoDir: dir, base: 'HEAD~1', head: 'HEAD', pack: withPackDefaults({ budget: 8000 }) });
    const ms = performance.now() - start;
    return { ms, cpuMs: cpuNow() - cpu, detail: `${digest.result.packed.length} packed, ${digest.result.totalTokens} tokens` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A bundle of encoderStartup.ts with the rank tables beside it, as scripts/build/build.mjs lays out dist/. */
async function encoderBundle(dir: string): Promise<string> {
  writeRankTables(dir);
  const outfile = join(dir, 'encoder.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('./encoderStartup.ts', import.meta.url))],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    banner: { js: "import { createRequire as __repodigestCreateRequire } from 'node:module';\nconst require = __repodigestCreateRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

/** Runs every case RUNS times, each in a fresh child process; returns the printable section. */
export async function benchHostileInput(only?: readonly CaseName[]): Promise<string> {
  const script = fileURLToPath(import.meta.url);
  const lines = ['', `Hostile input and token encoder (fresh process per run, medians of 3; load average ${loadavg()[0]!.toFixed(1)} at start)`];
  const bundleDir = mkdtempSync(join(tmpdir(), 'repodigest-bench-encoder-'));
  const bundle = await encoderBundle(bundleDir);
  for (const { name, label, targetMs } of CASES) {
    if (only && !only.includes(name)) continue;
    const runs: CaseResult[] = [];
    for (let i = 0; i < RUNS; i++) {
      const args = name === 'encoderBundle' ? [bundle] : [...process.execArgv, script, '--case', name];
      const child = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 600_000 });
      if (child.status !== 0) {
        lines.push(`  ${label}: failed (${child.signal ?? `exit ${child.status}`}): ${child.stderr.trim().split('\n').at(-1) ?? ''}`);
        break;
      }
      runs.push(JSON.parse(child.stdout) as CaseResult);
    }
    if (runs.length < RUNS) continue;
    const ms = median(runs.map((r) => r.ms));
    const cpu = median(runs.map((r) => r.cpuMs));
    const verdict = (v: number): string => (v <= targetMs ? 'met' : 'MISSED');
    lines.push(
      `  ${label}: ${ms.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU (CPU runs ${runs.map((r) => r.cpuMs.toFixed(0)).join(', ')}; target < ${targetMs} ms: ${verdict(cpu)} in CPU, ${verdict(ms)} in wall); ${runs[0]!.detail}`,
    );
  }
  rmSync(bundleDir, { recursive: true, force: true });
  return `${lines.join('\n')}\n`;
}

const invokedAs = process.argv[1] ? fileURLToPath(import.meta.url) === process.argv[1] : false;
if (invokedAs) {
  const at = process.argv.indexOf('--case');
  if (at >= 0) process.stdout.write(JSON.stringify(await runCase(process.argv[at + 1] as CaseName)));
  else {
    // `--cases encoderBundle,encoder` runs only those rows.
    const cases = process.argv.indexOf('--cases');
    process.stdout.write(await benchHostileInput(cases >= 0 ? (process.argv[cases + 1]?.split(',') as CaseName[]) : undefined));
  }
}
