// What an index contains, counted for the report. Pure: records in, sorted counts out.
import type { Edge, EdgeKind, FileRecord, PySymbol, Resolution, SkippedFile, SymbolKind } from '../../src/model.js';

// Written as records so that a new kind or resolution in model.ts fails to compile here instead of
// crashing the bench (the `references` kind and `dispatch` resolution once did).
const EDGE_KIND_SET: Readonly<Record<EdgeKind, true>> = { calls: true, contains: true, imports: true, inherits: true, references: true };
const RESOLUTION_SET: Readonly<Record<Resolution, true>> = { resolved: true, dispatch: true, heuristic: true };
export const EDGE_KINDS = Object.keys(EDGE_KIND_SET) as readonly EdgeKind[];
export const RESOLUTIONS = Object.keys(RESOLUTION_SET) as readonly Resolution[];
export const SYMBOL_KINDS: readonly SymbolKind[] = ['module', 'class', 'function', 'method'];

export interface IndexCounts {
  files: number;
  partialFiles: number;
  lines: number;
  symbols: number;
  symbolsByKind: Record<SymbolKind, number>;
  edges: number;
  /** edgesByKind[kind][resolution] */
  edgesByKind: Record<EdgeKind, Record<Resolution, number>>;
  edgesByResolution: Record<Resolution, number>;
  /** Call sites behind `calls` edges (an edge carries every line of the calls it stands for). */
  callSites: number;
  skippedFiles: number;
  /** Skip reasons with counts and the first path (sorted) that had it, most frequent first. */
  skipReasons: { reason: string; count: number; example: string }[];
}

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
}

/** Reasons differ only by a number or a name now and then; group on the reason's shape. */
export function reasonShape(reason: string): string {
  return reason.replace(/\d+/g, 'N').replace(/'[^']*'|`[^`]*`|"[^"]*"/g, "'…'");
}

/** `symbols` is the index's list (duplicates across files already dropped), not every file's. */
export function countIndex(files: FileRecord[], symbols: PySymbol[], edges: Edge[], skipped: SkippedFile[]): IndexCounts {
  const symbolsByKind = zeros(SYMBOL_KINDS);
  for (const symbol of symbols) symbolsByKind[symbol.kind]++;
  const lines = files.reduce((sum, f) => sum + f.lineCount, 0);
  const edgesByKind = Object.fromEntries(EDGE_KINDS.map((k) => [k, zeros(RESOLUTIONS)])) as IndexCounts['edgesByKind'];
  const edgesByResolution = zeros(RESOLUTIONS);
  let callSites = 0;
  for (const edge of edges) {
    edgesByKind[edge.kind][edge.resolution]++;
    edgesByResolution[edge.resolution]++;
    if (edge.kind === 'calls') callSites += Math.max(1, edge.lines?.length ?? 0);
  }
  const reasons = new Map<string, { count: number; example: string }>();
  for (const skip of skipped) {
    const shape = reasonShape(skip.reason);
    const seen = reasons.get(shape);
    if (!seen) reasons.set(shape, { count: 1, example: skip.path });
    else {
      seen.count++;
      if (skip.path < seen.example) seen.example = skip.path;
    }
  }
  const exact = new Map(skipped.map((s) => [s.path, s.reason]));
  const skipReasons = [...reasons]
    // A reason met once is shown as written, numbers and all.
    .map(([reason, { count, example }]) => ({ reason: count === 1 ? (exact.get(example) ?? reason) : reason, count, example }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : 1));
  return {
    files: files.length,
    partialFiles: files.filter((f) => f.partial).length,
    lines,
    symbols: symbols.length,
    symbolsByKind,
    edges: edges.length,
    edgesByKind,
    edgesByResolution,
    callSites,
    skippedFiles: skipped.length,
    skipReasons,
  };
}
