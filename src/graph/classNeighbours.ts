// The lookups that let a whole class stand for its body during expansion (the rule is in
// expansion.ts): its members (every symbol nested in it, whose text is inside the class's full text)
// its subclasses (`inherits` edges pointing at it) and its bases (`inherits` edges from it).
//
// Decisions:
// - Members come from `PySymbol.parent`, not `contains` edges: the packer already holds the symbols,
//   and a child index built once per symbol map (cached) answers in constant time.
// - Subclasses are sorted like call neighbours (resolved first, then by id), so the expansion's
//   ordering rule needs no special case; `lines` is empty (an inheritance is not a call site).
import type { Edge, PySymbol } from '../model.js';
import { compareNeighbours, type Neighbour, strongerResolution } from './adjacency.js';

export interface ClassLookups {
  /** Every symbol nested in `id`, at any depth, sorted by id; empty for a symbol with none. */
  members(id: string): readonly string[];
  /** Classes that inherit directly from `id`, resolved first, then by id. */
  subclasses(id: string): readonly Neighbour[];
  /** Project classes `id` inherits from directly, resolved first, then by id. */
  bases(id: string): readonly Neighbour[];
}

const NONE: readonly never[] = Object.freeze([]);
const childIndexCache = new WeakMap<ReadonlyMap<string, PySymbol>, Map<string, string[]>>();

function childIndex(symbols: ReadonlyMap<string, PySymbol>): Map<string, string[]> {
  let index = childIndexCache.get(symbols);
  if (!index) {
    index = new Map();
    for (const s of symbols.values()) {
      if (s.parent === undefined) continue;
      const list = index.get(s.parent);
      if (list) list.push(s.id);
      else index.set(s.parent, [s.id]);
    }
    childIndexCache.set(symbols, index);
  }
  return index;
}

/** `inherits` edges (subclass -> base) as base -> subclasses. */
export function subclassIndex(edges: readonly Edge[]): (id: string) => readonly Neighbour[] {
  return inheritsBy(edges, 'to');
}

/** `inherits` edges (subclass -> base) as subclass -> bases. */
export function baseIndex(edges: readonly Edge[]): (id: string) => readonly Neighbour[] {
  return inheritsBy(edges, 'from');
}

/** `inherits` edges grouped by one end (`to`: the base; `from`: the subclass), listing the other end. */
function inheritsBy(edges: readonly Edge[], key: 'from' | 'to'): (id: string) => readonly Neighbour[] {
  const other = key === 'to' ? 'from' : 'to';
  const table = new Map<string, Map<string, Neighbour>>();
  for (const e of edges) {
    if (e.kind !== 'inherits') continue;
    let row = table.get(e[key]);
    if (!row) table.set(e[key], (row = new Map()));
    const known = row.get(e[other]);
    if (!known || strongerResolution(known.resolution, e.resolution) !== known.resolution) row.set(e[other], { id: e[other], resolution: e.resolution, lines: NONE });
  }
  const sorted = new Map<string, readonly Neighbour[]>();
  for (const [id, row] of table) sorted.set(id, Object.freeze([...row.values()].sort(compareNeighbours)));
  return (id) => sorted.get(id) ?? NONE;
}

export function classLookups(
  symbols: ReadonlyMap<string, PySymbol>,
  subclasses: (id: string) => readonly Neighbour[] = () => NONE,
  bases: (id: string) => readonly Neighbour[] = () => NONE,
): ClassLookups {
  const children = childIndex(symbols);
  const memo = new Map<string, readonly string[]>();
  const members = (id: string): readonly string[] => {
    const cached = memo.get(id);
    if (cached) return cached;
    const out: string[] = [];
    const seen = new Set<string>([id]);
    const stack = [...(children.get(id) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next)) continue; // a malformed parent cycle must not loop
      seen.add(next);
      out.push(next);
      stack.push(...(children.get(next) ?? []));
    }
    const result = Object.freeze(out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    memo.set(id, result);
    return result;
  };
  return { members, subclasses, bases };
}
