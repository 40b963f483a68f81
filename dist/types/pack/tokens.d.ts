export type TokenEncoding = 'o200k_base' | 'cl100k_base';
export declare const TOKEN_ENCODINGS: readonly TokenEncoding[];
export interface TokenCounter {
    readonly encoding: TokenEncoding;
    count(text: string): number;
    /**
     * A number n with n <= count(text), found without byte-pair encoding; the search stops as soon as
     * n > limit, so the answer is exact only as "more than limit" or "at least n".
     */
    atLeast(text: string, limit: number): number;
}
export declare const MEMO_MAX_ENTRIES = 50000;
export declare const MEMO_MAX_CHARS: number;
export declare function createTokenCounter(encoding: TokenEncoding): TokenCounter;
/** For tests: how many counts the shared memo of an encoding holds now. */
export declare function memoSize(encoding: TokenEncoding): number;
