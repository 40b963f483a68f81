// Command-line settings of the benchmark, read and validated once into a frozen object.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CORPORA, corpusSpec, DEFAULT_BENCH_DIR, type CorpusSpec } from '../corpus.js';
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
}

export class UsageError extends Error {}

/** Pack roots for the known corpora: the query is the one the engine issue's acceptance names. */
const DEFAULT_TARGETS: Record<string, PackTarget> = {
  django: { query: 'where are database migrations applied', entry: 'django.db.migrations.executor.MigrationExecutor.migrate' },
  sympy: { query: 'simplify trigonometric expressions', entry: 'sympy.simplify.simplify.simplify' },
};

export const USAGE = `usage: npm run bench -- [--corpus PATH|django|sympy]... [--json] [--runs N] [--warmup N]
                      [--budget N] [--pack-runs N] [--query TEXT] [--entry ID] [--max-file-bytes N]
                      [--bench-dir DIR]
  Without --corpus: Django and sympy from Debian's packages, fetched into .bench/ (or --bench-dir)
  when missing. --json prints only JSON on stdout (with npm, use \`npm run -s bench -- --json\`).`;

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
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  const override: PackTarget = { ...(v.query ? { query: v.query } : {}), ...(v.entry ? { entry: v.entry } : {}) };
  const names = v.corpus ?? CORPORA.map((c) => c.name);
  return Object.freeze({
    corpora: names.map((name) => choose(name, override)),
    json: v.json ?? false,
    rounds: positiveInt('runs', v.runs, 3),
    warmup: positiveInt('warmup', v.warmup, 1, 0),
    budget: positiveInt('budget', v.budget, 4000),
    packRuns: positiveInt('pack-runs', v['pack-runs'], 5),
    maxFileBytes: positiveInt('max-file-bytes', v['max-file-bytes'], 1024 * 1024),
    benchDir: resolve(v['bench-dir'] ?? DEFAULT_BENCH_DIR),
  });
}
