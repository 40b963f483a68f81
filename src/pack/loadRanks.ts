// Where a run gets an encoding's rank table from, cheapest first: every run counts tokens, so the
// encoder's start-up is paid by every run.
//
// Decisions:
// - The bundles carry `<encoding>.ranks` beside them (scripts/build/build.mjs writes them with
//   scripts/build/rankTables.ts from js-tiktoken's own rank modules): one readFileSync, no parse, no
//   hashing, instead of loading js-tiktoken's multi-megabyte rank module and building the table from
//   its text, which costs several times as much. The bundles therefore hold no rank text at all.
// - From source (tsx, vitest) there is no such file beside the module: the table is built from the
//   installed js-tiktoken once and kept in node_modules/.cache/repodigest/, named by the sha1 of the
//   rank module it came from, so upgrading js-tiktoken can never leave a stale table in use. Writing
//   that copy is best effort (atomic rename; a read-only node_modules only costs the next run time).
// - A file beside the module that is damaged is passed over for the installed js-tiktoken; with no
//   js-tiktoken either (a bare copy of dist/), the error names both reasons and the remedy.
// - Like python/treeSitter.ts with its .wasm files, this is the only I/O under pack/: the counting
//   itself (tokens.ts, bpeRanks.ts, bytePairCount.ts) stays pure.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RepoDigestError } from '../shared/errors.js';
import { parseRankText, type RankData, type RankTable, rankTableOf } from './bpeRanks.js';
import { decodeRankFile, encodeRankFile } from './rankFile.js';

export interface LoadedRanks {
  table: RankTable;
  /** The encoding's pre-tokenizer pattern (js-tiktoken's `pat_str`). */
  patStr: string;
  /** Where the table came from: the file beside the bundle, the source-run copy, or js-tiktoken's text. */
  from: 'bundle' | 'cache' | 'text';
}

export interface RankLoadDeps {
  /** The folder of the running module: dist/ in the bundles, src/pack/ from source. */
  here: string;
  /** A file's bytes, or undefined when it does not exist. */
  readFile: (path: string) => Buffer | undefined;
  /** The path of js-tiktoken's rank module for `encoding`, or undefined when js-tiktoken is not installed. */
  resolveRankModule: (encoding: string) => string | undefined;
  /** Loads that module (CommonJS, synchronous: counting is synchronous). */
  requireRankModule: (path: string) => RankData;
  /** Writes a file atomically; may throw. */
  writeFileAtomic: (path: string, data: Uint8Array) => void;
}

// Not `require`: the bundles' banner defines that name, and esbuild must not try to bundle these calls.
const nodeRequire = createRequire(import.meta.url);

export const defaultRankLoadDeps: RankLoadDeps = {
  here: dirname(fileURLToPath(import.meta.url)),
  readFile: (path) => {
    try {
      return fs.readFileSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  },
  resolveRankModule: (encoding) => {
    try {
      return nodeRequire.resolve(`js-tiktoken/ranks/${encoding}`);
    } catch {
      return undefined;
    }
  },
  requireRankModule: (path) => nodeRequire(path) as RankData,
  writeFileAtomic: (path, data) => {
    fs.mkdirSync(dirname(path), { recursive: true });
    const temp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      fs.writeFileSync(temp, data);
      fs.renameSync(temp, path);
    } finally {
      fs.rmSync(temp, { force: true });
    }
  },
};

/** The name of an encoding's table file beside the bundles. */
export const rankFileName = (encoding: string): string => `${encoding}.ranks`;

export function loadRankTable(encoding: string, deps: RankLoadDeps = defaultRankLoadDeps): LoadedRanks {
  const shippedPath = join(deps.here, rankFileName(encoding));
  const shipped = deps.readFile(shippedPath);
  let problem = `no ${rankFileName(encoding)} beside ${deps.here}`;
  if (shipped !== undefined) {
    const decoded = decodeRankFile(shipped, { encoding });
    if (decoded.ok) return { table: rankTableOf(decoded.arrays), patStr: decoded.meta.patStr, from: 'bundle' };
    problem = `${shippedPath} is unusable (${decoded.reason})`;
  }
  const modulePath = deps.resolveRankModule(encoding);
  const moduleBytes = modulePath === undefined ? undefined : deps.readFile(modulePath);
  if (modulePath === undefined || moduleBytes === undefined) {
    throw new RepoDigestError(`Cannot load the ${encoding} token table: ${problem}, and js-tiktoken is not installed`, 'rebuild dist/ with npm run build, or reinstall the package');
  }
  const source = sha1(moduleBytes);
  const cachePath = sourceCachePath(modulePath, encoding, source);
  const cached = cachePath === undefined ? undefined : deps.readFile(cachePath);
  if (cached !== undefined) {
    const decoded = decodeRankFile(cached, { encoding, source, verifyChecksum: true });
    if (decoded.ok) return { table: rankTableOf(decoded.arrays), patStr: decoded.meta.patStr, from: 'cache' };
  }
  const data = deps.requireRankModule(modulePath);
  const arrays = parseRankText(data.bpe_ranks);
  if (cachePath !== undefined) {
    try {
      deps.writeFileAtomic(cachePath, encodeRankFile({ encoding, source, patStr: data.pat_str }, arrays));
    } catch {
      // Best effort: without the copy the next source run builds the table again (time, not output).
    }
  }
  return { table: rankTableOf(arrays), patStr: data.pat_str, from: 'text' };
}

/** The rank file the build ships for `encoding`, from the installed js-tiktoken (scripts/build/rankTables.ts). */
export function rankFileFromPackage(encoding: string, deps: RankLoadDeps = defaultRankLoadDeps): Buffer {
  const modulePath = deps.resolveRankModule(encoding);
  const moduleBytes = modulePath === undefined ? undefined : deps.readFile(modulePath);
  if (modulePath === undefined || moduleBytes === undefined) throw new RepoDigestError(`Cannot find js-tiktoken's ${encoding} ranks`, 'run npm ci first');
  const data = deps.requireRankModule(modulePath);
  return encodeRankFile({ encoding, source: sha1(moduleBytes), patStr: data.pat_str }, parseRankText(data.bpe_ranks));
}

/** node_modules/.cache/repodigest/<encoding>-<source>.ranks beside the js-tiktoken in use. */
function sourceCachePath(modulePath: string, encoding: string, source: string): string | undefined {
  const marker = `${sep}node_modules${sep}`;
  const at = modulePath.lastIndexOf(marker);
  if (at < 0) return undefined;
  return join(modulePath.slice(0, at + marker.length), '.cache', 'repodigest', `${encoding}-${source.slice(0, 16)}.ranks`);
}

function sha1(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}
