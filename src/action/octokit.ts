// The one place an Octokit is made: the token from the settings, the API root from GITHUB_API_URL
// (GHES and the test server), everything else @actions/github's defaults (proxy support included).
import { getOctokit } from '@actions/github';
import type { ApiDiffEntry, ListFilesPage } from '../diff/apiDiff.js';
import { API_PER_PAGE } from '../diff/apiDiff.js';

export type Octokit = ReturnType<typeof getOctokit>;

export function createOctokit(token: string, env: NodeJS.ProcessEnv): Octokit {
  const baseUrl = env['GITHUB_API_URL'];
  return getOctokit(token, baseUrl ? { baseUrl } : {});
}

/** One page of `pulls.listFiles` (the REST fallback when local git cannot diff the PR). */
export function pullFilesLister(octokit: Octokit, owner: string, repo: string, pullNumber: number): ListFilesPage {
  return async (page) => {
    const { data } = await octokit.rest.pulls.listFiles({ owner, repo, pull_number: pullNumber, per_page: API_PER_PAGE, page });
    return data.map((f): ApiDiffEntry => ({
      filename: f.filename,
      status: f.status,
      changes: f.changes,
      ...(f.previous_filename !== undefined ? { previous_filename: f.previous_filename } : {}),
      ...(f.patch !== undefined ? { patch: f.patch } : {}),
    }));
  };
}
