// Scores the resolver on the categorised suite in __tests__/fixtures/callgraph and prints the table.
// Run: npx tsx scripts/eval/callgraph.ts [--resolved-only] [--details] [--parameter-flow | --no-parameter-flow]
//      node --expose-gc --import tsx scripts/eval/callgraph.ts --cost <dir> [--rounds N] [--parameter-flow | --no-parameter-flow]   (resolution cost)
//
// Each case is a directory <category>/<case>/ holding a small Python program (the scan root of that
// case) and expected.json: {"calls": [[from, to], ...]} with symbol ids (module ids are path-based
// from the case directory). Every calls edge the resolver emits counts as a prediction, heuristic
// ones included, unless --resolved-only.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildCallGraph, type CallGraphOptions } from '../../src/graph/callGraph.js';
import { type CaseResult, caseCounts, type EdgePair, type Score, scoreByCategory } from '../../src/graph/resolver/score.js';
import type { FileRecord } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';

export const SUITE_DIR = fileURLToPath(new URL('../../__tests__/fixtures/callgraph', import.meta.url));

export interface SuiteCase {
  category: string;
  name: string;
  dir: string;
  expected: EdgePair[];
}

function sortedDirs(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => statSync(join(dir, n)).isDirectory())
    .sort();
}

export function loadSuite(root: string = SUITE_DIR): SuiteCase[] {
  const cases: SuiteCase[] = [];
  for (const category of sortedDirs(root)) {
    for (const name of sortedDirs(join(root, category))) {
      const dir = join(root, category, name);
      const parsed = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { calls: [string, string][] };
      cases.push({ category, name, dir, expected: parsed.calls.map(([f, t]) => [f, t] as const) });
    }
  }
  return cases;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // a dangling symlink (Debian's packages have some) is not a directory
  }
}

export function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const d = stack.pop()!;
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (isDirectory(p)) stack.push(p);
      else if (n.endsWith('.py')) out.push(p);
    }
  }
  return out.sort();
}

export function extractDir(parser: PythonParser, dir: string): FileRecord[] {
  return pythonFiles(dir).map((p) => extractFile(parser, relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8')));
}

export function runSuite(parser: PythonParser, cases: readonly SuiteCase[], resolvedOnly = false, options: CallGraphOptions = {}): CaseResult[] {
  return cases.map((c) => {
    const edges = buildCallGraph(extractDir(parser, c.dir), options);
    const actual = edges
      .filter((e) => e.kind === 'calls' && (!resolvedOnly || e.resolution !== 'heuristic')) // resolved + dispatch
      .map((e) => [e.from, e.to] as const);
    return { category: c.category, name: c.name, expected: c.expected, actual };
  });
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function formatTable(rows: readonly Score[]): string {
  const header = ['category', 'cases', 'expected', 'predicted', 'correct', 'precision', 'recall'];
  const body = rows.map((r) => [r.label, r.cases, r.expected, r.predicted, r.truePositives, pct(r.precision), pct(r.recall)].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...body.map(line)].join('\n');
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Parse+extract versus resolution, in process CPU time (wall time swings with machine load), over
 * interleaved rounds; the median of each is reported. Sources are read once, before timing.
 */
async function measureCost(root: string, rounds: number, options: CallGraphOptions): Promise<void> {
  const parser = await loadPythonParser();
  // As the bench (and the CLI's default --max-file-bytes): files over 1 MiB are skipped, not timed
  // (sympy has one; under load its parse also runs into treeSitter's per-file time limit).
  const paths = pythonFiles(root).filter((p) => statSync(p).size <= 1024 * 1024);
  const texts = paths.map((p) => readFileSync(p, 'utf8'));
  const rel = paths.map((p) => relative(root, p).split(sep).join('/'));
  const extract: number[] = [];
  const resolve: number[] = [];
  let edges: ReturnType<typeof buildCallGraph> = [];
  // With --expose-gc, collect before each phase so neither is billed for the other's garbage.
  const collect = (globalThis as { gc?: () => void }).gc ?? ((): void => {});
  for (let r = 0; r < rounds; r++) {
    collect();
    let t = cpuMs();
    const files = rel.map((p, i) => extractFile(parser, p, texts[i]!));
    extract.push(cpuMs() - t);
    collect();
    t = cpuMs();
    edges = buildCallGraph(files, options);
    resolve.push(cpuMs() - t);
  }
  const counts = new Map<string, number>();
  for (const e of edges) {
    const k = e.kind === 'calls' ? `calls ${e.resolution}` : e.kind;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const fmt = (xs: number[]): string => `median ${Math.round(median(xs))} ms (${xs.map(Math.round).join(', ')})`;
  console.log(`${paths.length} files under ${root}`);
  console.log(`parse+extract  ${fmt(extract)}, min ${Math.round(Math.min(...extract))} ms`);
  console.log(`resolution     ${fmt(resolve)}, min ${Math.round(Math.min(...resolve))} ms`);
  const ratio = (a: number, b: number): string => `${((a / b) * 100).toFixed(0)}%`;
  console.log(
    `resolution / parse+extract: medians ${ratio(median(resolve), median(extract))}, minimums ${ratio(Math.min(...resolve), Math.min(...extract))}, first (cold) round ${ratio(resolve[0]!, extract[0]!)}`,
  );
  console.log([...counts].sort().map(([k, n]) => `${k}: ${n}`).join(', '));
}

async function main(): Promise<void> {
  // Default: parameter flow for called parameters ('callables'); --parameter-flow adds receivers, --no-parameter-flow turns it off.
  const options: CallGraphOptions = process.argv.includes('--parameter-flow') ? { parameterFlow: true } : process.argv.includes('--no-parameter-flow') ? { parameterFlow: false } : {};
  const costAt = process.argv.indexOf('--cost');
  if (costAt >= 0) {
    const root = process.argv[costAt + 1];
    if (!root) throw new Error('--cost needs a directory: npx tsx scripts/eval/callgraph.ts --cost <dir>');
    const roundsAt = process.argv.indexOf('--rounds');
    await measureCost(root, roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 5, options);
    return;
  }
  const resolvedOnly = process.argv.includes('--resolved-only');
  const results = runSuite(await loadPythonParser(), loadSuite(), resolvedOnly, options);
  console.log(formatTable(scoreByCategory(results)));
  if (process.argv.includes('--details')) {
    for (const r of results) {
      const { missing, extra } = caseCounts(r);
      for (const [f, t] of missing) console.log(`missing  ${r.category}/${r.name}: ${f} -> ${t}`);
      for (const [f, t] of extra) console.log(`extra    ${r.category}/${r.name}: ${f} -> ${t}`);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
