export interface FileMention {
    path: string;
    line?: number;
}
export interface TracebackFrame {
    path: string;
    line: number;
    func: string;
}
export interface ParsedQuery {
    /** Identifiers as written, without call parentheses; dotted ones whole (`pkg.mod.Class.method`). */
    identifiers: string[];
    /** Python file paths mentioned, with a line when one is attached (`x.py:12`, `x.py line 12`). */
    files: FileMention[];
    frames: TracebackFrame[];
    errorClasses: string[];
    /** Identifiers found inside code blocks (weaker: code around the point also names bystanders). */
    codeIdentifiers: string[];
}
/** True for a token that reads as code rather than an English word. */
export declare function looksLikeIdentifier(token: string, called: boolean): boolean;
export declare function parseQuery(text: string): ParsedQuery;
