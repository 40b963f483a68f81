import type { Resolution } from '../model.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { PackDirection } from '../render/document.js';
export interface Candidate {
    id: string;
    hop: number;
    direction: PackDirection;
    resolution?: Resolution;
}
export interface ExpansionInput {
    roots: readonly string[];
    adjacency: Adjacency;
    /** Only ids this accepts are reached (unknown ids from a stale graph are ignored). */
    exists(id: string): boolean;
    resolution: 'resolved' | 'all';
}
export declare function expansionOrder(input: ExpansionInput): Generator<Candidate>;
