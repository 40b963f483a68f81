// The one place a cached call graph (the edges buildCallGraph made for a whole tree of file records)
// is turned into bytes and back; graphCache.ts does the I/O and the key.
//
// Decisions:
// - An entry is framed as a per-file one (entryFrame.ts: a header line with magic, namespace, tree key,
//   edge count, payload length and sha256) around the payload: the distinct endpoint ids once, then each edge as
//   `[from, to, kind, resolution, lines | null, confidence | null]` with indices into the id table
//   (Django's 31,941 edges: 5.2 MB as plain JSON, 1.7 MB so).
// - Decoding checks the header (a foreign or misplaced entry: another namespace or tree), the payload's
//   length and checksum, then every edge: indices in range, kinds and resolutions known, lines
//   ascending positive integers, confidences in 0..1, edges in the resolver's order, and every endpoint
//   an id of the files being indexed. The first failure is the reason returned; nothing partial is used.
// - Decoded edges have the resolver's own property order, so any output that prints them is the same
//   bytes warm or cold.
import type { Edge, EdgeKind, Resolution } from '../model.js';
import { compareEdges } from '../graph/resolve.js';
import { frameEntry, parseJson, unframeEntry } from './entryFrame.js';

const MAGIC = 'repodigest-graph-entry';
const KINDS: readonly EdgeKind[] = ['calls', 'contains', 'imports', 'inherits', 'references'];
const RESOLUTIONS: readonly Resolution[] = ['resolved', 'dispatch', 'heuristic'];

/** What an entry must be to answer a lookup. */
export interface GraphEntryKey {
  namespace: string;
  /** The tree key (graphCache.ts): the files' paths and contents and the graph options. */
  tree: string;
}

interface Header extends GraphEntryKey {
  edges: number;
}

export type DecodedGraph = { ok: true; edges: Edge[] } | { ok: false; reason: string };

export function encodeGraphEntry(key: GraphEntryKey, edges: readonly Edge[]): string {
  const ids: string[] = [];
  const at = new Map<string, number>();
  const idOf = (id: string): number => {
    let i = at.get(id);
    if (i === undefined) {
      at.set(id, (i = ids.length));
      ids.push(id);
    }
    return i;
  };
  const rows = edges.map((e) => [idOf(e.from), idOf(e.to), KINDS.indexOf(e.kind), RESOLUTIONS.indexOf(e.resolution), e.lines ?? null, e.confidence ?? null]);
  return frameEntry({ magic: MAGIC, namespace: key.namespace, tree: key.tree, edges: edges.length }, JSON.stringify({ ids, edges: rows }));
}

/** The edges an entry holds, or why it cannot be trusted (one short phrase). `known`: the ids of the files indexed. */
export function decodeGraphEntry(key: GraphEntryKey, bytes: Buffer, known: ReadonlySet<string>): DecodedGraph {
  const framed = unframeEntry(bytes, isHeader, 'not a repodigest call-graph entry', (header) => {
    if (header.namespace !== key.namespace) return 'written by another version or format';
    if (header.tree !== key.tree) return 'foreign entry (names another tree)';
    return undefined;
  });
  if (!framed.ok) return framed;
  const payload = parseJson(framed.payload);
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'malformed graph (payload)' };
  const { ids, edges: rows } = payload as { ids?: unknown; edges?: unknown };
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string' && known.has(id))) return { ok: false, reason: 'malformed graph (an endpoint that is not a symbol of these files)' };
  if (!Array.isArray(rows) || rows.length !== framed.header.edges) return { ok: false, reason: 'malformed graph (edge count)' };
  const edges: Edge[] = [];
  for (const row of rows) {
    const edge = edgeOf(row, ids as string[]);
    if (edge === undefined) return { ok: false, reason: `malformed graph (edge ${edges.length + 1})` };
    const before = edges.at(-1);
    if (before !== undefined && compareEdges(before, edge) >= 0) return { ok: false, reason: `malformed graph (edge ${edges.length + 1} out of order)` };
    edges.push(edge);
  }
  return { ok: true, edges };
}

function edgeOf(row: unknown, ids: readonly string[]): Edge | undefined {
  if (!Array.isArray(row) || row.length !== 6) return undefined;
  const [from, to, kind, resolution, lines, confidence] = row as unknown[];
  if (!isIndex(from, ids.length) || !isIndex(to, ids.length) || !isIndex(kind, KINDS.length) || !isIndex(resolution, RESOLUTIONS.length)) return undefined;
  const edge: Edge = { from: ids[from]!, to: ids[to]!, kind: KINDS[kind]!, resolution: RESOLUTIONS[resolution]! };
  if (lines !== null) {
    if (!Array.isArray(lines) || lines.length === 0 || !lines.every((l, i) => Number.isSafeInteger(l) && l > 0 && (i === 0 || l > lines[i - 1]))) return undefined;
    edge.lines = lines as number[];
  }
  if (confidence !== null) {
    if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) return undefined;
    edge.confidence = confidence;
  }
  return edge;
}

function isIndex(value: unknown, length: number): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < length;
}

function isHeader(h: Record<string, unknown>): h is Record<string, unknown> & Header {
  return h.magic === MAGIC && typeof h.namespace === 'string' && typeof h.tree === 'string' && Number.isSafeInteger(h.edges);
}
