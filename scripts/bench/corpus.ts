// Benchmark corpora: real Python projects taken from Debian's packages into the ignored `.bench/`.
//
// Why Debian packages: they are reachable from every machine of this project (developers and CI
// alike), versioned by the distribution, and contain the plain source tree under
// usr/lib/python3/dist-packages/. `apt-get download` only fetches the .deb (nothing is installed) and
// `dpkg -x` unpacks it into a folder we own. The corpus is never committed (`.bench/` is ignored).
//
// The scan root is the dist-packages folder, not the package folder inside it: that way module ids
// are `django.db.models.base` as Python itself names them, and `from django.db import models` can be
// resolved the way it is in a real checkout.
//
// Usage: npx tsx scripts/bench/corpus.ts [werkzeug|django|sympy ...]   (no argument: all)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface CorpusSpec {
  /** Folder name under `.bench/` and the name used on the command line. */
  name: string;
  /** Debian binary package holding the source. */
  debPackage: string;
  /** Top-level Python package inside dist-packages. */
  pythonPackage: string;
}

export const CORPORA: readonly CorpusSpec[] = [
  // The small library: about 40 files, the size of most Python repositories a PR digest runs on.
  { name: 'werkzeug', debPackage: 'python3-werkzeug', pythonPackage: 'werkzeug' },
  { name: 'django', debPackage: 'python3-django', pythonPackage: 'django' },
  { name: 'sympy', debPackage: 'python3-sympy', pythonPackage: 'sympy' },
];

export interface Corpus {
  name: string;
  /** Scan root handed to the indexer. */
  root: string;
  /** The Python package folder inside root. */
  sourceDir: string;
  /** `python3-django 3:4.2.x-y`, or the path when the corpus is a plain directory. */
  origin: string;
}

export class CorpusError extends Error {}

export interface CorpusDeps {
  /** Runs a command with inherited output; returns exit status and captured stderr. */
  run(command: string, args: string[], cwd: string): { status: number | null; stderr: string };
  exists(path: string): boolean;
  list(dir: string): string[];
  mkdir(dir: string): void;
  log(line: string): void;
}

export const defaultCorpusDeps: CorpusDeps = {
  run(command, args, cwd) {
    // Child stdout goes to our stderr so that `bench --json` keeps stdout machine-readable.
    const result = spawnSync(command, args, { cwd, stdio: ['ignore', 2, 'pipe'], encoding: 'utf8' });
    if (result.error) return { status: null, stderr: result.error.message };
    if (result.stderr) process.stderr.write(result.stderr);
    return { status: result.status, stderr: result.stderr ?? '' };
  },
  exists: existsSync,
  list: (dir) => readdirSync(dir),
  mkdir: (dir) => mkdirSync(dir, { recursive: true }),
  log: (line) => process.stderr.write(`${line}\n`),
};

export const DEFAULT_BENCH_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.bench');

function distPackages(benchDir: string, spec: CorpusSpec): string {
  return join(benchDir, spec.name, 'usr', 'lib', 'python3', 'dist-packages');
}

/** `python3-django_3%3a4.2.11-1_all.deb` -> `3:4.2.11-1`. */
export function debVersion(fileName: string, debPackage: string): string {
  const rest = fileName.slice(debPackage.length + 1).replace(/\.deb$/, '');
  const version = rest.slice(0, rest.lastIndexOf('_'));
  return decodeURIComponent(version);
}

function findDeb(benchDir: string, spec: CorpusSpec, deps: CorpusDeps): string | undefined {
  if (!deps.exists(benchDir)) return undefined;
  return deps
    .list(benchDir)
    .filter((f) => f.startsWith(`${spec.debPackage}_`) && f.endsWith('.deb'))
    .sort()
    .at(-1);
}

/** Only one `apt-get update` per process, however many corpora need it. */
let listsUpdated = false;

function download(benchDir: string, spec: CorpusSpec, deps: CorpusDeps): string {
  const attempt = (): boolean => {
    deps.log(`corpus: running \`apt-get download ${spec.debPackage}\` in ${benchDir}`);
    return deps.run('apt-get', ['download', spec.debPackage], benchDir).status === 0;
  };
  let ok = attempt();
  if (!ok && !listsUpdated) {
    // The usual cause is stale or empty package lists on a fresh machine.
    deps.log('corpus: download failed; running `apt-get update` once, then retrying');
    listsUpdated = true;
    const update = deps.run('apt-get', ['update'], benchDir);
    if (update.status !== 0) {
      throw new CorpusError(`apt-get update failed (exit ${update.status}); cannot fetch ${spec.debPackage}`);
    }
    ok = attempt();
  }
  const deb = findDeb(benchDir, spec, deps);
  if (!ok || !deb) {
    throw new CorpusError(
      `cannot download Debian package ${spec.debPackage} (apt-get download failed); fetch it by hand into ${benchDir} or pass --corpus PATH`,
    );
  }
  return deb;
}

/** Make sure the corpus is unpacked under benchDir, fetching it if missing; returns where it is. */
export function ensureCorpus(
  spec: CorpusSpec,
  benchDir: string = DEFAULT_BENCH_DIR,
  deps: CorpusDeps = defaultCorpusDeps,
): Corpus {
  const root = distPackages(benchDir, spec);
  const sourceDir = join(root, spec.pythonPackage);
  let deb = findDeb(benchDir, spec, deps);
  if (!deps.exists(sourceDir)) {
    deps.mkdir(benchDir);
    deb ??= download(benchDir, spec, deps);
    const target = join(benchDir, spec.name);
    deps.log(`corpus: running \`dpkg -x ${deb} ${target}\``);
    const unpack = deps.run('dpkg', ['-x', join(benchDir, deb), target], benchDir);
    if (unpack.status !== 0) throw new CorpusError(`dpkg -x ${deb} failed (exit ${unpack.status})`);
    if (!deps.exists(sourceDir)) {
      throw new CorpusError(`${deb} unpacked, but ${sourceDir} is missing: the package layout changed`);
    }
  }
  const origin = deb ? `${spec.debPackage} ${debVersion(deb, spec.debPackage)}` : spec.debPackage;
  return { name: spec.name, root, sourceDir, origin };
}

export function corpusSpec(name: string): CorpusSpec | undefined {
  return CORPORA.find((c) => c.name === name);
}

function main(argv: string[]): number {
  const names = argv.length > 0 ? argv : CORPORA.map((c) => c.name);
  for (const name of names) {
    const spec = corpusSpec(name);
    if (!spec) {
      process.stderr.write(`unknown corpus '${name}'; expected one of ${CORPORA.map((c) => c.name).join(', ')}\n`);
      return 2;
    }
    try {
      const corpus = ensureCorpus(spec);
      process.stdout.write(`${corpus.name}: ${corpus.origin} at ${corpus.root}\n`);
    } catch (error) {
      if (!(error instanceof CorpusError)) throw error;
      process.stderr.write(`corpus ${name}: ${error.message}\n`);
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
