// Index on demand for PR digests: parse only the files that can change what the digest shows.
//
// Decisions:
// - Rounds to a fixed point, driven by the digest itself: parse the changed files and what their
//   imports need; prepare and pack the digest over that part (the other files are empty modules, so
//   module paths, source roots and import names are those of the whole tree); read off which symbols
//   the digest used (changed symbols, their callers two hops deep, their callees, every candidate the
//   packer considered, in every format asked for); parse the files that can hold an edge of those
//   symbols (onDemandSelect.ts, over the text pre-filter of files/prefilter.ts) and go again until
//   nothing new is needed. Then every symbol the digest read has the full index's edges, so the
//   packer walks the same candidates in the same order and the digest is the full index's.
// - What cannot become exact: symbols reached only after the packer stopped scanning (`not
//   considered`, counted, never shown) are walked over the parsed part only, so their count is a
//   lower bound ("at least"), and with it the skip totals that include them.
// - Redaction counts every secret of the analysed code: a file whose raw text the redaction rules
//   hit is parsed, so those counts stay exact. It is parsed as a seed, its imports followed: parsing
//   it alone saves few files and costs another round.
// - When a round finds that nearly the whole tree is needed (>= 80% of the files parsed or wanted, in
//   a tree of at least 200 files: below that a round costs little), every file is parsed and the next
//   round is the last: parsing the few left costs less than the rounds it saves. The index is then
//   the full one, so the digest is too.
// - A round indexes copies of the records that share everything but what redaction rewrites (texts,
//   parameter defaults); git's answers and the changed files' revisions are read once per run
//   (runMemo.ts, applied by setup.ts). Resolution is not incremental: a round re-resolves every parsed file, since a new
//   file can change an old site's targets (a subclass adds dispatch, a name gets crowded).
// - Falls back to the full index (and says why in the returned `fallback`) where the rule above
//   would not hold: `parameterFlow` (an edge then depends on another function's body).

import { discoverPythonFiles } from '../files/discover.js';
import { buildWordIndex, NO_WORDS } from '../files/prefilter.js';
import { createSourceReader, DEFAULT_MAX_FILE_BYTES } from '../files/read.js';
import { DEFAULT_MAX_HEURISTIC_TARGETS } from '../graph/resolver/heuristic.js';
import type { FileRecord, PySymbol, RepoIndex, SkippedFile } from '../model.js';
import type { PackResult } from '../pack/packer.js';
import { extractRead, type IndexOptions, type ScannedFiles, scanRepository } from '../pipeline/indexRepository.js';
import { createRecordCompactor } from '../python/compactRecord.js';
import { extractFile } from '../python/extract.js';
import { mayHoldProviderToken, redactText } from '../review/redact.js';
import { createHeapGuard, type HeapGuard } from '../shared/heapGuard.js';
import { bareNameOf, buildModuleLookup, type Chase, type Corpus, calleeNeeds, callerNeeds, chaseIn, importChases, type Known, type ModuleLookup } from './onDemandSelect.js';
import type { PreparedPr } from './prepare.js';
import type { PrSetup } from './setup.js';

export interface OnDemandStages {
  prepare: (setup: PrSetup, scanned: ScannedFiles) => Promise<PreparedPr>;
  pack: (prepared: PreparedPr) => PackResult[];
}

export interface OnDemandStats {
  mode: 'on-demand' | 'full';
  filesParsed: number;
  filesTotal: number;
  rounds: number;
  /** The files parsed, sorted (on demand only). */
  parsed?: string[];
  /** Why the full index was used instead. */
  fallback?: string;
  /** Files parsed (whole or for names) when each round started. */
  parsedPerRound?: number[];
  /** Files parsed whole (their symbols can be in play; the rest only for the names they bind). */
  wholeFiles?: number;
  /** Set when a round wanted nearly every file and the rest were parsed at once (see the decisions above). */
  finishedWhole?: boolean;
}

export interface OnDemandOutcome {
  prepared: PreparedPr;
  results: PackResult[];
  stats: OnDemandStats;
}

/** Why this run cannot be done on demand, or undefined. */
export function fullIndexReason(options: IndexOptions): string | undefined {
  if (options.parameterFlow) return 'parameter flow links a call to the functions passed in from any caller, which the text pre-filter cannot bound';
  return undefined;
}

/**
 * `withViewer`: the index must also hold the PR's impact graph exactly as the full index does (two hops
 * each way, viewer/payload.ts), for a graph viewer built from it.
 */
export async function onDemandPr(root: string, options: IndexOptions, setup: PrSetup, stages: OnDemandStages, withViewer = false): Promise<OnDemandOutcome> {
  const reason = fullIndexReason(options);
  if (reason !== undefined) return fullIndexPr(root, options, setup, stages, reason);
  const tree = await readTree(root, options);
  const parsing = partialParsing(tree, setup, options);
  parsing.parse(seedFiles(tree, setup, options));
  return roundsToFixedPoint(tree, parsing, setup, stages, options, withViewer);
}

/** The digest over the full index, with the reason it could not be built on demand. */
async function fullIndexPr(root: string, options: IndexOptions, setup: PrSetup, stages: OnDemandStages, reason: string): Promise<OnDemandOutcome> {
  const scanned = await scanRepository(root, { ...options, recall: setup.extract.recall });
  const prepared = await stages.prepare(setup, scanned);
  return { prepared, results: stages.pack(prepared), stats: { mode: 'full', filesParsed: scanned.files.length, filesTotal: scanned.files.length, rounds: 1, fallback: reason } };
}

/** Every Python file read, none parsed yet. */
interface ReadTree {
  paths: string[];
  /** A file's text until it is parsed (its record keeps the slices it needs), then undefined. */
  texts: (string | undefined)[];
  readNotes: string[][];
  /** Files discovery or reading left out. */
  skipped: SkippedFile[];
  /** File number of each path. */
  number: ReadonlyMap<string, number>;
  corpus: Corpus;
  modules: ModuleLookup;
  heap: HeapGuard;
}

async function readTree(root: string, options: IndexOptions): Promise<ReadTree> {
  const discovered = await discoverPythonFiles(root, {
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
  });
  const reader = createSourceReader(root, { maxBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES });
  const skipped: SkippedFile[] = [...discovered.skipped];
  const paths: string[] = [];
  const texts: (string | undefined)[] = [];
  const readNotes: string[][] = [];
  const heap = options.heapGuard ?? createHeapGuard(undefined, undefined, true);
  for (const path of discovered.python) {
    heap.check(paths.length, discovered.python.length, 'files read');
    const read = reader.read(path);
    if (!read.ok) {
      skipped.push({ path, reason: read.reason });
      continue;
    }
    paths.push(path);
    texts.push(read.text);
    readNotes.push(read.notes);
  }
  const corpus: Corpus = { paths, words: buildWordIndex(texts as string[]) };
  return { paths, texts, readNotes, skipped, number: new Map(paths.map((p, i) => [p, i])), corpus, modules: buildModuleLookup(paths), heap };
}

/** What is parsed so far, and how more gets parsed. */
interface PartialParsing {
  readonly records: (FileRecord | undefined)[];
  readonly failed: Map<number, SkippedFile>;
  /** Files parsed whole (their symbols can be in play); the others were parsed only for the names they bind. */
  readonly whole: Set<number>;
  /** Parse file `i` (once), its text dropped after. */
  parseOne(i: number): FileRecord | undefined;
  /** Parse the `wanted` files whole and follow every name they import. */
  parse(wanted: Iterable<number>): void;
  /** Files parsed, whole or for names, failures included. */
  parsedCount(): number;
}

function partialParsing(tree: ReadTree, setup: PrSetup, options: IndexOptions): PartialParsing {
  const { paths, texts, readNotes, corpus, modules, heap } = tree;
  const records: (FileRecord | undefined)[] = paths.map(() => undefined);
  const failed = new Map<number, SkippedFile>();
  // Records compacted as the full scan's are (python/compactRecord.ts).
  const compact = createRecordCompactor();
  let parsedSoFar = 0;
  const parseOne = (i: number): FileRecord | undefined => {
    if (records[i] === undefined && !failed.has(i)) {
      const out = extractRead(setup.parser, paths[i]!, { text: texts[i]!, notes: [...readNotes[i]!] }, options.cache, setup.extract.recall);
      texts[i] = undefined;
      if ('skipped' in out) failed.set(i, out.skipped);
      else records[i] = compact(out.record);
      heap.check(++parsedSoFar, paths.length, 'files parsed on demand');
    }
    return records[i];
  };
  // Files needed whole follow every name they import; the files those names lead to are parsed only
  // for the names (onDemandSelect.ts Chase).
  const whole = new Set<number>();
  const chased = new Set<string>();
  const parse = (wanted: Iterable<number>): void => {
    const queue: Chase[] = [];
    for (const i of wanted) {
      if (whole.has(i)) continue;
      whole.add(i);
      const record = parseOne(i);
      if (record) queue.push(...importChases(record, i, corpus, modules));
    }
    while (queue.length > 0) {
      const chase = queue.pop()!;
      const key = `${chase.file}\0${chase.name}\0${chase.name === '' || chase.name === '*' ? chase.spelledBy : ''}`;
      if (chased.has(key)) continue;
      chased.add(key);
      const record = parseOne(chase.file);
      if (record) queue.push(...chaseIn(record, chase, corpus, modules));
    }
  };
  const parsedCount = () => records.filter((r) => r !== undefined).length + failed.size;
  return { records, failed, whole, parseOne, parse, parsedCount };
}

/** The first files to parse: the changed files (both paths of a rename), removed symbols' files, and every file a redaction rule hits. */
function seedFiles(tree: ReadTree, setup: PrSetup, options: IndexOptions): Set<number> {
  const { number } = tree;
  const seeds = new Set<number>();
  for (const f of setup.pathChanges.files) {
    for (const p of [f.path, f.oldPath]) {
      const i = p === undefined ? undefined : number.get(p);
      if (i !== undefined) seeds.add(i);
    }
  }
  for (const s of setup.pathChanges.removedSymbols) {
    const i = number.get(s.file);
    if (i !== undefined) seeds.add(i);
  }
  if (options.redact !== false) tree.texts.forEach((text, i) => (text !== undefined && secretHit(text) ? seeds.add(i) : undefined));
  return seeds;
}

/** Prepare and pack over the parsed part, parse what the digest needs, and go again until nothing new is needed. */
async function roundsToFixedPoint(tree: ReadTree, parsing: PartialParsing, setup: PrSetup, stages: OnDemandStages, options: IndexOptions, withViewer: boolean): Promise<OnDemandOutcome> {
  const { paths, corpus } = tree;
  const { records, failed, whole } = parsing;
  // Unparsed files are empty modules: their paths still make the module table and import names of the whole tree.
  const stubs = new Map<number, FileRecord>();
  const stubOf = (i: number): FileRecord => {
    let stub = stubs.get(i);
    if (!stub) stubs.set(i, (stub = extractFile(setup.parser, paths[i]!, '')));
    return stub;
  };
  let rounds = 0;
  const parsedPerRound: number[] = [];
  let finishedWhole = false;
  for (;;) {
    rounds++;
    parsedPerRound.push(parsing.parsedCount());
    const files: FileRecord[] = [];
    records.forEach((r, i) => {
      if (failed.has(i)) return;
      if (finishedWhole && r !== undefined) files.push(r);
      else files.push(roundCopy(r ?? stubOf(i)));
    });
    const prepared = await stages.prepare(setup, { files, skippedFiles: [...tree.skipped, ...failed.values()] });
    const results = stages.pack(prepared);
    const done = (): OnDemandOutcome => {
      const parsed = paths.filter((_, i) => records[i] !== undefined || failed.has(i));
      const stats: OnDemandStats = { mode: 'on-demand', filesParsed: parsing.parsedCount(), filesTotal: paths.length, rounds, parsed, parsedPerRound, wholeFiles: whole.size, ...(finishedWhole ? { finishedWhole } : {}) };
      return { prepared, results, stats };
    };
    if (finishedWhole) return done();
    const wanted = neededFiles(prepared, results, corpus, tree.number, options.maxHeuristicTargets ?? DEFAULT_MAX_HEURISTIC_TARGETS, withViewer);
    const fresh = [...wanted].filter((i) => !whole.has(i));
    if (fresh.length === 0) return done();
    if (nearlyWholeTree(tree, parsing, fresh)) {
      paths.forEach((_, i) => parsing.parseOne(i));
      finishedWhole = true;
      // The last round needs no selection: the word index and the empty modules go before it is built.
      corpus.words = NO_WORDS;
      stubs.clear();
      continue;
    }
    parsing.parse(fresh);
  }
}

/** Whether the files parsed and `fresh` are nearly the whole tree (see the decisions above). */
function nearlyWholeTree(tree: ReadTree, parsing: PartialParsing, fresh: readonly number[]): boolean {
  const reached = new Set(fresh);
  parsing.records.forEach((r, i) => (r === undefined ? undefined : reached.add(i)));
  return tree.paths.length >= WHOLE_TREE_MIN_FILES && reached.size >= WHOLE_TREE_SHARE * tree.paths.length;
}

/**
 * A record as one round may use it: redaction rewrites symbols' texts and parameter defaults in
 * place (review/redactIndex.ts), so those are copied, and what a later round reads is the text as
 * parsed; call sites, bindings and the rest are shared (a deep copy per round costs much CPU and
 * memory on a large tree).
 */
function roundCopy(record: FileRecord): FileRecord {
  return { ...record, notes: [...record.notes], symbols: record.symbols.map((s) => ({ ...s, params: s.params.map((p) => ({ ...p })) })) };
}

/** Share of the tree at which a round parses every file and the next round is the last (decisions above). */
const WHOLE_TREE_SHARE = 0.8;
const WHOLE_TREE_MIN_FILES = 200;

function secretHit(text: string): boolean {
  return mayHoldProviderToken(text) || redactText(text).counts.size > 0;
}

/** The files that can hold an edge of a symbol the digest read (see the decisions above). */
function neededFiles(prepared: PreparedPr, results: readonly PackResult[], corpus: Corpus, number: ReadonlyMap<string, number>, maxHeuristicTargets: number, withViewer: boolean): Set<number> {
  const { index } = prepared;
  const changed = new Set(prepared.entries.map((e) => e.id));
  // Neighbours of the changed symbols over every edge kind, and their callers (tests two hops away).
  const near = new Set<string>(changed);
  for (const e of index.edges) {
    if (e.kind === 'contains') continue;
    if (changed.has(e.from)) near.add(e.to);
    if (changed.has(e.to)) near.add(e.from);
  }
  const considered = new Set<string>([...changed, ...prepared.roots]);
  for (const r of results) {
    for (const p of r.packed) considered.add(p.id);
    for (const s of r.skipped) if (s.considered !== false) considered.add(s.id);
  }
  const callersExact = new Set<string>([...near, ...considered]);
  const calleesExact = new Set<string>([...near, ...considered]);
  if (withViewer) {
    // The viewer keeps two hops each way and every edge among what it keeps (viewer/payload.ts): the
    // second ring and the enclosing classes and modules need their edges exact too.
    const ring = new Set<string>();
    for (const e of index.edges) {
      if (e.kind === 'contains') continue;
      if (near.has(e.from)) ring.add(e.to);
      if (near.has(e.to)) ring.add(e.from);
    }
    for (const id of [...ring, ...near]) {
      for (let s = symbolOfId(index, id); s !== undefined; s = s.parent === undefined ? undefined : symbolOfId(index, s.parent)) {
        callersExact.add(s.id);
        calleesExact.add(s.id);
      }
    }
  }
  const out = new Set<number>();
  const add = (set: Iterable<number>) => {
    for (const i of set) out.add(i);
  };
  const symbolOf = (id: string): PySymbol | undefined => index.byId.get(id);
  const known = knownOf(prepared.index, maxHeuristicTargets);
  for (const id of callersExact) {
    const s = symbolOf(id);
    if (!s) continue;
    const own = number.get(s.file);
    if (own !== undefined) out.add(own);
    const got = callerNeeds(s, s.parent === undefined ? undefined : symbolOf(s.parent), corpus, known);
    add(got);
  }
  for (const id of calleesExact) {
    const s = symbolOf(id);
    if (!s) continue;
    const got = calleeNeeds(s, corpus, known);
    add(got);
  }
  return out;
}

/** What the partial index proves (onDemandSelect.ts Known): method name counts and subclasses. */
function knownOf(index: RepoIndex, max: number): Known {
  const methods = new Map<string, number>();
  for (const s of index.symbols) if (s.kind === 'method') methods.set(bareNameOf(s), (methods.get(bareNameOf(s)) ?? 0) + 1);
  const subs = new Map<string, string[]>();
  for (const e of index.edges) {
    if (e.kind !== 'inherits') continue;
    const list = subs.get(e.to);
    if (list) list.push(e.from);
    else subs.set(e.to, [e.from]);
  }
  return {
    crowded: (name) => (methods.get(name) ?? 0) > max,
    subclassNames: (classId) => {
      const seen = new Set<string>();
      const queue = [classId];
      while (queue.length > 0) for (const sub of subs.get(queue.pop()!) ?? []) if (!seen.has(sub)) {
          seen.add(sub);
          queue.push(sub);
        }
      return [...seen].map((id) => index.byId.get(id)).filter((s): s is PySymbol => s !== undefined).map(bareNameOf);
    },
  };
}

function symbolOfId(index: RepoIndex, id: string): PySymbol | undefined {
  return index.byId.get(id);
}
