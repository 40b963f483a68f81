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
import type { Adjacency } from '../graph/adjacency.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import { visibleText } from './visibleText.js';

export const DEFAULT_MERMAID_MAX_NODES = 40;
const MAX_LABEL_CHARS = 60;
const SAFE = /^[A-Za-z0-9 _.,:/-]$/;

/** A Mermaid quoted-label body that cannot break out of `["..."]`. */
export function mermaidLabel(text: string): string {
  // Acting characters first become visible escapes (`\u202e`), whose backslash is then an entity.
  let chars = [...visibleText(text.replace(/[ \t\r\n]+/g, ' ').trim())];
  // Long ids share their package prefix: keep the tail, which tells them apart (issue 8 saw four
  // identical head-truncated labels).
  if (chars.length > MAX_LABEL_CHARS) chars = ['…', ...chars.slice(chars.length - (MAX_LABEL_CHARS - 1))];
  return chars.map((ch) => (SAFE.test(ch) ? ch : `#${ch.codePointAt(0)};`)).join('');
}

export interface MermaidOptions {
  maxNodes?: number;
}

interface Node {
  id: string;
  change?: ChangedSymbol['change'];
}

function selectNodes(changed: readonly ChangedSymbol[], adjacency: Adjacency): Node[] {
  const nodes = new Map<string, Node>();
  for (const c of changed) if (!nodes.has(c.id)) nodes.set(c.id, { id: c.id, change: c.change });
  const queues = changed.map((c) => [...adjacency.callers(c.id), ...adjacency.callees(c.id)].map((n) => n.id));
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const queue of queues) {
      const id = queue[round];
      if (id !== undefined && !nodes.has(id)) nodes.set(id, { id });
    }
  }
  return [...nodes.values()];
}

/** A ```mermaid block, or '' when nothing changed or no changed symbol has a drawn caller or callee. */
export function renderMermaid(changed: readonly ChangedSymbol[], adjacency: Adjacency, options: MermaidOptions = {}): string {
  if (changed.length === 0) return '';
  const maxNodes = Math.max(2, options.maxNodes ?? DEFAULT_MERMAID_MAX_NODES);
  const all = selectNodes(changed, adjacency);
  const kept = all.length > maxNodes ? all.slice(0, maxNodes - 1) : all;
  const index = new Map(kept.map((n, i) => [n.id, i]));

  const lines = ['flowchart LR'];
  for (const [i, node] of kept.entries()) {
    const suffix = node.change ? ` (${node.change})` : '';
    lines.push(`  n${i}["${mermaidLabel(node.id + suffix)}"]${node.change ? `:::${node.change}` : ''}`);
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
    for (const n of adjacency.callers(node.id)) addEdge(n.id, node.id, n.resolution === 'heuristic');
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
