// The one place a cached call graph (the edges buildCallGraph made for a whole tree of file records)
// is turned into bytes and back; graphCache.ts does the I/O and the key.
//
// Decisions:
// - An entry is framed as a per-file one, streamed (entryFrame.ts: a header line with magic, namespace,
//   tree key, edge count, payload length and sha256, padded to a fixed size) around the payload: each
//   edge as `[from, to, kind, resolution, lines | null, confidence | null]` with indices into the id
//   table that follows it (the distinct endpoint ids once): a fraction of the size of plain JSON,
//   where every edge spells out both ids.
// - Decoding checks the header (a foreign or misplaced entry: another namespace or tree), the payload's
//   length and checksum, then every edge: indices in range, kinds and resolutions known, lines
//   ascending positive integers, confidences in 0..1, edges in the resolver's order, and every endpoint
//   an id of the files being indexed. The first failure is the reason returned; nothing partial is used.
// - Decoded edges have the resolver's own property order, so any output that prints them is the same
//   bytes warm or cold.

import { compareEdges } from '../graph/callGraph.js';
import { edgeLines } from '../graph/edgeLines.js';
import type { Edge, EdgeKind, Resolution } from '../model.js';
import { type EntrySink, parseJson, streamEntry, streamedBytes, unframeEntry } from './entryFrame.js';

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

/** Writes the entry for `edges` into `sink`, streamed (entryFrame.ts): the payload is never one string. */
export function writeGraphEntry(sink: EntrySink, key: GraphEntryKey, edges: readonly Edge[]): void {
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
  // Rows are emitted in 64 KB blocks as they are made, the id table after them (it is complete only
  // then): no array per edge and never the whole text at once (a large tree has hundreds of thousands of edges).
  streamEntry(sink, { magic: MAGIC, namespace: key.namespace, tree: key.tree, edges: edges.length }, (emit) => {
    let block = '{"edges":[';
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i]!;
      const lines = e.lines === undefined ? 'null' : `[${e.lines.join(',')}]`;
      const confidence = e.confidence === undefined ? 'null' : JSON.stringify(e.confidence);
      block += `${i === 0 ? '' : ','}[${idOf(e.from)},${idOf(e.to)},${KINDS.indexOf(e.kind)},${RESOLUTIONS.indexOf(e.resolution)},${lines},${confidence}]`;
      if (block.length >= 1 << 16) {
        emit(block);
        block = '';
      }
    }
    emit(`${block}],"ids":[`);
    for (let i = 0; i < ids.length; i += 4096) emit(`${i === 0 ? '' : ','}${ids.slice(i, i + 4096).map((id) => JSON.stringify(id)).join(',')}`);
    emit(']}');
  });
}

/** The entry's bytes, in memory. */
export function encodeGraphEntry(key: GraphEntryKey, edges: readonly Edge[]): Buffer {
  return streamedBytes((sink) => writeGraphEntry(sink, key, edges));
}

/** The edges an entry holds, or why it cannot be trusted (one short phrase). `known`: the ids of the files indexed. */
export function decodeGraphEntry(key: GraphEntryKey, bytes: Buffer, known: ReadonlySet<string>): DecodedGraph {
  const framed = unframeEntry(bytes, isHeader, 'not a repodigest call-graph entry', (header) => {
    if (header.namespace !== key.namespace) return 'written by another version or format';
    if (header.tree !== key.tree) return 'foreign entry (names another tree)';
    return undefined;
  });
  if (!framed.ok) return framed;
  const payload = parseJson(framed.payload.toString('utf8'));
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
  if (lines !== null && (!Array.isArray(lines) || lines.length === 0 || !lines.every((l, i) => Number.isSafeInteger(l) && l > 0 && (i === 0 || l > lines[i - 1])))) return undefined;
  // A literal with `lines` in it: a property added later goes to a backing store of its own.
  const edge: Edge = lines === null
    ? { from: ids[from]!, to: ids[to]!, kind: KINDS[kind]!, resolution: RESOLUTIONS[resolution]! }
    : { from: ids[from]!, to: ids[to]!, kind: KINDS[kind]!, resolution: RESOLUTIONS[resolution]!, lines: edgeLines(lines as number[]) };
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
