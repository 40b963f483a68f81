import { type FileChange } from './hunks.js';
/** The fields of GitHub's `diff-entry` schema that we read. */
export interface ApiDiffEntry {
    filename: string;
    status: string;
    previous_filename?: string;
    patch?: string;
    changes?: number;
}
export type ListFilesPage = (page: number) => Promise<readonly ApiDiffEntry[]>;
export declare const API_PER_PAGE = 100;
/** GitHub's documented cap on files listed for one pull request. */
export declare const API_MAX_FILES = 3000;
export interface ApiDiffResult {
    files: FileChange[];
    incomplete: boolean;
    reasons: string[];
}
export interface ApiDiffOptions {
    /** `pull_request.changed_files` from the event payload, when known: detects a truncated listing. */
    expectedFiles?: number;
}
/** Fetch every page (per_page 100, stopping at the first short page or at GitHub's cap). */
export declare function listAllApiFiles(listFiles: ListFilesPage): Promise<ApiDiffEntry[]>;
export declare function convertApiEntry(entry: ApiDiffEntry): {
    change: FileChange;
    missingPatch: boolean;
};
/** The PR's changed files from the API, in the same shape the git path produces. */
export declare function diffFromApi(listFiles: ListFilesPage, options?: ApiDiffOptions): Promise<ApiDiffResult>;
