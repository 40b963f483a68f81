import type { Edge, PySymbol } from '../model.js';
import { type FieldIndex } from './fieldIndex.js';
import { type FileContext } from './fileContext.js';
import { type Neighbours } from './graphBoost.js';
import { type SignalTables } from './signals.js';
import { type TestLinks } from './testLinks.js';
import { type RetrievalTuning } from './tuning.js';
export interface RetrievalIndex {
    readonly symbols: readonly PySymbol[];
    readonly fields: FieldIndex;
    readonly signals: SignalTables;
    readonly neighbours: Neighbours;
    readonly files: FileContext;
    /** Query-independent factor (vendored code, callers). */
    readonly prior: Float64Array;
    readonly kinds: Uint8Array;
    readonly isTest: Uint8Array;
    /** Built on first use: only a tuning with testShare > 0 needs it (off by default). */
    readonly testLinks: () => TestLinks;
}
export interface RankedHit {
    id: string;
    score: number;
}
/** The symbol's source minus the lines of its direct children (each child is a document of its own). */
export declare function ownBody(symbol: PySymbol, children: readonly PySymbol[]): string;
export declare function buildRetrievalIndex(symbols: readonly PySymbol[], edges: readonly Edge[]): RetrievalIndex;
/** The `top` best symbols for `query`, best first, ties by id; only positive scores. */
export declare function retrieve(index: RetrievalIndex, query: string, top: number, tuning?: RetrievalTuning): RankedHit[];
