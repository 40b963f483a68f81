import type { Edge, PySymbol } from '../model.js';
export interface Reach {
    /** The symbol whose running runs the target. */
    id: string;
    lines?: readonly number[];
}
/** target id -> the symbols that run it by framework convention. */
export declare function frameworkReach(symbols: ReadonlyMap<string, PySymbol>, edges: readonly Edge[]): Map<string, Reach[]>;
