/** Lowercased sub-tokens of `text`, in order of appearance (duplicates kept). */
export declare function subTokens(text: string): string[];
/** The same rule for any text, by regex (slower; used for non-ASCII text). */
export declare function unicodeSubTokens(text: string): string[];
/**
 * Calls `emit(start, end)` for each sub-token span of ASCII `text` and returns true; returns false,
 * having emitted nothing, when the text contains a non-ASCII character (use `subTokens` then).
 */
export declare function forEachSubTokenSpan(text: string, emit: (start: number, end: number) => void): boolean;
