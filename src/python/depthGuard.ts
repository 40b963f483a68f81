// A syntax tree deeper than Python itself compiles is skipped before any query. A valid expression
// nested tens of thousands of levels deep (`helper.a.a.a…`, `1+1+1…`, `-(-(-…`) parses, but
// tree-sitter's query matching over it blows up past some depth (80,000 attribute links: a minute of
// CPU; 40,000: half a second), while CPython refuses the file at about 3,000 levels ("maximum
// recursion depth exceeded during compilation"), so no code anyone runs is lost.
//
// The check walks only nodes that could hide such depth: each level of nesting consumes at least one
// character of the source and adds at most NODES_PER_CHAR levels to the tree, so a node whose text is
// short cannot reach the limit and its subtree is not visited. Deterministic: a count, not a clock.
import type { SyntaxNode } from './treeSitter.js';

/** Tree levels allowed (Python compiles expressions up to about 3,000 levels; tree-sitter adds a few wrapping levels). */
export const MAX_TREE_DEPTH = 4000;
const NODES_PER_CHAR = 2;

export function refuseTooDeepTrees(root: SyntaxNode): void {
  if (NODES_PER_CHAR * (root.endIndex - root.startIndex) < MAX_TREE_DEPTH) return;
  // A cursor, not node.children: a walk of a large file's big nodes then allocates nothing per child.
  const cursor = root.walk();
  try {
    let depth = 0;
    for (;;) {
      // Enter the node under the cursor when its text is long enough to hide the limit, else move on.
      if (depth + NODES_PER_CHAR * (cursor.endIndex - cursor.startIndex) >= MAX_TREE_DEPTH && cursor.gotoFirstChild()) {
        if (++depth > MAX_TREE_DEPTH) throw new Error(`expressions nested over ${MAX_TREE_DEPTH} levels deep (Python refuses to compile past about 3,000); not queried`);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (depth === 0 || !cursor.gotoParent()) return;
        depth--;
      }
    }
  } finally {
    cursor.delete();
  }
}
