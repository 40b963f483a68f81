// The interim, name-based graph of the engine issue (#2): what the original design did, kept as the
// labelled fallback idea the resolver (#3) refines.
//
// - `contains`: parent -> child for every symbol with a parent (module -> top-level definitions,
//   class -> methods, function -> nested definitions). Structural, so `resolved`.
// - `calls`: a call site (via `call` or `decorator`) whose callee is a plain name `f` or an attribute
//   `x.f` links to EVERY symbol whose last name segment is `f` (modules excluded: a module is never
//   called). Such edges are `heuristic`. A decorator written `@dec(args)` is looked through to `dec`.
//   Attribute reads (`via: access`) make no edge here: without types, `x.name` matches far too much.
// - Lines are the caller's call-site lines, ascending and unique.
// - `maxHeuristicTargets` (default: no limit) drops names that match more symbols than that.
import type { CallSite, Edge, FileRecord, PySymbol, RefExpr } from '../model.js';

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The one order edges reach output in: (from, to, kind) by UTF-16 code units, never locale-aware. */
export function compareEdges(a: Edge, b: Edge): number {
  return cmp(a.from, b.from) || cmp(a.to, b.to) || cmp(a.kind, b.kind);
}

export interface NameEdgeOptions {
  maxHeuristicTargets?: number;
}

/** `Class.method` -> `method`; a repeated definition's `#2` suffix is not part of its name. */
export function lastNameSegment(symbol: PySymbol): string {
  const dot = symbol.name.lastIndexOf('.');
  return symbol.name.slice(dot + 1).replace(/#\d+$/, '');
}

function calledName(site: CallSite): string | undefined {
  if (site.via === 'access') return undefined;
  let callee: RefExpr = site.callee;
  if (site.via === 'decorator' && callee.t === 'call') callee = callee.callee;
  if (callee.t === 'name') return callee.name;
  if (callee.t === 'attr') return callee.attr;
  return undefined;
}

export function buildNameEdges(files: readonly FileRecord[], options: NameEdgeOptions = {}): Edge[] {
  const limit = options.maxHeuristicTargets ?? Number.POSITIVE_INFINITY;
  const byName = new Map<string, string[]>();
  for (const file of files) {
    for (const symbol of file.symbols) {
      if (symbol.kind === 'module') continue;
      const name = lastNameSegment(symbol);
      const list = byName.get(name);
      if (list) list.push(symbol.id);
      else byName.set(name, [symbol.id]);
    }
  }

  const edges: Edge[] = [];
  for (const file of files) {
    for (const symbol of file.symbols) {
      if (symbol.parent !== undefined) {
        edges.push({ from: symbol.parent, to: symbol.id, kind: 'contains', resolution: 'resolved' });
      }
      const linesByTarget = new Map<string, Set<number>>();
      for (const site of symbol.calls) {
        const name = calledName(site);
        if (name === undefined) continue;
        const targets = byName.get(name);
        if (!targets || targets.length > limit) continue;
        for (const target of targets) {
          let lines = linesByTarget.get(target);
          if (!lines) linesByTarget.set(target, (lines = new Set()));
          lines.add(site.line);
        }
      }
      for (const [target, lines] of linesByTarget) {
        edges.push({
          from: symbol.id,
          to: target,
          kind: 'calls',
          resolution: 'heuristic',
          lines: [...lines].sort((a, b) => a - b),
        });
      }
    }
  }
  return edges.sort(compareEdges);
}
