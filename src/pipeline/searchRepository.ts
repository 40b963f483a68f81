// BM25 search over an index; the search index is built once per RepoIndex and reused.
import type { RepoIndex } from '../model.js';
import { buildSearchIndex, searchIndex, type SearchHit, type SearchIndex } from '../search/bm25.js';
import { perIndex } from './perIndex.js';

const searchIndexOf = perIndex((index): SearchIndex => buildSearchIndex(index.symbols));

export function searchRepository(index: RepoIndex, query: string, top = 10): SearchHit[] {
  return searchIndex(searchIndexOf(index), query, top).filter((hit) => hit.score > 0);
}
