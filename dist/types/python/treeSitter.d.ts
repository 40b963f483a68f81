import type { Node, Tree } from 'web-tree-sitter';
import { Query } from 'web-tree-sitter';
export type { Node as SyntaxNode, Query as CompiledQuery, Tree as SyntaxTree } from 'web-tree-sitter';
export interface PythonParser {
    /**
     * Parse source text; the caller must `delete()` the tree when done. Indentation wider than the
     * grammar's scanner can hold is narrowed first (indentGuard.ts); `onNarrowed` gets those lines.
     * Throws ParserTrapError if tree-sitter traps, and on every call after that; ParseTimeLimitError
     * if the parse runs past the per-file time limit (see PARSE_TIME_LIMIT_MS).
     */
    parse(source: string, onNarrowed?: (lines: readonly number[]) => void): Tree;
    /** A compiled query over the Python grammar, compiled once per pattern text. */
    query(pattern: string): Query;
    /** Records a trap seen outside `parse` (in a query): later parses fail too. Returns the error to throw. */
    poison(trap: Error): ParserTrapError;
}
/**
 * The per-file parse time limit, in CPU time. tree-sitter's error recovery is quadratic in the length
 * of one line full of error tokens (a very long line of mojibake in an unterminated string can take
 * minutes; `'x = ' + 'a$'.repeat(n)` takes four times as long at each doubling of n). The work per
 * progress callback grows with the line, so counting callbacks cannot bound it: only time can. The
 * limit is far above what any real file takes, large generated ones included, so only pathological
 * files are skipped, each with its reason.
 * `REPODIGEST_PARSE_TIME_LIMIT_MS` overrides it (tests; a very slow machine).
 */
export declare const PARSE_TIME_LIMIT_MS = 10000;
/** Load the runtime and grammar once per process; later calls share the same parser. */
export declare function loadPythonParser(): Promise<PythonParser>;
/** tree-sitter trapped inside WASM (on this file or an earlier one): the file is not analysed. */
export declare class ParserTrapError extends Error {
    name: string;
}
/** The parse ran past the per-file time limit: the file is skipped with this reason; later files parse as usual. */
export declare class ParseTimeLimitError extends Error {
    name: string;
}
export declare function isNamedNode(node: Node | null | undefined): node is Node;
