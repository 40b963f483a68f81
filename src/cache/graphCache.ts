// The call graph of a whole tree, through the cache: resolution is a pure function of the file records
// (themselves a function of each file's path and content) and the graph options, so a run over a tree
// this cache has resolved before reads the edges instead of resolving again (once parsing is
// cached, resolution is a large share of what a run costs).
//
// Decisions:
// - The tree key is a sha256 of the namespace (cacheKey.ts), GRAPH_FORMAT_VERSION, the graph options
//   and every file's path and blob id in the order given, so one changed, added or removed file, or
//   another option, is another key. A record is keyed by its blob only while it is the very object the
//   scan made from that blob (noteScannedRecord); one built or changed since (a PR's removed symbols put
//   back into their head file, diff/changedSymbols.ts) is keyed by a hash of its JSON instead
//   (lazyFacts.ts recordJson: the same text for a record extracted or read from an entry). Past
//   MAX_UNSCANNED such records there is no key and the graph is resolved as always.
// - Entries live in `graphs/` beside the per-file ones and are named by the tree key. The CLI's folder
//   is never pruned, so at most MAX_GRAPH_ENTRIES are kept: after a write the least recently used go
//   (a hit touches its entry). The Action prunes to what the run used, as for per-file entries.
// - Fail soft, as fileCache.ts (whose atomic write this uses): an entry that cannot be read or trusted
//   is one reported line and the graph is resolved again and rewritten; a folder that cannot be written
//   is the file cache's one line and the run goes on.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { join } from 'node:path';
import { buildCallGraph, type CallGraphOptions } from '../graph/callGraph.js';
import type { Edge, FileRecord } from '../model.js';
import { cacheNamespace } from './cacheKey.js';
import { type FileCache, namespaceFolder } from './fileCache.js';
import { decodeGraphEntry, writeGraphEntry } from './graphCodec.js';
import { plainFacts, recordJson } from './lazyFacts.js';

/** Bump when the resolver (graph/) makes any edge differently, as CACHE_FORMAT_VERSION for extraction. */
export const GRAPH_FORMAT_VERSION = 4;
export const MAX_GRAPH_ENTRIES = 8;
const FOLDER = 'graphs';

/** More records than this that are not as scanned: no key (hashing them all would cost more than it saves). */
const MAX_UNSCANNED = 64;

export type CallGraphBuilder = (files: readonly FileRecord[], options: CallGraphOptions) => Edge[];

const scannedBlobs = new WeakMap<FileRecord, string>();

/** `record` is a tree file's record exactly as extracted from the text whose blob id is `blob`. */
export function noteScannedRecord(record: FileRecord, blob: string | undefined): void {
  if (blob !== undefined) scannedBlobs.set(record, blob);
}

/** What eviction needs of the file system (reads and writes go through the FileCache). */
export interface GraphCacheDeps {
  /** Entry names in the folder with their last use (ms), [] when there is no folder. */
  list: (folder: string) => { name: string; usedMs: number }[];
  touch: (path: string) => void;
  unlink: (path: string) => void;
}

export const defaultGraphCacheDeps: GraphCacheDeps = {
  list: (folder) => {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      return [];
    }
    // An entry another run removes meanwhile is simply not listed.
    return names.filter((n) => /^[0-9a-f]{64}$/.test(n)).flatMap((name) => {
      const stat = fs.statSync(join(folder, name), { throwIfNoEntry: false });
      return stat ? [{ name, usedMs: stat.mtimeMs }] : [];
    });
  },
  touch: (p) => {
    const now = new Date();
    fs.utimesSync(p, now, now);
  },
  unlink: (p) => fs.rmSync(p, { force: true }),
};

/** buildCallGraph over records whose facts are fields (lazyFacts.ts plainFacts: resolution reads them all). */
export const resolveCallGraph: CallGraphBuilder = (files, options) => {
  plainFacts(files);
  return buildCallGraph(files, options);
};

/** resolveCallGraph, answered from `cache` when it holds the graph of exactly these files and options. */
export function cachedCallGraph(cache: FileCache, deps: GraphCacheDeps = defaultGraphCacheDeps): CallGraphBuilder {
  return (files, options) => {
    const tree = treeKey(files, options);
    if (tree === undefined) return resolveCallGraph(files, options);
    const name = `${FOLDER}/${tree}`;
    const folder = join(namespaceFolder(cache.dir), FOLDER);
    const found = read(name, tree, files, cache);
    if (found !== undefined) {
      try {
        deps.touch(join(folder, tree));
      } catch {
        // Only the eviction order suffers: the entry may go before older ones.
      }
      return found;
    }
    const edges = resolveCallGraph(files, options);
    if (cache.writeNamed(name, (sink) => writeGraphEntry(sink, { namespace: cacheNamespace(), tree }, edges))) {
      cache.noteGraph('saved');
      try {
        evict(folder, tree, deps);
      } catch (error) {
        cache.report(`old cached call graphs could not be removed from ${cache.dir} (${codeOf(error)})`);
      }
    }
    return edges;
  };
}

function read(name: string, tree: string, files: readonly FileRecord[], cache: FileCache): Edge[] | undefined {
  let bytes: Buffer | undefined;
  try {
    bytes = cache.readNamed(name);
  } catch (error) {
    cache.report(`cached call graph could not be read (${codeOf(error)}); resolved again`);
    return undefined;
  }
  if (bytes === undefined) return undefined;
  const decoded = decodeGraphEntry({ namespace: cacheNamespace(), tree }, bytes, knownIds(files));
  if (!decoded.ok) {
    cache.report(`cached call graph ignored: ${decoded.reason}; resolved again`);
    return undefined;
  }
  cache.markUsed(name);
  cache.noteGraph('reused');
  return decoded.edges;
}

/** Keeps the MAX_GRAPH_ENTRIES most recently used entries (ties by name, so the choice is deterministic); `kept` always stays. */
function evict(folder: string, kept: string, deps: GraphCacheDeps): void {
  const entries = deps.list(folder).filter((e) => e.name !== kept);
  entries.sort((a, b) => b.usedMs - a.usedMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const old of entries.slice(MAX_GRAPH_ENTRIES - 1)) deps.unlink(join(folder, old.name));
}

/** The key of these files and options, or undefined (see MAX_UNSCANNED). */
export function treeKey(files: readonly FileRecord[], options: CallGraphOptions): string | undefined {
  const hash = createHash('sha256');
  const settings = { maxHeuristicTargets: options.maxHeuristicTargets ?? null, parameterFlow: options.parameterFlow ?? null, minHeuristicConfidence: options.minHeuristicConfidence ?? null };
  hash.update(`${cacheNamespace()}\ngraph ${GRAPH_FORMAT_VERSION}\n${JSON.stringify(settings)}\n`);
  let unscanned = 0;
  for (const f of files) {
    let blob = scannedBlobs.get(f);
    if (blob === undefined) {
      if (++unscanned > MAX_UNSCANNED) return undefined;
      blob = `record ${createHash('sha256').update(recordJson(f)).digest('hex')}`;
    }
    hash.update(`${f.path}\0${blob}\n`);
  }
  return hash.digest('hex');
}

/** Every id an edge of these files can name: their modules and symbols. */
function knownIds(files: readonly FileRecord[]): Set<string> {
  const ids = new Set<string>();
  for (const f of files) {
    ids.add(f.module);
    for (const s of f.symbols) ids.add(s.id);
  }
  return ids;
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
