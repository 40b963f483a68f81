import { Query } from 'web-tree-sitter';
import type { Node, Tree } from 'web-tree-sitter';
export type { Node as SyntaxNode, Tree as SyntaxTree, Query as CompiledQuery } from 'web-tree-sitter';
export interface PythonParser {
    /** Parse source text; the caller must `delete()` the tree when done. */
    parse(source: string): Tree;
    /** A compiled query over the Python grammar, compiled once per pattern text. */
    query(pattern: string): Query;
}
/** Load the runtime and grammar once per process; later calls share the same parser. */
export declare function loadPythonParser(): Promise<PythonParser>;
export declare function isNamedNode(node: Node | null | undefined): node is Node;
