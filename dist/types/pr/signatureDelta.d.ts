/** Either header longer than this (characters) is folded. */
export declare const MAX_CHARS = 160;
/** Both headers with their common leading and trailing parameters folded, when either is long. */
export declare function signatureDelta(before: string, after: string): {
    before: string;
    after: string;
};
