// Things derived from an index (adjacency, inheritance lookups, search index, ...) are built once per
// RepoIndex and reused by every pack, search and PR level; a WeakMap lets them go with the index.
import type { RepoIndex } from '../model.js';

/** `build`, memoised per index. */
export function perIndex<T>(build: (index: RepoIndex) => T): (index: RepoIndex) => T {
  const cache = new WeakMap<RepoIndex, T>();
  return (index) => {
    if (cache.has(index)) return cache.get(index) as T;
    const value = build(index);
    cache.set(index, value);
    return value;
  };
}
