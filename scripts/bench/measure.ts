// Measures one corpus: the phases of indexing, timed in interleaved rounds over the same files.
//
// Phases (all over the workload's files):
// - parse-only: read each file from disk + tree-sitter parse + tree.delete(), nothing else. The floor
//   any tree-sitter indexer pays; the baseline of the 1.3x target. The read is readFileSync: it is
//   the cheapest way to get the bytes (Django, 859 files: ~20 ms, against ~150-250 ms for awaited
//   fs.promises.readFile one file after another), and a slower read in the baseline would hide the
//   indexer's own read overhead inside the denominator.
// - parse (in memory): parse + delete of texts already read, to split reading from parsing.
// - extract: extractFile over texts in memory (its one parse included) = "parse+extract".
// - resolve: buildCallGraph over the extracted files alone; its share of extract is the 30% target.
// - full index: indexRepository(root) — discover + read + extract + buildCallGraph — or, while the
//   pipeline is missing, those four stages composed the same way.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { FileRecord, RepoIndex } from '../../src/model.js';
import { EXTRACT_QUERY } from '../../src/python/queries.js';
import type { PythonParser } from '../../src/python/treeSitter.js';
import { countIndex, type IndexCounts } from './counts.js';
import type { Stages } from './modules.js';
import { measurePacks, type PackResults, type PackTarget } from './packing.js';
import { type GcFn, type Phase, type Timing, timeRounds } from './timing.js';
import { loadWorkload, type Workload } from './workload.js';

export interface MeasureSettings {
  rounds: number;
  warmup: number;
  maxFileBytes: number;
  budget: number;
  packRuns: number;
  target: PackTarget;
  log: (line: string) => void;
}

export const PHASES = ['parse-only', 'parse (in memory)', 'parse + definitions query', 'parse + extraction query', 'discover', 'read', 'extract', 'resolve', 'full index'] as const;
export type PhaseName = (typeof PHASES)[number];

export interface CorpusMeasurement {
  root: string;
  stages: Record<string, string>;
  discoveredBy: string;
  readBy: string;
  fullIndexBy: string | undefined;
  filesParsed: number;
  bytes: number;
  counts: IndexCounts | undefined;
  timings: Partial<Record<PhaseName, Timing>>;
  /** full index / parse-only, best against best (wall). */
  fullOverParse: number | undefined;
  /** resolve / extract, best against best (wall). */
  resolutionShare: number | undefined;
  /** The same two ratios on process CPU time, steadier when other processes share the machine. */
  cpuFullOverParse: number | undefined;
  cpuResolutionShare: number | undefined;
  /** How busy the machine was: 1-minute load average around the timed rounds, and our CPU / wall time over them. */
  machine: { loadBefore: number; loadAfter: number; cpuOverWall: number };
  pack: PackResults;
  memory: { maxRssMiB: number; heapAfterGcMiB: number | undefined; indexHeapMiB: number | undefined };
  pending: string[];
}

const MiB = 1024 * 1024;

function extractAll(extract: (p: PythonParser, rel: string, text: string) => FileRecord, parser: PythonParser, paths: string[], texts: string[]): FileRecord[] {
  const files: FileRecord[] = [];
  for (let i = 0; i < paths.length; i++) {
    try {
      files.push(extract(parser, paths[i]!, texts[i]!));
    } catch {
      // The full index reports such a file as skipped; here only the attempt's time counts.
    }
  }
  return files;
}

const DEFINITIONS_QUERY = '(function_definition) @def (class_definition) @class';

function captureAll(parser: PythonParser, pattern: string, texts: string[]): void {
  const query = parser.query(pattern);
  for (const text of texts) {
    const tree = parser.parse(text);
    query.captures(tree.rootNode);
    tree.delete();
  }
}

interface Indexer {
  by: string;
  run: (root: string) => Promise<RepoIndex>;
}

/** The pipeline's index, or the four stages composed the same way while it is missing. */
function fullIndexer(stages: Stages, parser: PythonParser, maxFileBytes: number): Indexer | undefined {
  if (stages.indexRepository.ok) {
    const indexRepository = stages.indexRepository.value;
    return { by: stages.indexRepository.from, run: (root) => indexRepository(root, { maxFileBytes }) };
  }
  const { discover, read, extract, callGraph } = stages;
  if (!discover.ok || !read.ok || !extract.ok || !callGraph.ok) return undefined;
  return {
    by: 'composed: discover + read + extract + buildCallGraph',
    run: async (root) => {
      const found = await discover.value(root);
      const skippedFiles = [...found.skipped];
      const files: FileRecord[] = [];
      for (const rel of found.python) {
        const text = await read.value(root, rel, { maxBytes: maxFileBytes });
        if (!text.ok) skippedFiles.push({ path: rel, reason: text.reason });
        else files.push(extract.value(parser, rel, text.text));
      }
      const symbols = files.flatMap((f) => f.symbols).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const edges = callGraph.value(files);
      return { root, files, symbols, byId: new Map(symbols.map((s) => [s.id, s])), edges, skippedFiles };
    },
  };
}

function heapMiB(gc: GcFn | undefined): number | undefined {
  if (!gc) return undefined;
  gc();
  return process.memoryUsage().heapUsed / MiB;
}

/** Which file provides each stage, or why it is pending. */
function stageSources(stages: Stages): { sources: Record<string, string>; pending: string[] } {
  const sources: Record<string, string> = {};
  const pending: string[] = [];
  for (const [name, stage] of Object.entries(stages)) {
    if (typeof stage !== 'object') continue;
    sources[name] = stage.ok ? stage.from : 'pending';
    if (!stage.ok) pending.push(`${name}: ${stage.reason}`);
  }
  return { sources, pending };
}

/** The phases that can run with the stages available now. */
function buildPhases(workload: Workload, stages: Stages, parser: PythonParser, settings: MeasureSettings, indexer: Indexer | undefined): Phase[] {
  const { root, paths, texts } = workload;
  const phases: Phase[] = [
    {
      name: 'parse-only',
      run: () => {
        for (const rel of paths) parser.parse(readFileSync(join(root, rel), 'utf8')).delete();
      },
    },
    { name: 'parse (in memory)', run: () => texts.forEach((t) => parser.parse(t).delete()) },
    // Floors of any query-based extractor, with no JS work on the captures: the cheapest useful query
    // (definitions only) and the one extraction runs. They show how much of the 1.3x budget the walk
    // inside WASM and the unmarshalling of captures take before extraction does anything.
    { name: 'parse + definitions query', run: () => captureAll(parser, DEFINITIONS_QUERY, texts) },
    { name: 'parse + extraction query', run: () => captureAll(parser, EXTRACT_QUERY, texts) },
  ];
  if (stages.discover.ok) {
    const discover = stages.discover.value;
    phases.push({ name: 'discover', run: async () => void (await discover(root)) });
  }
  if (stages.read.ok) {
    const read = stages.read.value;
    phases.push({
      name: 'read',
      run: async () => {
        for (const rel of paths) await read(root, rel, { maxBytes: settings.maxFileBytes });
      },
    });
  }
  if (stages.extract.ok) {
    const extract = stages.extract.value;
    phases.push({ name: 'extract', run: () => void extractAll(extract, parser, paths, texts) });
    if (stages.callGraph.ok) {
      // Resolution is timed on its own, over records extracted once beforehand.
      const buildCallGraph = stages.callGraph.value;
      const files = extractAll(extract, parser, paths, texts);
      phases.push({ name: 'resolve', run: () => void buildCallGraph(files) });
    }
  }
  if (indexer) phases.push({ name: 'full index', run: async () => void (await indexer.run(root)) });
  return phases;
}

const ratio = (a: number | undefined, b: number | undefined): number | undefined => (a !== undefined && b ? a / b : undefined);
const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export async function measureCorpus(root: string, stages: Stages, settings: MeasureSettings, gc: GcFn | undefined): Promise<CorpusMeasurement> {
  const parser = await stages.loadPythonParser();
  const workload = await loadWorkload(root, stages, settings.maxFileBytes);
  settings.log(`  ${workload.paths.length} files, ${(workload.bytes / MiB).toFixed(1)} MiB to parse`);
  const { sources, pending } = stageSources(stages);
  const indexer = fullIndexer(stages, parser, settings.maxFileBytes);
  if (!indexer) pending.push('full index: needs indexRepository, or discover + read + extract + buildCallGraph');

  const phases = buildPhases(workload, stages, parser, settings, indexer);
  settings.log(`  timing ${phases.map((p) => p.name).join(', ')}: ${settings.warmup} warm-up + ${settings.rounds} rounds`);
  const loadBefore = loadavg()[0]!;
  const timed = await timeRounds(phases, {
    rounds: settings.rounds,
    warmup: settings.warmup,
    gc,
    onRun: (phase, run, counted) =>
      settings.log(`    ${phase}: ${run.wall.toFixed(0)} ms wall, ${run.cpu.toFixed(0)} ms CPU${counted ? '' : ' (warm-up)'}`),
  });
  const loadAfter = loadavg()[0]!;
  phases.length = 0; // release the records the resolve phase held
  const timings = Object.fromEntries(timed) as Partial<Record<PhaseName, Timing>>;
  const all = Object.values(timings);
  const cpuOverWall = sum(all.map((t) => sum(t.cpuRuns))) / sum(all.map((t) => sum(t.runs)));

  // Memory in a defined state: the index alone, freshly built, after a full collection.
  const heapBefore = heapMiB(gc);
  const index = indexer ? await indexer.run(root) : undefined;
  const heapAfter = heapMiB(gc);

  return {
    root,
    stages: sources,
    discoveredBy: workload.discoveredBy,
    readBy: workload.readBy,
    fullIndexBy: indexer?.by,
    filesParsed: workload.paths.length,
    bytes: workload.bytes,
    counts: index ? countIndex(index.files, index.symbols, index.edges, index.skippedFiles) : undefined,
    timings,
    fullOverParse: ratio(timings['full index']?.best, timings['parse-only']?.best),
    resolutionShare: ratio(timings.resolve?.best, timings.extract?.best),
    cpuFullOverParse: ratio(timings['full index']?.cpuBest, timings['parse-only']?.cpuBest),
    cpuResolutionShare: ratio(timings.resolve?.cpuBest, timings.extract?.cpuBest),
    machine: { loadBefore, loadAfter, cpuOverWall },
    pack: index
      ? measurePacks(index, stages, settings.target, settings.budget, settings.packRuns)
      : { ok: false, reason: stages.pack.ok ? 'needs the full index' : stages.pack.reason },
    memory: {
      maxRssMiB: process.resourceUsage().maxRSS / 1024,
      heapAfterGcMiB: index ? heapAfter : undefined,
      indexHeapMiB: index && heapAfter !== undefined && heapBefore !== undefined ? heapAfter - heapBefore : undefined,
    },
    pending,
  };
}
