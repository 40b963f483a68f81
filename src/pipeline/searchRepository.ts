// Search over an index (src/search/retrieve.ts); the retrieval index is built once per RepoIndex and reused.
import type { RepoIndex } from '../model.js';
import type { SearchHit } from '../search/bm25.js';
import { buildRetrievalIndex, type RetrievalIndex, retrieve } from '../search/retrieve.js';
import type { RetrievalTuning } from '../search/tuning.js';
import { perIndex } from './perIndex.js';

const retrievalIndexOf = perIndex((index): RetrievalIndex => buildRetrievalIndex(index.symbols, index.edges));

/** `tuning` is for eval:search's variants; everything else uses the defaults. */
export function searchRepository(index: RepoIndex, query: string, top = 10, tuning?: RetrievalTuning): SearchHit[] {
  return retrieve(retrievalIndexOf(index), query, top, tuning).filter((hit) => hit.score > 0);
}
