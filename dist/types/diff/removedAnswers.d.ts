import type { Edge, PySymbol } from '../model.js';
export type StillAnswered = {
    by: 'inherited' | 'attribute' | 'dynamic';
    from: string;
};
/**
 * For the removed ids, what still answers their name in head (undefined: nothing, a use fails).
 * `symbols` holds head's symbols plus the removed ones put back; `edges` its graph.
 */
export declare function stillAnsweredOf(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[], removed: ReadonlySet<string>): (id: string) => StillAnswered | undefined;
