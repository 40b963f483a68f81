import { getOctokit } from '@actions/github';
import type { ListFilesPage } from '../diff/apiDiff.js';
export type Octokit = ReturnType<typeof getOctokit>;
export declare const REQUEST_TIMEOUT_MS = 15000;
export interface OctokitDeps {
    /** Where waits and retries are reported (core.info in the action). */
    log: (line: string) => void;
    /** Per-request time limit in milliseconds. */
    requestTimeoutMs?: number;
}
export declare function createOctokit(token: string, env: NodeJS.ProcessEnv, deps?: OctokitDeps): Octokit;
/** One page of `pulls.listFiles` (the REST fallback when local git cannot diff the PR). */
export declare function pullFilesLister(octokit: Octokit, owner: string, repo: string, pullNumber: number): ListFilesPage;
