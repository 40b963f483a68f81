/** End index (exclusive) of the string literal whose opening quote is at `quoteAt`, or -1. */
export declare function stringEnd(text: string, quoteAt: number): number;
/**
 * Splits `text` at depth-0 occurrences of `sep`, skipping brackets, strings and comments. Comments at
 * depth 0 are dropped from the pieces (they sit between items); comments inside brackets stay.
 */
export declare function splitTopLevel(text: string, sep: string): string[];
/** Index of the first depth-0 `ch` outside strings, or -1. For `=`, comparison operators and `:=` are skipped. */
export declare function topLevelIndex(text: string, ch: ':' | '='): number;
/**
 * The docstring statement starting at `at`: one string literal, or implicitly concatenated literals
 * on one logical line, followed by the end of the statement. Returns the literal source and its
 * value (escapes decoded as Python does, except `\N{...}`, kept as written), or undefined (f-strings
 * and bytes are not docstrings; neither is `"x".format()`).
 */
export declare function docstringAt(text: string, at: number): {
    source: string;
    raw: string;
} | undefined;
/** Index of the first statement of a module: after blank lines and comment lines. */
export declare function firstStatementIndex(text: string): number;
/** Index just after the bracket that closes the one at `open`, or -1 (also when it closes at or after `limit`). */
export declare function closingBracket(text: string, open: number, limit?: number): number;
/** The text without any comment, inside brackets too; a `#` in a string is kept. Stops removing at an unclosed string. */
export declare function withoutAnyComments(text: string): string;
/** The text without its depth-0 comments (`@dec  # note` -> `@dec`), trimmed at the end. */
export declare function withoutComments(text: string): string;
/** Python's escape sequences in a non-raw str literal; unknown escapes stay as written, like Python. */
export declare function decodeEscapes(s: string): string;
/** CPython's tokenizer refuses more nested brackets than this ("too many nested parentheses"). */
export declare const MAX_NESTED_BRACKETS = 200;
