// Command-line settings of the benchmark, read and validated once into a frozen object.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPORA, type CorpusSpec, corpusSpec, DEFAULT_BENCH_DIR } from './corpus.js';
import type { PackTarget } from './packing.js';

export type CorpusChoice = { kind: 'debian'; spec: CorpusSpec; target: PackTarget } | { kind: 'path'; path: string; target: PackTarget };

export interface BenchSettings {
  corpora: CorpusChoice[];
  json: boolean;
  rounds: number;
  warmup: number;
  budget: number;
  packRuns: number;
  maxFileBytes: number;
  /** Where Debian corpora are fetched and unpacked. */
  benchDir: string;
  /** Whole-process rows (scripts/bench/scale.ts): rounds, warm-up, the PR digest's budget. */
  processRuns: number;
  processWarmup: number;
  prBudget: number;
  /** Synthetic monorepo sizes (files), smallest first; empty with `--synthetic none`. */
  synthetic: number[];
  syntheticSeed: number;
  syntheticTimeoutS: number;
  /** Only the whole-process rows and the synthetic monorepo (no in-process phases, viewer, hostile input). */
  scaleOnly: boolean;
  /** Where the synthetic plot is written (PNG). */
  plot: string;
  /** A CLI bundle to measure instead of one built from the current source. */
  cli: string | undefined;
}

export class UsageError extends Error {}

/** Pack roots for the known corpora: the query is the one the engine issue's acceptance names. */
const DEFAULT_TARGETS: Record<string, PackTarget> = {
  werkzeug: { query: 'how are multipart form uploads parsed', entry: 'werkzeug.formparser.FormDataParser.parse' },
  django: { query: 'where are database migrations applied', entry: 'django.db.migrations.executor.MigrationExecutor.migrate' },
  sympy: { query: 'simplify trigonometric expressions', entry: 'sympy.simplify.simplify.simplify' },
};

export const USAGE = `usage: npm run bench -- [--corpus PATH|werkzeug|django|sympy|none]... [--json] [--runs N] [--warmup N]
                      [--budget N] [--pack-runs N] [--query TEXT] [--entry ID] [--max-file-bytes N]
                      [--bench-dir DIR] [--process-runs N] [--process-warmup N] [--pr-budget N]
                      [--synthetic N,N,...|none] [--seed N] [--synthetic-timeout S] [--plot FILE]
                      [--scale-only] [--cli FILE]
  Without --corpus: werkzeug, Django and sympy from Debian's packages, fetched into .bench/ (or --bench-dir)
  when missing. Whole-process rows (parse-only, cold/warm PR digest, cold graph, repomix) run on each
  corpus; --synthetic (default 10000,50000,100000) sizes the synthetic monorepo, plotted to --plot
  (default docs/bench-scale.png). --scale-only skips the in-process phases, viewer and hostile input.
  The rows run a CLI bundled from the current source, or --cli FILE (e.g. dist/cli.js). --json prints only JSON on stdout (with npm, use \`npm run -s bench -- --json\`).`;

function positiveInt(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`Invalid --${name} '${raw}'. Expected an integer >= ${min}.`);
  return n;
}

function choose(value: string, override: PackTarget): CorpusChoice {
  const path = resolve(value);
  if (existsSync(path)) {
    if (!statSync(path).isDirectory()) throw new UsageError(`Invalid --corpus '${value}'. Expected a directory.`);
    return { kind: 'path', path, target: override };
  }
  const spec = corpusSpec(value);
  if (!spec) {
    throw new UsageError(`Invalid --corpus '${value}': no such directory, and not one of ${CORPORA.map((c) => c.name).join(', ')}.`);
  }
  return { kind: 'debian', spec, target: { ...DEFAULT_TARGETS[spec.name], ...override } };
}

export function parseBenchArgs(argv: string[]): Readonly<BenchSettings> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: false,
      options: {
        corpus: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        runs: { type: 'string' },
        warmup: { type: 'string' },
        budget: { type: 'string' },
        'pack-runs': { type: 'string' },
        query: { type: 'string' },
        entry: { type: 'string' },
        'max-file-bytes': { type: 'string' },
        'bench-dir': { type: 'string' },
        'process-runs': { type: 'string' },
        'process-warmup': { type: 'string' },
        'pr-budget': { type: 'string' },
        synthetic: { type: 'string' },
        seed: { type: 'string' },
        'synthetic-timeout': { type: 'string' },
        plot: { type: 'string' },
        cli: { type: 'string' },
        'scale-only': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  const override: PackTarget = { ...(v.query ? { query: v.query } : {}), ...(v.entry ? { entry: v.entry } : {}) };
  // `--corpus none`: no corpus (with --scale-only, the synthetic monorepo alone).
  const names = (v.corpus ?? CORPORA.map((c) => c.name)).filter((name) => name !== 'none');
  return Object.freeze({
    corpora: names.map((name) => choose(name, override)),
    json: v.json ?? false,
    rounds: positiveInt('runs', v.runs, 3),
    warmup: positiveInt('warmup', v.warmup, 1, 0),
    budget: positiveInt('budget', v.budget, 4000),
    packRuns: positiveInt('pack-runs', v['pack-runs'], 5),
    maxFileBytes: positiveInt('max-file-bytes', v['max-file-bytes'], 1024 * 1024),
    benchDir: resolve(v['bench-dir'] ?? DEFAULT_BENCH_DIR),
    processRuns: positiveInt('process-runs', v['process-runs'], 3),
    processWarmup: positiveInt('process-warmup', v['process-warmup'], 0, 0),
    prBudget: positiveInt('pr-budget', v['pr-budget'], 8000),
    synthetic: syntheticSizes(v.synthetic),
    syntheticSeed: positiveInt('seed', v.seed, 1, 0),
    syntheticTimeoutS: positiveInt('synthetic-timeout', v['synthetic-timeout'], 3600),
    scaleOnly: v['scale-only'] ?? false,
    plot: resolve(v.plot ?? DEFAULT_PLOT),
    cli: v.cli === undefined ? undefined : resolve(v.cli),
  });
}

const DEFAULT_PLOT = resolve(DEFAULT_BENCH_DIR, '..', 'docs', 'bench-scale.png');

/** `10000,50000` -> [10000, 50000] (sorted, distinct); `none` -> []. */
export function syntheticSizes(raw: string | undefined): number[] {
  if (raw === undefined) return [10_000, 50_000, 100_000];
  if (raw.trim() === 'none') return [];
  const sizes = raw.split(',').map((part) => positiveInt('synthetic', part.trim(), 0));
  return [...new Set(sizes)].sort((a, b) => a - b);
}
