import { Query } from 'web-tree-sitter';
import type { Node, Tree } from 'web-tree-sitter';
export type { Node as SyntaxNode, Tree as SyntaxTree, Query as CompiledQuery } from 'web-tree-sitter';
export interface PythonParser {
    /**
     * Parse source text; the caller must `delete()` the tree when done. Indentation wider than the
     * grammar's scanner can hold is narrowed first (indentGuard.ts); `onNarrowed` gets those lines.
     * Throws ParserTrapError if tree-sitter traps, and on every call after that.
     */
    parse(source: string, onNarrowed?: (lines: readonly number[]) => void): Tree;
    /** A compiled query over the Python grammar, compiled once per pattern text. */
    query(pattern: string): Query;
    /** Records a trap seen outside `parse` (in a query): later parses fail too. Returns the error to throw. */
    poison(trap: Error): ParserTrapError;
}
/** Load the runtime and grammar once per process; later calls share the same parser. */
export declare function loadPythonParser(): Promise<PythonParser>;
/** tree-sitter trapped inside WASM (on this file or an earlier one): the file is not analysed. */
export declare class ParserTrapError extends Error {
    name: string;
}
export declare function isNamedNode(node: Node | null | undefined): node is Node;
