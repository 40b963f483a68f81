import type { PySymbol } from '../model.js';
import type { ChangedSymbol } from './changedSymbols.js';
export interface RenamableChanges {
    changed: ChangedSymbol[];
    removedSymbols: PySymbol[];
}
export declare function changesWithIds<T extends RenamableChanges>(changes: T, idOf: (pathId: string) => string): T;
