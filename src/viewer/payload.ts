// Index (+ the PR's changes) -> ViewerPayload (payloadTypes.ts). Pure and deterministic: symbols in
// id order, tables sorted, edges in the index's (from, to, kind) order.
//
// Decisions:
// - Modules hang under their package: `pkg.sub.mod` under the `pkg.sub` module (its __init__.py),
//   or under a synthetic `package` node when that has no file (namespace packages, scan roots such as
//   `src`), so the page can start from a handful of top-level packages and expand on click.
// - A PR's impact is the changed symbols plus everything within two hops of them, callers' callers
//   and callees' callees, over every edge kind but `contains`; their enclosing classes, modules and
//   packages come along so the same tree works. Edges are those among the kept symbols.
// - Test code is flagged (tests/ and test/ folders, test_*.py, *_test.py, conftest.py) for the page's
//   "hide tests" filter; a synthetic package is test code when all it holds is.
import type { Edge, PySymbol, RepoIndex } from '../model.js';
import { symbolDoc, symbolHeader } from './header.js';
import { EDGE_STRIDE, FLAG_PARTIAL, FLAG_TEST, type ViewerPayload } from './payloadTypes.js';

export interface BrokenSite {
  /** The calling symbol. */
  from: string;
  /** The changed symbol it calls. */
  to: string;
  line?: number;
  reason: string;
}

export interface PrImpactInput {
  changed: readonly { id: string; change: string }[];
  /** Likely-broken call sites, when the PR analysis knows them. */
  broken?: readonly BrokenSite[];
}

export interface ViewerPayloadOptions {
  title: string;
  notes?: readonly string[];
  /** Present for a PR's impact view. */
  pr?: PrImpactInput;
}

/** What the payload needs of a symbol; synthetic packages have no PySymbol. */
interface Node {
  id: string;
  parent: string | undefined;
  kind: string;
  symbol?: PySymbol;
}

const HOPS = 2;

export function buildViewerPayload(index: RepoIndex, options: ViewerPayloadOptions): ViewerPayload {
  const tree = symbolTree(index);
  const edges = index.edges.filter((e) => e.kind !== 'contains' && tree.has(e.from) && tree.has(e.to));
  const keep = options.pr ? impactSet(tree, edges, options.pr.changed.map((c) => c.id)) : new Set(tree.keys());
  const nodes = [...keep].sort(compare).map((id) => tree.get(id)!);
  const position = new Map(nodes.map((n, i) => [n.id, i]));

  const files = sortedUnique(nodes.flatMap((n) => (n.symbol ? [n.symbol.file] : [])));
  const fileIndex = new Map(files.map((f, i) => [f, i]));
  const symbolKinds = sortedUnique(nodes.map((n) => n.kind));
  const keptEdges = edges.filter((e) => keep.has(e.from) && keep.has(e.to));
  const edgeKinds = sortedUnique(keptEdges.map((e) => e.kind));
  const resolutions = sortedUnique(keptEdges.map((e) => e.resolution));
  const testIds = testNodes(nodes);

  const symbols: ViewerPayload['symbols'] = { name: [], parent: [], kind: [], file: [], line: [], end: [], sig: [], doc: [], flags: [] };
  for (const node of nodes) {
    const parentAt = node.parent !== undefined ? position.get(node.parent) : undefined;
    const relative = parentAt !== undefined && node.id.startsWith(`${node.parent}.`);
    symbols.name.push(relative ? node.id.slice(node.parent!.length + 1) : node.id);
    symbols.parent.push(relative ? parentAt : -1);
    symbols.kind.push(symbolKinds.indexOf(node.kind));
    const s = node.symbol;
    symbols.file.push(s ? fileIndex.get(s.file)! : -1);
    symbols.line.push(s?.startLine ?? 0);
    symbols.end.push(s?.endLine ?? 0);
    symbols.sig.push(s ? symbolHeader(s) : '');
    symbols.doc.push(s ? symbolDoc(s) : '');
    symbols.flags.push((testIds.has(node.id) ? FLAG_TEST : 0) | (s && partialFiles(index).has(s.file) ? FLAG_PARTIAL : 0));
  }

  const flat: number[] = [];
  for (const e of keptEdges) {
    flat.push(position.get(e.from)!, position.get(e.to)!, edgeKinds.indexOf(e.kind), resolutions.indexOf(e.resolution), e.lines?.[0] ?? 0);
  }
  if (flat.length !== keptEdges.length * EDGE_STRIDE) throw new Error('viewer payload: edge stride mismatch');

  return {
    v: 1,
    mode: options.pr ? 'pr' : 'repo',
    title: options.title,
    notes: [...(options.notes ?? [])],
    files,
    symbolKinds,
    edgeKinds,
    resolutions,
    symbols,
    edges: flat,
    ...(options.pr ? { pr: prSection(options.pr, position) } : {}),
  };
}

function prSection(pr: PrImpactInput, position: Map<string, number>): NonNullable<ViewerPayload['pr']> {
  const rows = pr.changed.filter((c) => position.has(c.id)).sort((a, b) => compare(a.id, b.id));
  const changeKinds = sortedUnique(rows.map((c) => c.change));
  const changed = rows.flatMap((c) => [position.get(c.id)!, changeKinds.indexOf(c.change)]);
  const sites = (pr.broken ?? [])
    .filter((b) => position.has(b.from) && position.has(b.to))
    .map((b) => ({ ...b, line: b.line ?? 0 }))
    .sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to) || a.line - b.line || compare(a.reason, b.reason));
  return {
    changeKinds,
    changed,
    broken: sites.flatMap((b) => [position.get(b.from)!, position.get(b.to)!, b.line]),
    brokenWhy: sites.map((b) => b.reason),
  };
}

/** Every symbol, plus synthetic packages, keyed by id, with the parent the page's tree uses. */
function symbolTree(index: RepoIndex): Map<string, Node> {
  const tree = new Map<string, Node>();
  for (const s of index.symbols) tree.set(s.id, { id: s.id, parent: s.parent, kind: s.kind, symbol: s });
  for (const s of index.symbols) {
    if (s.kind !== 'module') continue;
    tree.get(s.id)!.parent = packageOf(s.module, tree);
  }
  return tree;
}

/** The package holding dotted module `name`, created as a synthetic node (and its own parents) if missing. */
function packageOf(name: string, tree: Map<string, Node>): string | undefined {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const parent = name.slice(0, dot);
  if (!tree.has(parent)) {
    const node: Node = { id: parent, parent: undefined, kind: 'package' };
    tree.set(parent, node);
    node.parent = packageOf(parent, tree);
  }
  return parent;
}

/** Changed symbols, their callers and callees up to HOPS away (each direction on its own), and their ancestors. */
function impactSet(tree: Map<string, Node>, edges: readonly Edge[], changed: readonly string[]): Set<string> {
  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  for (const e of edges) {
    push(out, e.from, e.to);
    push(into, e.to, e.from);
  }
  const start = changed.filter((id) => tree.has(id));
  const keep = new Set(start);
  for (const table of [out, into]) {
    let frontier = start;
    for (let hop = 0; hop < HOPS; hop++) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const other of table.get(id) ?? []) {
          if (!keep.has(other)) next.push(other);
          keep.add(other);
        }
      }
      frontier = next;
    }
  }
  // Over a copy: the loop adds ancestors to `keep`, which need no walk of their own.
  for (const id of Array.from(keep)) {
    for (let up = tree.get(id)?.parent; up !== undefined && !keep.has(up); up = tree.get(up)?.parent) keep.add(up);
  }
  return keep;
}

const TEST_FILE = /(^|\/)(tests?|testing)\/|(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/;

function testNodes(sorted: readonly Node[]): Set<string> {
  const tests = new Set<string>();
  const packages: Node[] = [];
  for (const n of sorted) {
    if (n.symbol) {
      if (TEST_FILE.test(n.symbol.file)) tests.add(n.id);
    } else packages.push(n);
  }
  // Deepest packages first, so a package sees its sub-packages' verdicts.
  const children = new Map<string, string[]>();
  for (const n of sorted) if (n.parent !== undefined) push(children, n.parent, n.id);
  for (const p of [...packages].sort((a, b) => b.id.split('.').length - a.id.split('.').length || compare(a.id, b.id))) {
    const kids = children.get(p.id) ?? [];
    if (kids.length > 0 && kids.every((k) => tests.has(k))) tests.add(p.id);
  }
  return tests;
}

const partialCache = new WeakMap<RepoIndex, Set<string>>();
function partialFiles(index: RepoIndex): Set<string> {
  let set = partialCache.get(index);
  if (!set) partialCache.set(index, (set = new Set(index.files.filter((f) => f.partial).map((f) => f.path))));
  return set;
}

function push(table: Map<string, string[]>, key: string, value: string): void {
  const list = table.get(key);
  if (list) list.push(value);
  else table.set(key, [value]);
}

function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compare);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
