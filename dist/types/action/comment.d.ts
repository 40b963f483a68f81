import type { Octokit } from './octokit.js';
export interface CommentTarget {
    owner: string;
    repo: string;
    issueNumber: number;
}
export type CommentResult = {
    status: 'created' | 'updated' | 'unchanged';
    id: number;
    url: string;
} | {
    status: 'forbidden';
    message: string;
};
export declare function stickyMarker(commentKey: string): string;
export declare function upsertStickyComment(octokit: Octokit, target: CommentTarget, marker: string, body: string): Promise<CommentResult>;
