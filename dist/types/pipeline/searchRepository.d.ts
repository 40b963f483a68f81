import type { RepoIndex } from '../model.js';
import type { SearchHit } from '../search/bm25.js';
export declare function searchRepository(index: RepoIndex, query: string, top?: number): SearchHit[];
