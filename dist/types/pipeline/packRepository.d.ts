import { type Adjacency, type Neighbour, type ResolutionFilter } from '../graph/adjacency.js';
import type { RepoIndex } from '../model.js';
import type { ChangedSymbolRow, DigestFormat } from '../pack/document.js';
import { type PackInput, type PackResult, type Preamble, type PreambleData } from '../pack/packer.js';
import { type TokenEncoding } from '../pack/tokens.js';
import { type Target } from './resolveTarget.js';
export interface PackSettings {
    budget: number;
    encoding: TokenEncoding;
    format: DigestFormat;
    signaturesOnly: boolean;
    resolution: ResolutionFilter;
    /** PR digests: draw the Mermaid call graph (markdown and json only; default on). */
    mermaid?: boolean;
}
export declare const DEFAULT_PACK_SETTINGS: PackSettings;
/** `overrides` over DEFAULT_PACK_SETTINGS; an undefined value keeps the default. */
export declare function withPackDefaults(overrides?: Partial<PackSettings>): PackSettings;
/** The call adjacency of an index, built once per index. */
export declare const adjacencyOf: (index: RepoIndex) => Adjacency;
/** Direct subclasses of a class in an index (its `inherits` edges), built once per index. */
export declare const subclassesOf: (index: RepoIndex) => (id: string) => readonly Neighbour[];
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
export declare function packRoots(index: RepoIndex, roots: readonly string[], overrides?: Partial<PackSettings>, extras?: PackRootsExtras): PackResult;
export declare function packRepository(index: RepoIndex, target: Target, settings?: Partial<PackSettings>): PackResult;
