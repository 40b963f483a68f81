import type { Edge, PySymbol } from '../model.js';
import { type Neighbour } from './adjacency.js';
export interface ClassLookups {
    /** Every symbol nested in `id`, at any depth, sorted by id; empty for a symbol with none. */
    members(id: string): readonly string[];
    /** Classes that inherit directly from `id`, resolved first, then by id. */
    subclasses(id: string): readonly Neighbour[];
    /** Project classes `id` inherits from directly, resolved first, then by id. */
    bases(id: string): readonly Neighbour[];
}
/** `inherits` edges (subclass -> base) as base -> subclasses. */
export declare function subclassIndex(edges: readonly Edge[]): (id: string) => readonly Neighbour[];
/** `inherits` edges (subclass -> base) as subclass -> bases. */
export declare function baseIndex(edges: readonly Edge[]): (id: string) => readonly Neighbour[];
export declare function classLookups(symbols: ReadonlyMap<string, PySymbol>, subclasses?: (id: string) => readonly Neighbour[], bases?: (id: string) => readonly Neighbour[]): ClassLookups;
