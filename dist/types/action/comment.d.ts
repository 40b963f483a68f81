import type { Octokit } from './octokit.js';
export interface CommentTarget {
    owner: string;
    repo: string;
    issueNumber: number;
}
export type CommentResult = {
    status: 'created' | 'updated' | 'unchanged' | 'superseded';
    id: number;
    url: string;
    removedDuplicates: number;
} | {
    status: 'forbidden';
    message: string;
};
export declare function stickyMarker(commentKey: string): string;
/** Orders digests of one PR: the run's id, then its attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT). */
export interface RunKey {
    id: number;
    attempt: number;
}
export declare function runKeyLine(key: RunKey): string;
export declare function runKeyFromEnv(env: NodeJS.ProcessEnv): RunKey;
export declare function upsertStickyComment(octokit: Octokit, target: CommentTarget, marker: string, body: string, options?: {
    login?: string;
}): Promise<CommentResult>;
