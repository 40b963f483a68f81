import type { SymbolChangeInfo } from '../diff/symbolDiff.js';
import type { IndexRedaction } from './redactIndex.js';
/** Redacts `infos` in place; returns what was replaced on deleted lines (head lines are counted by the index). */
export declare function redactDiffs(infos: ReadonlyMap<string, SymbolChangeInfo>, redaction: IndexRedaction): Promise<Map<string, number>>;
