import { type Adjacency, type ResolutionFilter } from '../graph/adjacency.js';
import type { ClassLookups } from '../graph/classNeighbours.js';
import type { Resolution } from '../model.js';
import type { PackDirection } from './document.js';
export interface Candidate {
    id: string;
    hop: number;
    direction: PackDirection;
    resolution?: Resolution;
}
/** A symbol reached in one hop: its best resolution and how many call sites reach it. */
export interface Reached {
    id: string;
    resolution: Resolution;
    sites: number;
    /** Heuristic edges: the best confidence among the edges that reach it (graph/resolver/confidence.ts). */
    confidence?: number;
}
export interface ExpansionInput {
    /**
     * Order of one hop's new symbols (a PR digest ranks neighbours by relevance); default: resolved
     * first, then id. Ties must end on the id, so the order stays a function of the graph.
     */
    compare?: (a: Reached, b: Reached) => number;
    roots: readonly string[];
    adjacency: Adjacency;
    /** Only ids this accepts are reached (unknown ids from a stale graph are ignored). */
    exists(id: string): boolean;
    resolution: ResolutionFilter;
    /** Roots whose neighbourhood comes after the others' in every hop (the late-roots rule above). */
    late?: (rootId: string) => boolean;
    /**
     * A symbol shown only in part (a PR's module or class as its changed lines): in a callee hop it
     * stands for the calls on these lines of its file only (the rule above). Unset: all its calls.
     */
    calleesOn?: (id: string) => ReadonlySet<number> | undefined;
    /** Whole classes (see the rule above); without it every symbol is expanded as itself. */
    classes?: ClassLookups & {
        /** `id` is a class that was packed in full, or a root class that was not packed. */
        isWhole(id: string): boolean;
    };
}
export declare function expansionOrder(input: ExpansionInput): Generator<Candidate>;
