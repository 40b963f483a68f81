export type CodeTokenKind = 'name' | 'number' | 'string' | 'comment' | 'op' | 'nl' | 'indent';
export interface CodeToken {
    kind: CodeTokenKind;
    text: string;
}
/** Tokens of `src` (see the top of the file). */
export declare function codeTokens(src: string): CodeToken[];
/**
 * The tokens without comments and without strings that are statements of their own (docstrings and
 * other bare string expressions: no-ops when run); the indentation before such a statement goes too.
 */
export declare function withoutDocs(tokens: readonly CodeToken[]): CodeToken[];
export declare function sameTokens(a: readonly CodeToken[], b: readonly CodeToken[]): boolean;
