// Search over an index (src/search/retrieve.ts); the retrieval index is built once per RepoIndex and reused.
import type { RepoIndex } from '../model.js';
import type { SearchHit } from '../search/bm25.js';
import { buildRetrievalIndex, retrieve, type RetrievalIndex } from '../search/retrieve.js';
import { perIndex } from './perIndex.js';

const retrievalIndexOf = perIndex((index): RetrievalIndex => buildRetrievalIndex(index.symbols, index.edges));

export function searchRepository(index: RepoIndex, query: string, top = 10): SearchHit[] {
  return retrieve(retrievalIndexOf(index), query, top).filter((hit) => hit.score > 0);
}
