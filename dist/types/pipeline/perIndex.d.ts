import type { RepoIndex } from '../model.js';
/** `build`, memoised per index. */
export declare function perIndex<T>(build: (index: RepoIndex) => T): (index: RepoIndex) => T;
