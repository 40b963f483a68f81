// BM25 search over an index; the search index is built once per RepoIndex and reused.
import type { RepoIndex } from '../model.js';
import { buildSearchIndex, searchIndex, type SearchHit, type SearchIndex } from '../search/bm25.js';

const searchIndexes = new WeakMap<RepoIndex, SearchIndex>();

export function searchRepository(index: RepoIndex, query: string, top = 10): SearchHit[] {
  let built = searchIndexes.get(index);
  if (!built) {
    built = buildSearchIndex(index.symbols);
    searchIndexes.set(index, built);
  }
  return searchIndex(built, query, top).filter((hit) => hit.score > 0);
}
