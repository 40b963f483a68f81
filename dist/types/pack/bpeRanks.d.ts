export interface RankData {
    pat_str: string;
    bpe_ranks: string;
}
/** A rank table as plain arrays: token t is bytes[starts[t], starts[t+1]) with rank ranks[t]. */
export interface RankArrays {
    bytes: Uint8Array;
    /** count + 1 entries. */
    starts: Int32Array;
    /** Absent when every token's rank is its index (true of o200k_base and cl100k_base): 0.8 MB less to read. */
    ranks?: Int32Array;
    /** Hash slots (a power of two of them): a token index, or -1 for an empty slot. */
    slots: Int32Array;
    maxTokenBytes: number;
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
/** The arrays of js-tiktoken's rank text (see buildRankTable). */
export declare function parseRankText(bpeRanks: string): RankArrays;
/** The lookup over arrays made by parseRankText (or read back from a rank file). */
export declare function rankTableOf(arrays: RankArrays): RankTable;
