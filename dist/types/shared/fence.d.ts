/** A fenced code block; the fence is at least three backticks and longer than any run in `code`. */
export declare function codeFence(code: string, language?: string): string;
/**
 * An inline code span, on one line, that nothing inside can close: the delimiter is longer than any
 * backtick run in the text. Controls and bidi controls are shown as visible escapes (visibleText.ts),
 * so a file named `bidi\u202egnp.py` is listed by that name. `inTable` escapes `|`, which GFM splits
 * table cells on even inside code.
 */
export declare function codeSpan(text: string, inTable?: boolean): string;
/** Plain inline text with markdown and HTML syntax neutralised, mentions broken, on one line. */
export declare function inlineText(text: string): string;
