import type { RankArrays } from './bpeRanks.js';
export declare const RANK_FILE_FORMAT = 1;
export interface RankFileMeta {
    encoding: string;
    /** sha1 of the rank module file the table was built from. */
    source: string;
    /** The pre-tokenizer pattern (js-tiktoken's `pat_str`). */
    patStr: string;
}
export type DecodedRanks = {
    ok: true;
    meta: RankFileMeta;
    arrays: RankArrays;
} | {
    ok: false;
    reason: string;
};
export declare function encodeRankFile(meta: RankFileMeta, arrays: RankArrays): Buffer;
/** The table a file holds, or why it cannot be used; `expect.source` is checked when given. */
export declare function decodeRankFile(file: Uint8Array, expect: {
    encoding: string;
    source?: string;
    verifyChecksum?: boolean;
}): DecodedRanks;
