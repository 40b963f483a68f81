import type { PySymbol } from '../model.js';
import type { ParsedQuery } from './queryParse.js';
export interface SignalTables {
    readonly symbols: readonly PySymbol[];
    /** Bare name (last part of the qualified name) -> documents. */
    readonly byName: ReadonlyMap<string, readonly number[]>;
    /** Bare name lowercased without underscores -> documents. */
    readonly byLooseName: ReadonlyMap<string, readonly number[]>;
    /** File path -> its documents. */
    readonly byFile: ReadonlyMap<string, readonly number[]>;
    readonly files: readonly string[];
}
export declare function looseName(name: string): string;
export declare function buildSignalTables(symbols: readonly PySymbol[]): SignalTables;
/** Bonus per document (sparse), in units of the question's best BM25F score. */
export declare function signalBonuses(tables: SignalTables, parsed: ParsedQuery): Map<number, number>;
