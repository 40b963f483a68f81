// Loads the project's stages for the benchmark, each by its ARCHITECTURE.md contract.
//
// Why dynamic imports: the bench must still measure what exists (at least tree-sitter parsing)
// while a stage is missing or broken, and say which one and why, instead of failing to start.
// Every stage is typed here by its published contract, so a changed signature shows up as a
// wrong result in one place rather than as scattered casts.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Edge, FileRecord, RepoIndex, SkippedFile } from '../../src/model.js';
import type { PythonParser } from '../../src/python/treeSitter.js';

export type DiscoverFn = (
  root: string,
  options?: { include?: string[]; exclude?: string[] },
) => Promise<{ python: string[]; skipped: SkippedFile[] }>;
export type ReadFn = (
  root: string,
  relPath: string,
  options: { maxBytes: number },
) => Promise<{ ok: true; text: string; notes: string[] } | { ok: false; reason: string }>;
export type ExtractFn = (parser: PythonParser, relPath: string, text: string) => FileRecord;
export type CallGraphFn = (files: FileRecord[], options?: { maxHeuristicTargets?: number }) => Edge[];
export type IndexFn = (root: string, options?: { maxFileBytes?: number }) => Promise<RepoIndex>;
export type Target = { entry: string } | { query: string };
export interface PackOutcome {
  totalTokens: number;
  packed: number;
  roots: string[];
}
/**
 * Packing as the programmatic API does it: `prepare` once per index (the adjacency lists), then
 * `pack` per question: target -> roots -> packContext with a fresh token counter.
 */
export interface PackFns {
  /** Builds the token encoder's tables, once per process. */
  loadEncoder(): void;
  prepare(index: RepoIndex): void;
  pack(index: RepoIndex, target: Target, budget: number): PackOutcome;
}

export type Loaded<T> = { ok: true; value: T; from: string } | { ok: false; reason: string };

export interface Stages {
  loadPythonParser: () => Promise<PythonParser>;
  discover: Loaded<DiscoverFn>;
  read: Loaded<ReadFn>;
  extract: Loaded<ExtractFn>;
  callGraph: Loaded<CallGraphFn>;
  indexRepository: Loaded<IndexFn>;
  pack: Loaded<PackFns>;
}

const SRC = new URL('../../src', import.meta.url);

type Module = Record<string, unknown>;

/** The first candidate file (under src/) that exists and exports `name` as a function. */
async function loadExport<T>(candidates: string[], name: string): Promise<Loaded<T>> {
  const reasons: string[] = [];
  for (const rel of candidates) {
    const file = fileURLToPath(new URL(rel, SRC));
    if (!existsSync(file)) continue;
    try {
      const mod = (await import(pathToFileURL(file).href)) as Module;
      const fn = mod[name];
      if (typeof fn === 'function') return { ok: true, value: fn as T, from: `src/${rel}` };
      reasons.push(`src/${rel} has no export ${name}`);
    } catch (error) {
      reasons.push(`src/${rel} failed to load: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  if (reasons.length === 0) reasons.push(`missing (${candidates.map((c) => `src/${c}`).join(' or ')})`);
  return { ok: false, reason: reasons.join('; ') };
}

const PIPELINE = ['pipeline.ts', 'pipeline/index.ts', 'pipeline/indexRepository.ts'];

export async function loadStages(): Promise<Stages> {
  const treeSitter = (await import('../../src/python/treeSitter.js')) as typeof import('../../src/python/treeSitter.js');
  return {
    loadPythonParser: treeSitter.loadPythonParser,
    discover: await loadExport<DiscoverFn>(['files/discover.ts'], 'discoverPythonFiles'),
    read: await loadExport<ReadFn>(['files/read.ts'], 'readPythonSource'),
    extract: await loadExport<ExtractFn>(['python/extract.ts'], 'extractFile'),
    callGraph: await loadExport<CallGraphFn>(['graph/callGraph.ts'], 'buildCallGraph'),
    indexRepository: await loadExport<IndexFn>(PIPELINE, 'indexRepository'),
    pack: await loadPack(),
  };
}

type PackRepositoryFn = (
  index: RepoIndex,
  target: Target,
  settings: { budget: number; encoding: 'o200k_base'; format: 'markdown'; signaturesOnly: false; resolution: 'all' },
) => { totalTokens: number; packed: unknown[]; roots: string[] };

/** The pipeline's packRepository, its adjacency cache warmed by `prepare` so that it is timed apart. */
async function loadPack(): Promise<Loaded<PackFns>> {
  const candidates = ['pipeline/packRepository.ts', ...PIPELINE];
  const packRepository = await loadExport<PackRepositoryFn>(candidates, 'packRepository');
  const adjacencyOf = await loadExport<(index: RepoIndex) => unknown>(candidates, 'adjacencyOf');
  const createTokenCounter = await loadExport<(encoding: 'o200k_base') => { count(text: string): number }>(
    ['pack/tokens.ts'],
    'createTokenCounter',
  );
  if (!packRepository.ok) return packRepository;
  if (!adjacencyOf.ok) return adjacencyOf;
  if (!createTokenCounter.ok) return createTokenCounter;
  return {
    ok: true,
    from: packRepository.from,
    value: {
      loadEncoder: () => void createTokenCounter.value('o200k_base').count('def f(): pass'),
      prepare: (index) => void adjacencyOf.value(index),
      pack: (index, target, budget) => {
        const settings = { budget, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' } as const;
        const result = packRepository.value(index, target, settings);
        return { totalTokens: result.totalTokens, packed: result.packed.length, roots: result.roots };
      },
    },
  };
}
