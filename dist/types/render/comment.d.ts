export interface CommentBodyOptions {
    /** First line of the body (the hidden sticky marker); '' for none. Trusted: not neutralised. */
    marker: string;
    /** Cap on measure(body). */
    maxLength: number;
    /** Where the full digest is, for the trim note, e.g. "the `repodigest` artifact of this run". */
    fullDigestHint: string;
    measure?: (text: string) => number;
    /** A file-group heading line of the packed context (default: render/markdown.ts layout). */
    groupHeading?: RegExp;
    /** A symbol heading line of the packed context. */
    unitHeading?: RegExp;
}
export interface CommentBody {
    body: string;
    trimmed: boolean;
    /** Symbols of the packed context left out. */
    omittedSymbols: number;
    totalSymbols: number;
}
interface Line {
    text: string;
    /** The line is part of a column-0 fence (opening, content or closing line). */
    fenced: boolean;
    /** Heading level when the line is an ATX heading outside fences, else 0. */
    heading: number;
}
export declare function buildCommentBody(markdown: string, options: CommentBodyOptions): CommentBody;
/**
 * `@user` and `<tag` made inert with a zero-width space; everything else unchanged. Inside code spans
 * too: telling a real span from a stray backtick is exactly where a mention could slip through, and
 * the extra character is invisible there. `a@b` (no word boundary) is not a mention and stays.
 */
export declare function neutralise(text: string): string;
export declare function scanLines(markdown: string): Line[];
export {};
