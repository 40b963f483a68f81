import type { GitDeps } from '../diff/gitDiff.js';
import type { FileRecord } from '../model.js';
import type { PythonParser } from '../python/treeSitter.js';
export type Extract = (parser: PythonParser, path: string, text: string) => FileRecord;
/** `git` with each distinct command run once; a command that failed is asked again next time, as it would have been without the memo. */
export declare function memoisedGit(git: GitDeps): GitDeps;
/** An Extract that also answers, without extracting, for what it has extracted already. */
export type MemoExtract = Extract & {
    /** A copy of the record of (path, text) when this memo has extracted it, else undefined. */
    recall: (path: string, text: string) => FileRecord | undefined;
};
/** `extract` run once per distinct (path, text). */
export declare function memoisedExtract(extract: Extract): MemoExtract;
