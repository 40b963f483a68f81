/**
 * The search term of a sub-token: its Porter stem, so a plain-English question meets code names in
 * another word form ("how are discounts applied" -> discount, appli; `apply_discount` -> appli,
 * discount). Without it such a question found no function at all on the sample shop. The sub-token
 * split itself is unchanged (it is the rule); stemming is the step after it, applied alike to
 * documents and queries. Tokens of up to two letters, digits and non-English words pass through.
 */
export declare function searchTerm(token: string): string;
/** Lowercased sub-tokens of `text`, in order of appearance (duplicates kept). */
export declare function subTokens(text: string): string[];
/** The same rule for any text, by regex (slower; used for non-ASCII text). */
export declare function unicodeSubTokens(text: string): string[];
/**
 * Calls `emit(start, end)` for each sub-token span of ASCII `text` and returns true; returns false,
 * having emitted nothing, when the text contains a non-ASCII character (use `subTokens` then).
 */
export declare function forEachSubTokenSpan(text: string, emit: (start: number, end: number) => void): boolean;
