import type { PySymbol } from '../model.js';
export declare const MOVE_SIMILARITY = 0.5;
export declare const RENAME_MIN_LINES = 3;
export declare const MAX_COMPARISONS = 4000000;
export interface MovePair {
    /** Base id of the removed end. */
    from: string;
    /** Head id of the added end. */
    to: string;
    kind: 'moved' | 'renamed';
    /** 0..1, rounded to 2 decimals. */
    similarity: number;
}
export interface MovesResult {
    pairs: MovePair[];
    notes: string[];
}
/** Last segment of a symbol's qualified name, `#2` suffix dropped; a module's last dotted segment. */
export declare function simpleName(symbol: Pick<PySymbol, 'name' | 'module' | 'kind'>): string;
/**
 * Pair removed symbols (`removed`: base symbols, by the id the PR reports them under) with added head
 * symbols. Modules pair only with modules; a module pairs only when its file's last name is the same or
 * its module-level code is not empty.
 */
export declare function detectMoves(removed: readonly {
    id: string;
    symbol: PySymbol;
}[], added: readonly {
    id: string;
    symbol: PySymbol;
}[]): MovesResult;
