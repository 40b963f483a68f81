// The labelled fallback: a call the rules could not resolve links by name to every project
// definition with that name, unless more than `max` share it (`get`, `run`: too ambiguous to help).
// The shape of the call narrows the candidates: a bare `f()` reaches a function or a class (a method
// needs a receiver), and `x.f()` on an unknown receiver reaches a method (a module's function would
// have been resolved through the import that bound the module).
import type { ProjectIndex } from './projectIndex.js';

export const DEFAULT_MAX_HEURISTIC_TARGETS = 5;

const NONE: string[] = [];
/** Per index, then (bare, max), then name: no key string is built per site. */
const memo = new WeakMap<ProjectIndex, Map<number, Map<string, string[]>>>();

/** Candidates for a name, memoised per index (the same names recur across thousands of sites). */
export function heuristicTargets(index: ProjectIndex, name: string, bare: boolean, max: number): string[] {
  const ids = index.byBareName.get(name);
  if (!ids) return NONE;
  let byShape = memo.get(index);
  if (!byShape) memo.set(index, (byShape = new Map()));
  const shape = bare ? -1 - max : max; // max >= 0: bare and attribute calls never share a key
  let cache = byShape.get(shape);
  if (!cache) byShape.set(shape, (cache = new Map()));
  let found = cache.get(name);
  if (!found) {
    const candidates = ids.filter((id) => (index.byId.get(id)?.kind === 'method') !== bare);
    found = candidates.length > max ? NONE : candidates;
    cache.set(name, found);
  }
  return found;
}
