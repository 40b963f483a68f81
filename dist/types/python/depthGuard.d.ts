import type { SyntaxNode } from './treeSitter.js';
/** Tree levels allowed (Python compiles expressions up to about 3,000 levels; tree-sitter adds a few wrapping levels). */
export declare const MAX_TREE_DEPTH = 4000;
export declare function refuseTooDeepTrees(root: SyntaxNode): void;
