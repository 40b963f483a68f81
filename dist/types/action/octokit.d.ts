import { getOctokit } from '@actions/github';
import type { ListFilesPage } from '../diff/apiDiff.js';
export type Octokit = ReturnType<typeof getOctokit>;
export declare function createOctokit(token: string, env: NodeJS.ProcessEnv): Octokit;
/** One page of `pulls.listFiles` (the REST fallback when local git cannot diff the PR). */
export declare function pullFilesLister(octokit: Octokit, owner: string, repo: string, pullNumber: number): ListFilesPage;
