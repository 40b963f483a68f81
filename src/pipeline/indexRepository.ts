// Builds the RepoIndex: discover -> read -> extract (one parse per file) -> call graph -> import names.
// Per-file failures never abort the run: every file that is not indexed, or only partly, is
// reported in skippedFiles / the file's notes with its reason.
// Ids: the call graph is built on path-based ids, then every id takes its module's import name
// (graph/importNames.ts: `src.flask.app.Flask` -> `flask.app.Flask`), here and only here.

import { getHeapStatistics } from 'node:v8';
import { extractCached } from '../cache/cachedExtract.js';
import type { FileCache } from '../cache/fileCache.js';
import { type CallGraphBuilder, cachedCallGraph, noteScannedRecord, resolveCallGraph } from '../cache/graphCache.js';
import { adjustFactsWhenRead, copySymbol } from '../cache/lazyFacts.js';
import { discoverPythonFiles } from '../files/discover.js';
import { createSourceReader, DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import type { CallGraphOptions } from '../graph/callGraph.js';
import { importIdFor, importModuleNames } from '../graph/importNames.js';
import type { Edge, FileRecord, PySymbol, RepoIndex, SkippedFile } from '../model.js';
import { compactsDecoded, createRecordCompactor } from '../python/compactRecord.js';
import { dropText } from '../python/dropText.js';
import { loadPythonParser, type PythonParser } from '../python/treeSitter.js';
import { redactIndex } from '../review/redactIndex.js';
import { createHeapGuard, type HeapGuard } from '../shared/heapGuard.js';

export { DEFAULT_MAX_FILE_BYTES };

export interface IndexOptions {
  include?: string[];
  exclude?: string[];
  maxFileBytes?: number;
  maxHeuristicTargets?: number;
  /** Follow functions passed as arguments into the callee's calls of that parameter (costs ~20% more resolution). */
  parameterFlow?: boolean;
  /** Called after each file; for progress display only. */
  onProgress?: (done: number, total: number) => void;
  /** Python files found so far while the tree is walked (before any is parsed). */
  onFound?: (count: number) => void;
  /** Called after each file the resolver has worked through (the progress line's resolve phase). */
  onResolve?: (done: number, total: number) => void;
  /** Replace credentials in the code by `<redacted: KIND>` before anything uses it (default true). */
  redact?: boolean;
  /** Per-file extraction results keyed by content (src/cache/); absent: every file is extracted. */
  cache?: FileCache;
  /**
   * Records this run has already extracted from the same path and text (a PR digest's head versions of
   * its changed files, read from git before the scan), used when there is no cache: the cache serves
   * them otherwise, and counts them.
   */
  recall?: (path: string, text: string) => FileRecord | undefined;
  /** Bytes of JS heap in use, read per file read from the cache (python/compactRecord.ts compactsDecoded); default: V8's. */
  heapInUse?: () => number;
  /** Stops the run with one line when the JS heap is nearly full (shared/heapGuard.ts); default: this process's heap. */
  heapGuard?: HeapGuard;
  /**
   * false: every symbol's `full`, `signature` and `docstring` are left empty once its file is extracted, so
   * the source is not kept (python/dropText.ts): for output that prints no code (`graph`). Default true.
   */
  keepText?: boolean;
}

export async function indexRepository(root: string, options: IndexOptions = {}): Promise<RepoIndex> {
  const scanned = await scanRepository(root, options);
  const index = assembleIndex(root, scanned.files, scanned.skippedFiles, graphOptionsOf(options), scanned.callGraph);
  if (options.redact !== false) await redactIndex(index);
  return index;
}

export interface ScannedFiles {
  files: FileRecord[];
  skippedFiles: SkippedFile[];
  /** How to resolve these files: through the cache when the scan had one (cache/graphCache.ts). */
  callGraph?: CallGraphBuilder;
}

/** Discover, read and extract every Python file; nothing cross-file yet. */
export async function scanRepository(root: string, options: IndexOptions = {}): Promise<ScannedFiles> {
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const discovered = await discoverPythonFiles(root, {
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.onFound ? { onFound: options.onFound } : {}),
  });
  const parser = await loadPythonParser();
  const files: FileRecord[] = [];
  const skippedFiles: SkippedFile[] = [...discovered.skipped];
  // One reader per run: it resolves the root's realpath once (files/read.ts).
  const reader = createSourceReader(root, { maxBytes });
  const textless = options.keepText === false;
  // Facts a cache entry has not decoded yet are compacted when they are (cache/lazyFacts.ts).
  const compact = createRecordCompactor(textless, adjustFactsWhenRead);
  const heap = options.heapGuard ?? createHeapGuard();
  const heapInUse = options.heapInUse ?? (() => getHeapStatistics().used_heap_size);
  let done = 0;
  for (const path of discovered.python) {
    const read = reader.read(path);
    const scanned = read.ok ? extractRead(parser, path, read, options.cache, options.recall) : { skipped: { path, reason: read.reason } };
    if ('record' in scanned) {
      // A record read from the cache is kept as JSON.parse made it while the heap is small (compactRecord.ts
      // COMPACT_DECODED_ABOVE); its facts, decoded later (cache/lazyFacts.ts), by the heap at that moment.
      const asRead = options.cache?.decoded(scanned.record) === true && !compactsDecoded(heapInUse());
      if (asRead && !textless) adjustFactsWhenRead(scanned.record, (facts) => (compactsDecoded(heapInUse()) ? compact.facts(facts) : facts));
      const record = textless ? dropText(compact(scanned.record)) : asRead ? scanned.record : compact(scanned.record);
      noteScannedRecord(record, options.cache?.treeBlob(path));
      files.push(record);
    } else skippedFiles.push(scanned.skipped);
    options.onProgress?.(++done, discovered.python.length);
    heap.check(done, discovered.python.length, 'files parsed');
  }
  return { files, skippedFiles, ...(options.cache ? { callGraph: cachedCallGraph(options.cache) } : {}) };
}

/**
 * One read file -> its record, or the reason it is skipped. The one per-file step of every scan (the
 * full one above, the on-demand one of pr/onDemandRounds.ts), so what wraps it serves both.
 */
export function extractRead(
  parser: PythonParser,
  path: string,
  read: { text: string; notes: string[] },
  cache?: FileCache,
  recall?: IndexOptions['recall'],
): { record: FileRecord } | { skipped: SkippedFile } {
  try {
    const record = (cache === undefined ? recall?.(path, read.text) : undefined) ?? extractCached(parser, path, read.text, cache);
    record.notes.unshift(...read.notes);
    return { record };
  } catch (error) {
    return { skipped: { path, reason: `could not be analysed: ${(error as Error).message}` } };
  }
}

/** Pure: files (path-based ids) -> the index with import-name ids, sorted symbols, lookup and edges. */
export function assembleIndex(
  root: string,
  pathFiles: FileRecord[],
  skippedFiles: SkippedFile[],
  graphOptions: CallGraphOptions = {},
  callGraph: CallGraphBuilder = resolveCallGraph,
): RepoIndex {
  const names = importModuleNames(pathFiles);
  const named = withImportNames(pathFiles, callGraph(pathFiles, graphOptions), names);
  const files = named.files;
  const skipped = [...skippedFiles];
  const symbols: PySymbol[] = files.flatMap((f) => f.symbols);
  symbols.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const byId = new Map<string, PySymbol>();
  for (const s of symbols) {
    // Two files can map to one module name (pkg.py beside pkg/__init__.py). Python imports the package,
    // so its symbols win; the other file's symbol is reported, never silently dropped.
    const kept = byId.get(s.id);
    if (kept) {
      const [winner, loser] = isPackageInit(s.file) && !isPackageInit(kept.file) ? [s, kept] : [kept, s];
      byId.set(s.id, winner);
      skipped.push({ path: loser.file, reason: `symbol ${s.id} is also defined by ${winner.file}, which Python imports instead` });
      continue;
    }
    byId.set(s.id, s);
  }
  const uniqueSymbols = symbols.filter((s) => byId.get(s.id) === s);
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.reason < b.reason ? -1 : 1));
  const index: RepoIndex = { root, files, symbols: uniqueSymbols, byId, edges: named.edges, skippedFiles: skipped };
  importNamesByIndex.set(index, names);
  return index;
}

const importNamesByIndex = new WeakMap<RepoIndex, ReadonlyMap<string, string>>();

/**
 * The renaming assembleIndex applied: a path-based id (from files extracted outside the index, e.g. a
 * PR's base and head blobs, or an id typed by a user) -> the id the index uses.
 */
export function importIdOf(index: RepoIndex): (pathId: string) => string {
  const names = importNamesByIndex.get(index) ?? new Map<string, string>();
  return (id) => importIdFor(names, id);
}

/** Files and edges with every id under a renamed module renamed (inputs are not mutated). */
function withImportNames(files: FileRecord[], edges: Edge[], names: ReadonlyMap<string, string>): { files: FileRecord[]; edges: Edge[] } {
  if (names.size === 0) return { files, edges };
  const ids = new Map<string, string>();
  const renamed = files.map((f) => {
    const module = names.get(f.module);
    if (module === undefined) return f;
    const symbols = f.symbols.map((s) => {
      const id = importIdFor(names, s.id);
      ids.set(s.id, id);
      // A copy that leaves facts a cache entry has not decoded as they are (cache/lazyFacts.ts).
      const copy = copySymbol(s, { id, module: importIdFor(names, s.module) });
      if (s.parent !== undefined) copy.parent = importIdFor(names, s.parent);
      return copy;
    });
    return { ...f, module, symbols };
  });
  const idOf = (id: string) => ids.get(id) ?? id;
  const relabelled = edges.map((e) => {
    const from = idOf(e.from);
    const to = idOf(e.to);
    return from === e.from && to === e.to ? e : { ...e, from, to };
  });
  // Edge order is (from, to, kind): renaming can change it.
  relabelled.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.to < b.to ? -1 : a.to > b.to ? 1 : a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  return { files: renamed, edges: relabelled };
}

/** The call-graph part of the index options. */
export function graphOptionsOf(options: IndexOptions): CallGraphOptions {
  // Resolution needs memory of its own (live heap +22% over the records at 10k synthetic files, more while it
  // runs): it can fill a heap the scan left room in.
  const heap = options.heapGuard ?? createHeapGuard();
  return {
    afterFile: (done, total) => {
      heap.check(done, total, 'files resolved');
      options.onResolve?.(done + 1, total);
    },
    afterStep: (done, total) => heap.checkStep(done, total, 'resolution steps done'),
    ...(options.maxHeuristicTargets !== undefined ? { maxHeuristicTargets: options.maxHeuristicTargets } : {}),
    ...(options.parameterFlow ? { parameterFlow: true } : {}),
  };
}

function isPackageInit(file: string): boolean {
  return file === '__init__.py' || file.endsWith('/__init__.py');
}
