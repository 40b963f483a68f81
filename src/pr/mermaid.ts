// Mermaid graph of a PR's changed symbols and their direct callers/callees (pure).
//
// Decisions:
// - Capped (default 40 nodes, the "+N more" node included): GitHub renders large graphs unreadably and
//   slowly. Changed symbols come first; neighbours are taken round-robin (one per changed symbol per
//   round, callers before callees, adjacency order: resolved first), so one busy symbol cannot crowd
//   the others out.
// - Labels are hostile text (paths and names from the analysed repository). Only [A-Za-z0-9 _.,:/-] pass
//   through; every other character becomes a Mermaid entity (`#60;`), so no label can close its quotes,
//   open a link, start a comment, or put a backtick that would end the markdown fence.
// - Node ids are generated (n0, n1, ...), never derived from symbol names.
// - No edge, no diagram: boxes without arrows repeat the changed-symbols table and cost tokens, and an
//   empty `flowchart` block reads as a rendering failure.
// - With `isTest`, a changed symbol's callers in test files (two or more, not changed themselves) are one
//   node, "N tests", placed after its other callers: the tests section names them, and one node each
//   would take most of the graph (a constructor that tests call everywhere leaves no node for its
//   callees).

import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { Adjacency } from '../graph/adjacency.js';
import { visibleText } from '../shared/visibleText.js';

export const DEFAULT_MERMAID_MAX_NODES = 40;
const MAX_LABEL_CHARS = 60;
const SAFE = /^[A-Za-z0-9 _.,:/-]$/;

/** A Mermaid quoted-label body that cannot break out of `["..."]`. */
export function mermaidLabel(text: string): string {
  // Acting characters first become visible escapes (`\u202e`), whose backslash is then an entity.
  let chars = [...visibleText(text.replace(/[ \t\r\n]+/g, ' ').trim())];
  // Long ids share their package prefix: keep the tail, which tells them apart (cut at the end, several
  // labels would read the same).
  if (chars.length > MAX_LABEL_CHARS) chars = ['…', ...chars.slice(chars.length - (MAX_LABEL_CHARS - 1))];
  return chars.map((ch) => (SAFE.test(ch) ? ch : `#${ch.codePointAt(0)};`)).join('');
}

export interface MermaidOptions {
  maxNodes?: number;
  /** Whether a symbol is test code: a changed symbol's test callers are then one node (see the top of the file). */
  isTest?: (id: string) => boolean;
}

interface Node {
  id: string;
  change?: ChangedSymbol['change'];
  /** A node standing for this many test callers of a changed symbol. */
  tests?: { count: number };
}

/** Per changed symbol, its test callers drawn as one node: the node's key and the callers it stands for. */
type Folds = Map<string, { key: string; members: ReadonlySet<string> }>;

function foldTests(changed: readonly ChangedSymbol[], adjacency: Adjacency, isTest: ((id: string) => boolean) | undefined): Folds {
  const folds: Folds = new Map();
  if (!isTest) return folds;
  const changedIds = new Set(changed.map((c) => c.id));
  for (const c of changed) {
    const members = new Set(adjacency.callers(c.id).filter((n) => !changedIds.has(n.id) && isTest(n.id)).map((n) => n.id));
    // Generated keys cannot collide with symbol ids: those never hold a space.
    if (members.size >= 2) folds.set(c.id, { key: `tests of ${c.id}`, members });
  }
  return folds;
}

function selectNodes(changed: readonly ChangedSymbol[], adjacency: Adjacency, folds: Folds): Node[] {
  const nodes = new Map<string, Node>();
  for (const c of changed) if (!nodes.has(c.id)) nodes.set(c.id, { id: c.id, change: c.change });
  const queues = changed.map((c): Node[] => {
    const fold = folds.get(c.id);
    const callers = adjacency.callers(c.id).filter((n) => !fold?.members.has(n.id)).map((n): Node => ({ id: n.id }));
    const tests: Node[] = fold ? [{ id: fold.key, tests: { count: fold.members.size } }] : [];
    return [...callers, ...tests, ...adjacency.callees(c.id).map((n): Node => ({ id: n.id }))];
  });
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const queue of queues) {
      const node = queue[round];
      if (node !== undefined && !nodes.has(node.id)) nodes.set(node.id, node);
    }
  }
  return [...nodes.values()];
}

/** A ```mermaid block, or '' when nothing changed or no changed symbol has a drawn caller or callee. */
export function renderMermaid(changed: readonly ChangedSymbol[], adjacency: Adjacency, options: MermaidOptions = {}): string {
  if (changed.length === 0) return '';
  const maxNodes = Math.max(2, options.maxNodes ?? DEFAULT_MERMAID_MAX_NODES);
  const folds = foldTests(changed, adjacency, options.isTest);
  const all = selectNodes(changed, adjacency, folds);
  const kept = all.length > maxNodes ? all.slice(0, maxNodes - 1) : all;
  const index = new Map(kept.map((n, i) => [n.id, i]));

  const lines = ['flowchart LR'];
  for (const [i, node] of kept.entries()) {
    const suffix = node.change ? ` (${node.change})` : '';
    const label = node.tests ? `${node.tests.count} tests` : node.id + suffix;
    lines.push(`  n${i}["${mermaidLabel(label)}"]${node.change ? `:::${node.change}` : ''}`);
  }
  if (kept.length < all.length) lines.push(`  more["${mermaidLabel(`+${all.length - kept.length} more`)}"]:::more`);

  const edges = new Map<string, { from: number; to: number; heuristic: boolean }>();
  const addEdge = (fromId: string, toId: string, heuristic: boolean) => {
    const from = index.get(fromId);
    const to = index.get(toId);
    if (from === undefined || to === undefined) return;
    const key = `${from}>${to}`;
    const existing = edges.get(key);
    if (existing) existing.heuristic &&= heuristic;
    else edges.set(key, { from, to, heuristic });
  };
  for (const node of kept) {
    if (!node.change) continue;
    const fold = folds.get(node.id);
    for (const n of adjacency.callers(node.id)) addEdge(fold?.members.has(n.id) ? fold.key : n.id, node.id, n.resolution === 'heuristic');
    for (const n of adjacency.callees(node.id)) addEdge(node.id, n.id, n.resolution === 'heuristic');
  }
  if (edges.size === 0) return '';
  const sorted = [...edges.values()].sort((a, b) => a.from - b.from || a.to - b.to);
  for (const e of sorted) lines.push(`  n${e.from} ${e.heuristic ? '-.->' : '-->'} n${e.to}`);

  lines.push(
    '  classDef added fill:#dafbe1,stroke:#1a7f37',
    '  classDef modified fill:#fff8c5,stroke:#9a6700',
    '  classDef removed fill:#ffebe9,stroke:#cf222e',
    '  classDef more fill:#f6f8fa,stroke:#8c959f,stroke-dasharray:3 3',
  );
  return ['```mermaid', ...lines, '```'].join('\n');
}
