import type { Neighbour } from '../graph/adjacency.js';
import type { PySymbol } from '../model.js';
export declare const MAX_DEPTH = 3;
export declare const MAX_READERS = 20;
export interface AttributeFlowInput {
    /** Changed symbols whose behaviour changed, with their changed lines' text (`+` and `-`). */
    changed: readonly {
        id: string;
        lines: readonly string[];
    }[];
    symbols: ReadonlyMap<string, PySymbol>;
    /** Ids of every changed symbol (none of them is a reader). */
    isChanged: (id: string) => boolean;
    /** Direct members of a symbol (graph/classNeighbours.ts). */
    children: (id: string) => readonly string[];
    subclasses: (id: string) => readonly Neighbour[];
    bases: (id: string) => readonly Neighbour[];
}
/** Readers of the attributes the changed code assigns, ranked (see the top of the file). */
export declare function attributeReaders(input: AttributeFlowInput): string[];
