import { type GitDeps } from '../diff/gitDiff.js';
import { type PrChanges } from '../diff/prChanges.js';
import { type PythonParser } from '../python/treeSitter.js';
import type { PrDigestRequest } from './request.js';
import { type MemoExtract } from './runMemo.js';
/** What a PR digest knows before any file of the tree is parsed: the diff (git or API) and the parser. */
export interface PrSetup {
    parser: PythonParser;
    git: GitDeps;
    /** How the versions of changed files read from git are extracted: once per run each, through the cache when there is one. */
    extract: MemoExtract;
    pathChanges: PrChanges;
    warning?: string;
}
/** The diff of the PR, read once per run (git, or the API fallback). */
export declare function setupPr(request: Omit<PrDigestRequest, 'pack'>): Promise<PrSetup>;
