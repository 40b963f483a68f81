/** A fenced code block; the fence is at least three backticks and longer than any run in `code`. */
export declare function codeFence(code: string, language?: string): string;
/**
 * An inline code span, on one line, that nothing inside can close: runs of backticks in the text are
 * broken to single ones (see the top of the file), and the delimiter is one longer. Controls and bidi
 * controls are shown as visible escapes (visibleText.ts), so a file named `bidi\u202egnp.py` is listed
 * by that name. `inTable` escapes `|`, which GFM splits table cells on even inside code.
 */
export declare function codeSpan(text: string, inTable?: boolean): string;
/**
 * Plain inline text on one line: markdown and HTML syntax escaped, and what GitHub links in plain text
 * broken with U+200B: mentions and e-mail addresses (`@`), issue references (`#12`, `GH-12`), and
 * `www.` and `scheme://` autolinks. Backslash escapes alone do not stop these: GitHub finds references
 * in the rendered text, after the escapes are gone.
 */
export declare function inlineText(text: string): string;
