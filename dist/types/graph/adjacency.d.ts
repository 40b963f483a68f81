import type { Edge, Resolution } from '../model.js';
export interface Neighbour {
    id: string;
    resolution: Resolution;
    /** Heuristic neighbours: the edge's confidence (0..1). */
    confidence?: number;
    /** Call-site lines in the caller's file, ascending. */
    lines: readonly number[];
}
export interface Adjacency {
    callees(id: string): readonly Neighbour[];
    callers(id: string): readonly Neighbour[];
    /** Symbols that use `id` as a value without calling it there (`references` edges), same order. */
    users(id: string): readonly Neighbour[];
}
/** 0 resolved, 1 dispatch, 2 heuristic. */
/** Which call edges a pack follows: proved ones only (`isProved`), or every one, name-based guesses included. */
export declare const RESOLUTION_FILTERS: readonly ["resolved", "all"];
export type ResolutionFilter = (typeof RESOLUTION_FILTERS)[number];
export declare const RESOLUTION_RANK: Readonly<Record<Resolution, number>>;
/** The rule for "resolved only" filters (`--resolution resolved`): resolved and dispatch edges are kept, heuristic ones dropped. */
export declare function isProved(resolution: Resolution): boolean;
export declare function strongerResolution(a: Resolution, b: Resolution): Resolution;
export declare function compareNeighbours(a: Neighbour, b: Neighbour): number;
export declare function buildAdjacency(edges: readonly Edge[]): Adjacency;
