import type { Edge, PySymbol } from '../model.js';
import { type FieldIndex } from './fieldIndex.js';
import { type Neighbours } from './graphBoost.js';
import { type SignalTables } from './signals.js';
export interface RetrievalIndex {
    readonly symbols: readonly PySymbol[];
    readonly fields: FieldIndex;
    readonly signals: SignalTables;
    readonly neighbours: Neighbours;
    readonly prior: Float64Array;
    readonly isTest: Uint8Array;
}
export interface RankedHit {
    id: string;
    score: number;
}
/** The symbol's source minus the lines of its direct children (each child is a document of its own). */
export declare function ownBody(symbol: PySymbol, children: readonly PySymbol[]): string;
export declare function buildRetrievalIndex(symbols: readonly PySymbol[], edges: readonly Edge[]): RetrievalIndex;
/** The `top` best symbols for `query`, best first, ties by id; only positive scores. */
export declare function retrieve(index: RetrievalIndex, query: string, top: number): RankedHit[];
