/// <reference lib="dom" />
// The payload decoded into lookup tables the page works from: full ids, the symbol tree with subtree
// sizes, and edge lists per symbol. Built once at load, O(symbols + edges).
import { EDGE_STRIDE, FLAG_TEST, type ViewerPayload } from '../payloadTypes.js';

export interface Model {
  payload: ViewerPayload;
  size: number;
  ids: string[];
  /** Last segment for labels (the name relative to the parent). */
  labels: string[];
  kinds: string[];
  parent: Int32Array;
  children: number[][];
  /** Symbols in the subtree, itself included. */
  weight: Int32Array;
  byId: Map<string, number>;
  test: Uint8Array;
  edgeCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  edgeKind: Int32Array;
  edgeRes: Int32Array;
  edgeLine: Int32Array;
  /** Edge indices leaving / entering each symbol. */
  out: number[][];
  into: number[][];
  change: Map<number, string>;
  /** Broken call sites: index into payload.pr.broken triples, per caller and per callee. */
  brokenOf: Map<number, number[]>;
}

export function buildModel(payload: ViewerPayload): Model {
  const s = payload.symbols;
  const size = s.name.length;
  const ids = Array.from<string>({ length: size });
  const parent = Int32Array.from(s.parent);
  const children: number[][] = Array.from({ length: size }, () => []);
  for (let i = 0; i < size; i++) {
    const p = parent[i]!;
    ids[i] = p < 0 ? s.name[i]! : `${ids[p]}.${s.name[i]}`;
    if (p >= 0) children[p]!.push(i);
  }
  const weight = new Int32Array(size).fill(1);
  // Children sort after their parent (ids sort with the parent's id as a prefix), so one backward pass sums subtrees.
  for (let i = size - 1; i >= 0; i--) {
    const p = parent[i]!;
    if (p >= 0) weight[p]! += weight[i]!;
  }
  const byId = new Map<string, number>();
  for (let i = 0; i < size; i++) byId.set(ids[i]!, i);
  const test = Uint8Array.from(s.flags, (f) => ((f & FLAG_TEST) !== 0 ? 1 : 0));

  const edgeCount = payload.edges.length / EDGE_STRIDE;
  const edgeFrom = new Int32Array(edgeCount);
  const edgeTo = new Int32Array(edgeCount);
  const edgeKind = new Int32Array(edgeCount);
  const edgeRes = new Int32Array(edgeCount);
  const edgeLine = new Int32Array(edgeCount);
  const out: number[][] = Array.from({ length: size }, () => []);
  const into: number[][] = Array.from({ length: size }, () => []);
  for (let e = 0, k = 0; e < edgeCount; e++, k += EDGE_STRIDE) {
    const from = payload.edges[k]!;
    const to = payload.edges[k + 1]!;
    edgeFrom[e] = from;
    edgeTo[e] = to;
    edgeKind[e] = payload.edges[k + 2]!;
    edgeRes[e] = payload.edges[k + 3]!;
    edgeLine[e] = payload.edges[k + 4]!;
    out[from]!.push(e);
    into[to]!.push(e);
  }

  const change = new Map<number, string>();
  const brokenOf = new Map<number, number[]>();
  if (payload.pr) {
    const pr = payload.pr;
    for (let k = 0; k < pr.changed.length; k += 2) change.set(pr.changed[k]!, pr.changeKinds[pr.changed[k + 1]!] ?? '?');
    for (let k = 0, b = 0; k < pr.broken.length; k += 3, b++) {
      for (const at of [pr.broken[k]!, pr.broken[k + 1]!]) {
        const list = brokenOf.get(at);
        if (list) list.push(b);
        else brokenOf.set(at, [b]);
      }
    }
  }
  return {
    payload,
    size,
    ids,
    labels: s.name.map((n) => n),
    kinds: s.kind.map((k) => payload.symbolKinds[k] ?? '?'),
    parent,
    children,
    weight,
    byId,
    test,
    edgeCount,
    edgeFrom,
    edgeTo,
    edgeKind,
    edgeRes,
    edgeLine,
    out,
    into,
    change,
    brokenOf,
  };
}

export function ancestors(model: Model, i: number): number[] {
  const list: number[] = [];
  for (let p = model.parent[i]!; p >= 0; p = model.parent[p]!) list.push(p);
  return list;
}

export function fileLine(model: Model, i: number): string {
  const f = model.payload.symbols.file[i]!;
  if (f < 0) return '';
  const line = model.payload.symbols.line[i]!;
  return line > 0 ? `${model.payload.files[f]}:${line}` : (model.payload.files[f] ?? '');
}
