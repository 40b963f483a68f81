export declare const MAX_SCANNER_INDENT = 383;
export interface BoundedSource {
    /** The text to parse: the input, or a copy of the same length with form feeds where noted. */
    text: string;
    /** 1-based lines whose indentation was narrowed, ascending. */
    narrowedLines: number[];
}
export declare function boundIndentation(source: string): BoundedSource;
