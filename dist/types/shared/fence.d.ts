/** A fenced code block; the fence is at least three backticks and longer than any run in `code`. */
export declare function codeFence(code: string, language?: string): string;
/** An inline code span, on one line, safe for any text; controls and bidi controls shown escaped (visibleText.ts). */
export declare function codeSpan(text: string): string;
/** Plain inline text with markdown and HTML syntax neutralised, mentions broken, on one line. */
export declare function inlineText(text: string): string;
