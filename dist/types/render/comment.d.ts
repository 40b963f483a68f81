export interface CommentBodyOptions {
    /** First line(s) of the body (the hidden sticky marker and run key); '' for none. Trusted: not neutralised. */
    marker: string;
    /** Cap on measure(body). */
    maxLength: number;
    /**
     * Where the full digest is, for the trim note, e.g. "the [`repodigest` artifact](…) of this run".
     * Trusted: the caller's own markdown, not neutralised, so it may link to the run.
     */
    fullDigestHint: string;
    /** Markdown after the digest (where graph.html is, with its link). Trusted: not neutralised, never trimmed. */
    trailer?: string;
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
export interface Line {
    text: string;
    /** Index into `regions` when the line belongs to a column-0 fence (opening, code or closing line). */
    region: number | undefined;
    /** Heading level when the line is an ATX heading outside fences, else 0. */
    heading: number;
}
/** A column-0 fence of the document: lines [start, end), `closed` when its last line is a closing fence. */
export interface Region {
    start: number;
    end: number;
    closed: boolean;
    /** The fence this body writes for it: longer than any run of its character in the code. */
    fence: string;
    /** The opening line's info string when plainly a language name, else ''. */
    info: string;
}
export interface ScannedDocument {
    lines: Line[];
    regions: Region[];
}
export declare function buildCommentBody(markdown: string, options: CommentBodyOptions): CommentBody;
/** The document's lines, with its column-0 fences (CommonMark's rules for where a fence closes). */
export declare function scanLines(markdown: string): ScannedDocument;
