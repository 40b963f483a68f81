// One pack over a built index: target -> roots -> packContext with the chosen format and encoding.
// The index is built once and can be packed many times (the API and the action rely on that), so the
// call adjacency and the subclass lookup are built once per index.
// Settings are partial for callers: what is given (and not undefined) is laid over
// DEFAULT_PACK_SETTINGS, so `packRepository(index, target, { budget: 500 })` works as it reads.
import { type Adjacency, buildAdjacency, type Neighbour, type ResolutionFilter } from '../graph/adjacency.js';
import { baseIndex, subclassIndex } from '../graph/classNeighbours.js';
import type { RepoIndex } from '../model.js';
import type { ChangedSymbolRow, DigestFormat } from '../pack/document.js';
import { type PackInput, type PackResult, type Preamble, type PreambleData, packContext } from '../pack/packer.js';
import { createTokenCounter, type TokenEncoding } from '../pack/tokens.js';
import { namesRedacted } from '../render/namesRedacted.js';
import { rendererFor } from '../render/renderers.js';
import { perIndex } from './perIndex.js';
import { resolveTarget, type Target } from './resolveTarget.js';

export interface PackSettings {
  budget: number;
  encoding: TokenEncoding;
  format: DigestFormat;
  signaturesOnly: boolean;
  resolution: ResolutionFilter;
  /** PR digests: draw the Mermaid call graph (markdown and json only; default on). */
  mermaid?: boolean;
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

/** The call adjacency of an index, built once per index. */
export const adjacencyOf: (index: RepoIndex) => Adjacency = perIndex((index) => buildAdjacency(index.edges));

/** Direct subclasses of a class in an index (its `inherits` edges), built once per index. */
export const subclassesOf: (index: RepoIndex) => (id: string) => readonly Neighbour[] = perIndex((index) => subclassIndex(index.edges));

/** Direct project bases of a class in an index, built once per index. */
const basesOf = perIndex((index) => baseIndex(index.edges));

/** Files of an index tree-sitter could only partly parse, built once per index. */
const partialFilesOf = perIndex((index): ReadonlySet<string> => new Set(index.files.filter((f) => f.partial).map((f) => f.path)));

export interface PackRootsExtras {
  title?: string;
  preamble?: Preamble;
  preambleData?: PreambleData;
  changed?: readonly ChangedSymbolRow[];
  /** Symbols a PR removed, shown as in base and marked so. */
  removed?: ReadonlySet<string>;
  /** PR digests: the plan's extras (pack/packer.ts `views`, `priority`, `changedFirst`, `compareNeighbours`, `tail`, `tailShare`). */
  views?: PackInput['views'];
  tail?: PackInput['tail'];
  tailShare?: PackInput['tailShare'];
  priority?: PackInput['priority'];
  changedFirst?: boolean;
  compareNeighbours?: PackInput['compareNeighbours'];
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
    renderer: namesRedacted(rendererFor(settings.format), index.secrets),
    signaturesOnly: settings.signaturesOnly,
    resolution: settings.resolution,
    ...extras,
  });
}

export function packRepository(index: RepoIndex, target: Target, settings: Partial<PackSettings> = {}): PackResult {
  const resolved = resolveTarget(index, target);
  return packRoots(index, resolved.roots, settings, { title: `RepoDigest: ${resolved.description}` });
}
