// Writes the synthetic monorepo (scripts/bench/syntheticFiles.ts) to disk as a git repository with the
// bench's scripted 3-function change on top (scripts/bench/changeCommit.ts), ready for `pr` and
// `graph`. A finished tree is kept and reused: `.git/bench-change.json` marks it finished, and the
// folder name carries size and seed, so a tree is never reused for another size or seed.
//
// Usage: npx tsx scripts/bench/synthetic.ts [--files 10000] [--seed 1] [--bench-dir .bench]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type ChangeRepo, ensureChangeRepo } from './changeCommit.js';
import { DEFAULT_BENCH_DIR } from './corpus.js';
import { syntheticFiles } from './syntheticFiles.js';

export const DEFAULT_SEED = 1;

export function syntheticDir(benchDir: string, files: number, seed: number): string {
  return join(benchDir, seed === DEFAULT_SEED ? `synthetic-${files}` : `synthetic-${files}-seed${seed}`);
}

/** The tree of `files` files for `seed` under benchDir, written and committed when missing. */
export function ensureSynthetic(benchDir: string, files: number, seed: number, log: (line: string) => void): ChangeRepo {
  const dir = syntheticDir(benchDir, files, seed);
  return ensureChangeRepo(dir, dir, log, {
    copy: () => {
      rmSync(dir, { recursive: true, force: true });
      log(`  writing ${files} synthetic files (seed ${seed}) to ${dir}`);
      let bytes = 0;
      for (const file of syntheticFiles(files, seed)) {
        const path = join(dir, file.path);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, file.text);
        bytes += file.text.length;
      }
      log(`  ${(bytes / 1024 / 1024).toFixed(0)} MiB of Python written`);
    },
  });
}

function main(argv: string[]): number {
  const { values } = parseArgs({ args: argv, options: { files: { type: 'string', default: '10000' }, seed: { type: 'string', default: String(DEFAULT_SEED) }, 'bench-dir': { type: 'string' } } });
  const files = Number(values.files);
  const seed = Number(values.seed);
  if (!Number.isInteger(files) || files < 1 || !Number.isInteger(seed)) {
    process.stderr.write(`synthetic: invalid --files '${values.files}' or --seed '${values.seed}': expected whole numbers, files >= 1\n`);
    return 2;
  }
  const repo = ensureSynthetic(resolve(values['bench-dir'] ?? DEFAULT_BENCH_DIR), files, seed, (l) => process.stderr.write(`${l}\n`));
  process.stdout.write(`${repo.dir}: changed ${repo.changed.map((c) => `${c.path}:${c.line} ${c.name}`).join(', ')}\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
