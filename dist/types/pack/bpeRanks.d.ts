export interface RankData {
    pat_str: string;
    bpe_ranks: string;
}
export interface RankTable {
    /** The rank of bytes[start, end), or -1 when that byte string is not a token. */
    rank(bytes: Uint8Array, start: number, end: number): number;
    /** The longest token, in bytes (128 for o200k_base and cl100k_base). */
    readonly maxTokenBytes: number;
}
/**
 * Parses js-tiktoken's rank format: lines of `<name> <first rank> <base64 token> <base64 token> …`,
 * the tokens of a line taking consecutive ranks from the first. Same reading as its constructor.
 */
export declare function buildRankTable(data: RankData): RankTable;
