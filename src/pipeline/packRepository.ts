// One pack over a built index: target -> roots -> packContext with the chosen format and encoding.
// The index is built once and can be packed many times (the API and the action rely on that), so the
// call adjacency and the subclass lookup are built once per index.
// Settings are partial for callers: what is given (and not undefined) is laid over
// DEFAULT_PACK_SETTINGS, so `packRepository(index, target, { budget: 500 })` works as it reads.
import { buildAdjacency, type Adjacency, type Neighbour } from '../graph/adjacency.js';
import type { RepoIndex } from '../model.js';
import { baseIndex, subclassIndex } from '../pack/classNeighbours.js';
import { packContext, type PackResult, type Preamble } from '../pack/packer.js';
import { createTokenCounter, type TokenEncoding } from '../pack/tokens.js';
import type { ChangedSymbolRow, DigestFormat } from '../render/document.js';
import { rendererFor } from '../render/renderers.js';
import { resolveTarget, type Target } from './resolveTarget.js';

export interface PackSettings {
  budget: number;
  encoding: TokenEncoding;
  format: DigestFormat;
  signaturesOnly: boolean;
  resolution: 'resolved' | 'all';
}

export const DEFAULT_PACK_SETTINGS: PackSettings = {
  budget: 4000,
  encoding: 'o200k_base',
  format: 'markdown',
  signaturesOnly: false,
  resolution: 'all',
};

/** `overrides` over DEFAULT_PACK_SETTINGS; an undefined value keeps the default. */
export function withPackDefaults(overrides: Partial<PackSettings> = {}): PackSettings {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined)) as Partial<PackSettings>;
  return { ...DEFAULT_PACK_SETTINGS, ...given };
}

const adjacencyCache = new WeakMap<RepoIndex, Adjacency>();

/** The call adjacency of an index, built once per index. */
export function adjacencyOf(index: RepoIndex): Adjacency {
  let adjacency = adjacencyCache.get(index);
  if (!adjacency) {
    adjacency = buildAdjacency(index.edges);
    adjacencyCache.set(index, adjacency);
  }
  return adjacency;
}

const subclassCache = new WeakMap<RepoIndex, (id: string) => readonly Neighbour[]>();
const baseCache = new WeakMap<RepoIndex, (id: string) => readonly Neighbour[]>();

/** Direct subclasses of a class in an index (its `inherits` edges), built once per index. */
export function subclassesOf(index: RepoIndex): (id: string) => readonly Neighbour[] {
  let lookup = subclassCache.get(index);
  if (!lookup) {
    lookup = subclassIndex(index.edges);
    subclassCache.set(index, lookup);
  }
  return lookup;
}

/** Direct project bases of a class in an index, built once per index. */
function basesOf(index: RepoIndex): (id: string) => readonly Neighbour[] {
  let lookup = baseCache.get(index);
  if (!lookup) {
    lookup = baseIndex(index.edges);
    baseCache.set(index, lookup);
  }
  return lookup;
}

const partialCache = new WeakMap<RepoIndex, ReadonlySet<string>>();

/** Files of an index tree-sitter could only partly parse, built once per index. */
function partialFilesOf(index: RepoIndex): ReadonlySet<string> {
  let files = partialCache.get(index);
  if (!files) {
    files = new Set(index.files.filter((f) => f.partial).map((f) => f.path));
    partialCache.set(index, files);
  }
  return files;
}

export interface PackRootsExtras {
  title?: string;
  preamble?: Preamble;
  changed?: readonly ChangedSymbolRow[];
  /** Symbols a PR removed, shown as in base and marked so. */
  removed?: ReadonlySet<string>;
}

export function packRoots(index: RepoIndex, roots: readonly string[], overrides: Partial<PackSettings> = {}, extras: PackRootsExtras = {}): PackResult {
  const settings = withPackDefaults(overrides);
  return packContext({
    roots,
    symbols: index.byId,
    adjacency: adjacencyOf(index),
    subclasses: subclassesOf(index),
    bases: basesOf(index),
    partialFiles: partialFilesOf(index),
    budget: settings.budget,
    counter: createTokenCounter(settings.encoding),
    renderer: rendererFor(settings.format),
    signaturesOnly: settings.signaturesOnly,
    resolution: settings.resolution,
    ...extras,
  });
}

export function packRepository(index: RepoIndex, target: Target, settings: Partial<PackSettings> = {}): PackResult {
  const resolved = resolveTarget(index, target);
  return packRoots(index, resolved.roots, settings, { title: `RepoDigest: ${resolved.description}` });
}
