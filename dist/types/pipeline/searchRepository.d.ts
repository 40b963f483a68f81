import type { RepoIndex } from '../model.js';
import type { SearchHit } from '../search/bm25.js';
import type { RetrievalTuning } from '../search/tuning.js';
/** `tuning` is for eval:search's variants; everything else uses the defaults. */
export declare function searchRepository(index: RepoIndex, query: string, top?: number, tuning?: RetrievalTuning): SearchHit[];
