import type { Edge, Resolution } from '../model.js';
export interface Neighbour {
    id: string;
    resolution: Resolution;
    /** Heuristic neighbours, and resolved ones picked from several: the edge's confidence (0..1). */
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
/** A neighbour's confidence for ordering: a proved edge without one is certain, a guess without one worth nothing. */
export declare function confidenceOf(n: {
    resolution: Resolution;
    confidence?: number;
}): number;
/**
 * One more edge (or neighbour) for the same pair into `cell`: the strongest resolution wins with its
 * confidence; at the same resolution a guess takes its best confidence, and a proved pair stays
 * uncertain only while every edge of it is.
 */
export declare function mergeInto(cell: {
    resolution: Resolution;
    confidence?: number;
}, edge: {
    resolution: Resolution;
    confidence?: number;
}): void;
export declare function compareNeighbours(a: Neighbour, b: Neighbour): number;
export declare function buildAdjacency(edges: readonly Edge[]): Adjacency;
