// Names of cache entries. An entry answers for one file's extraction: the key is (namespace, path,
// blob id).
//
// Decisions:
// - The blob id is git's object id of the text as extracted (sha1 of `blob <bytes>\0<UTF-8 text>`),
//   computed from the text the run reads anyway. For a UTF-8 file without BOM or CRLF it equals what
//   `git ls-files -s` / `git ls-tree` report (tested); a modified, untracked or non-git file, or one
//   the reader normalised, is keyed by the same rule, so no git process is needed and the key is
//   always of what extraction actually sees. Asking git instead would spare only the read, which the
//   digest needs for every file anyway (hashing is cheap beside parsing).
// - The path is part of the key: a record carries its module's dotted name in every symbol id.
// - The namespace folds in everything else extraction depends on: CACHE_FORMAT_VERSION (bump it when
//   python/ extracts anything differently or the record's shape changes), our package version and the
//   tree-sitter runtime and grammar versions. Entries of another namespace live in another folder and
//   are never read.
// - It also folds in the code that runs (codeIdentity): the bundle file's sha256, or from source (tsx,
//   vitest) that of every file under src/. A release changes the package version anyway; between releases
//   a changed extractor or resolver (the call graph is cached too, graphCache.ts) would otherwise be served
//   its predecessor's results from a developer's cache folder (`npm run demo` uses the default one).
//   Cost: hashing the bundle (or the sources) once per run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependencyVersion, packageVersion } from '../shared/packageInfo.js';

export const CACHE_FORMAT_VERSION = 4;

/** The folder name every entry of this build lives under (16 hex digits). */
export function cacheNamespace(): string {
  const parts = [`format ${CACHE_FORMAT_VERSION}`, `repodigest ${packageVersion}`, `web-tree-sitter ${dependencyVersion('web-tree-sitter')}`, `tree-sitter-python ${dependencyVersion('tree-sitter-python')}`, `code ${codeIdentity()}`];
  return sha1(parts.join('\n')).slice(0, 16);
}

let identity: string | undefined;

/** sha256 of the code this process runs (see the decisions above); '' when it cannot be read. */
export function codeIdentity(): string {
  if (identity !== undefined) return identity;
  const here = fileURLToPath(import.meta.url);
  const hash = createHash('sha256');
  try {
    if (here.endsWith('.ts')) {
      const src = join(dirname(here), '..');
      for (const file of filesUnder(src)) hash.update(`${relative(src, file).split('\\').join('/')}\0`).update(fs.readFileSync(file));
    } else hash.update(fs.readFileSync(here));
    identity = hash.digest('hex');
  } catch {
    identity = '';
  }
  return identity;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : []));
}

/** git's blob id of `text` as UTF-8. */
export function blobId(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The entry's file name inside its namespace folder: `ab/<sha1 of path and blob>`. */
export function entryName(path: string, blob: string): string {
  const key = sha1(`${path}\0${blob}`);
  return `${key.slice(0, 2)}/${key.slice(2)}`;
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
