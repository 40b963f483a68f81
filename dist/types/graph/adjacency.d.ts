import type { Edge, Resolution } from '../model.js';
export interface Neighbour {
    id: string;
    resolution: Resolution;
    /** Call-site lines in the caller's file, ascending. */
    lines: readonly number[];
}
export interface Adjacency {
    callees(id: string): readonly Neighbour[];
    callers(id: string): readonly Neighbour[];
}
export declare function compareNeighbours(a: Neighbour, b: Neighbour): number;
export declare function buildAdjacency(edges: readonly Edge[]): Adjacency;
