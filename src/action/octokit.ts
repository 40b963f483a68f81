// The one place an Octokit is made: the token from the settings, the API root from GITHUB_API_URL
// (GHES and the test server), @actions/github's defaults (proxy support included), and three
// defences against a GitHub that is having a bad day:
// - @octokit/plugin-retry: 5xx and network failures are retried 3 times after 1, 4 and 9 s
//   (4xx other than rate limits are answers, not faults, and are not retried).
// - @octokit/plugin-throttling: requests are paced (writes one per second, as GitHub asks of
//   integrations); a secondary rate limit (403/429 "secondary rate limit") waits the `retry-after` GitHub
//   sends and retries twice; the primary limit is waited out once if it resets within a minute.
// - each request is aborted after REQUEST_TIMEOUT_MS, 15 s: GitHub itself ends any REST request that
//   takes it more than 10 s, so a longer wait is a hung connection; an aborted request is a network
//   failure for the retry plugin, so one hung connection costs one timeout, not the job.
// Every wait is logged, so a slow step says why.
import { getOctokit } from '@actions/github';
import { defaults } from '@actions/github/lib/utils';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import type { ApiDiffEntry, ListFilesPage } from '../diff/apiDiff.js';
import { API_PER_PAGE } from '../diff/apiDiff.js';

export type Octokit = ReturnType<typeof getOctokit>;

export const REQUEST_TIMEOUT_MS = 15_000;
const SECONDARY_RETRIES = 2;
const LONGEST_RATE_LIMIT_WAIT_S = 60;

export interface OctokitDeps {
  /** Where waits and retries are reported (core.info in the action). */
  log: (line: string) => void;
  /** Per-request time limit in milliseconds. */
  requestTimeoutMs?: number;
}

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export function createOctokit(token: string, env: NodeJS.ProcessEnv, deps: OctokitDeps = { log: () => undefined }): Octokit {
  const baseUrl = env['GITHUB_API_URL'];
  const timeoutMs = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const proxyFetch = (defaults.request?.fetch as Fetch | undefined) ?? fetch;
  const timedFetch: Fetch = (url, init = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return proxyFetch(url, { ...init, signal }).catch((error: unknown) => {
      if (timeout.aborted) throw new Error(`no answer from ${new URL(url).pathname} within ${timeoutMs / 1000} s`);
      throw error;
    });
  };
  // The request as the log should name it: `POST /repos/o/r/issues/7/comments`, not the route template.
  const where = (options: { method?: string; url?: string } & Record<string, unknown>): string =>
    `${options.method ?? 'GET'} ${(options.url ?? '').replace(/\{([^}]+)\}/g, (m, name: string) => (options[name] === undefined ? m : String(options[name])))}`;
  return getOctokit(
    token,
    {
      ...(baseUrl ? { baseUrl } : {}),
      request: { ...defaults.request, fetch: timedFetch },
      throttle: {
        onSecondaryRateLimit: (retryAfter: number, options: { method?: string; url?: string } & Record<string, unknown>, _o: unknown, retryCount: number) => {
          const again = retryCount < SECONDARY_RETRIES;
          deps.log(`GitHub secondary rate limit on ${where(options)}: ${again ? `retrying in ${retryAfter} s` : 'giving up'}.`);
          return again;
        },
        onRateLimit: (retryAfter: number, options: { method?: string; url?: string } & Record<string, unknown>, _o: unknown, retryCount: number) => {
          const again = retryCount < 1 && retryAfter <= LONGEST_RATE_LIMIT_WAIT_S;
          deps.log(`GitHub rate limit on ${where(options)}: ${again ? `retrying in ${retryAfter} s` : `resets in ${retryAfter} s, giving up`}.`);
          return again;
        },
      },
    },
    retry,
    throttling,
  );
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
