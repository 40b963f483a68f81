// The labelled fallback: a call the rules could not resolve links by name to every project
// definition with that name, unless more than `max` share it (`get`, `run`: too ambiguous to help).
// The shape of the call narrows the candidates: a bare `f()` reaches a function or a class (a method
// needs a receiver), and `x.f()` on an unknown receiver reaches a method (a module's function would
// have been resolved through the import that bound the module).
import type { ProjectIndex } from './resolverIndex.js';

export const DEFAULT_MAX_HEURISTIC_TARGETS = 5;

const NONE: string[] = [];
const memo = new WeakMap<ProjectIndex, Map<string, string[]>>();

/** Candidates for a name, memoised per index (the same names recur across thousands of sites). */
export function heuristicTargets(index: ProjectIndex, name: string, bare: boolean, max: number): string[] {
  const ids = index.byBareName.get(name);
  if (!ids) return NONE;
  let cache = memo.get(index);
  if (!cache) memo.set(index, (cache = new Map()));
  const key = `${bare ? 'b' : 'a'}${max}:${name}`;
  let found = cache.get(key);
  if (!found) {
    const candidates = ids.filter((id) => (index.byId.get(id)?.kind === 'method') !== bare);
    found = candidates.length > max ? NONE : candidates;
    cache.set(key, found);
  }
  return found;
}
