import type { Resolution } from '../model.js';
import type { Adjacency } from '../graph/adjacency.js';
import type { PackDirection } from '../render/document.js';
import type { ClassLookups } from './classNeighbours.js';
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
    /** Whole classes (see the rule above); without it every symbol is expanded as itself. */
    classes?: ClassLookups & {
        /** `id` is a class that is a root or was packed in full. */
        isWhole(id: string): boolean;
    };
}
export declare function expansionOrder(input: ExpansionInput): Generator<Candidate>;
