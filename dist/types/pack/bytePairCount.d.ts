import type { RankTable } from './bpeRanks.js';
/** The number of tokens of bytes[0, length): the number of parts left when no pair can merge. */
export declare function bytePairCount(ranks: RankTable, bytes: Uint8Array, length: number): number;
