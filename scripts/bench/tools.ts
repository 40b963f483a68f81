// The programs the whole-process rows run: the CLI bundle built from the current source, and repomix.
//
// Decisions:
// - The CLI is bundled fresh into a temporary folder (scripts/build/build.mjs --out, the same build as
//   dist/), so the rows measure the source as it is, not a dist/ that may lag behind it on a branch.
// - repomix is installed by npm into `.bench/repomix` at a pinned version (REPOMIX_VERSION), once;
//   when that fails (no network, registry down) the row says so instead of failing the bench.
// - Whether a command has `--cache-dir` is read from its `--help`: the warm row runs only then.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOMIX_VERSION = '1.18.1';
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Tool = { ok: true; path: string; note: string } | { ok: false; reason: string };

const lastLine = (text: string | null | undefined): string => (text ?? '').trim().split('\n').at(-1) ?? '';

/** dist/cli.js built from the working tree into a temporary folder. */
export function buildCli(log: (line: string) => void): Tool {
  const out = mkdtempSync(join(tmpdir(), 'repodigest-bench-cli-'));
  log(`  building the CLI from source into ${out}`);
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--out', out, '--entries', 'cli'], { cwd: repoRoot, encoding: 'utf8' });
  const path = join(out, 'cli.js');
  if (run.status !== 0 || !existsSync(path)) return { ok: false, reason: `building the CLI failed: ${lastLine(run.stderr) || `exit ${run.status}`}` };
  return { ok: true, path, note: 'node cli.js built from the current source' };
}

export function supportsCacheDir(cli: string, command: 'pr' | 'graph'): boolean {
  const help = spawnSync(process.execPath, [cli, command, '--help'], { encoding: 'utf8' });
  return (help.stdout ?? '').includes('--cache-dir');
}

/** repomix at REPOMIX_VERSION under benchDir/repomix, installed when missing. */
export function ensureRepomix(benchDir: string, log: (line: string) => void): Tool {
  const dir = join(benchDir, 'repomix');
  const installed = join(dir, 'node_modules', 'repomix', 'package.json');
  const bin = join(dir, 'node_modules', 'repomix', 'bin', 'repomix.cjs');
  const version = (): string | undefined => (existsSync(installed) ? (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version : undefined);
  if (version() !== REPOMIX_VERSION) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"name":"bench-repomix","private":true}\n');
    log(`  installing repomix@${REPOMIX_VERSION} into ${dir}`);
    const run = spawnSync('npm', ['install', '--save-exact', '--no-audit', '--no-fund', `repomix@${REPOMIX_VERSION}`], { cwd: dir, encoding: 'utf8' });
    if (run.status !== 0 || version() !== REPOMIX_VERSION) {
      return { ok: false, reason: `repomix@${REPOMIX_VERSION} could not be installed (npm: ${lastLine(run.stderr) || `exit ${run.status}`})` };
    }
  }
  if (!existsSync(bin)) return { ok: false, reason: `repomix@${REPOMIX_VERSION} is installed but ${bin} is missing` };
  return { ok: true, path: bin, note: `repomix ${REPOMIX_VERSION}` };
}
