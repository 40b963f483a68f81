// Twirp JSON calls to the results service (ACTIONS_RESULTS_URL): the artifact service for the digest
// artifact, the cache service v2 for the per-file cache. What goes over the wire and how failures are
// retried mirror the clients @actions/artifact and @actions/cache generate and wrap:
// - POST `<origin>/twirp/<service>/<method>`, `Content-Type: application/json`, `Authorization:
//   Bearer <ACTIONS_RUNTIME_TOKEN>`; the body is the request message in proto field names
//   (`workflow_run_backend_id`), default values left out, int64 as decimal strings, wrapper types
//   (StringValue) as their bare value. Responses are read the same way, unknown fields ignored.
// - 5 attempts; the wait before attempt n+1 is 3 s after the first, then a random time in
//   [3·1.5^n, 3·1.5^(n+1)) s. Retried: 500, 502, 503, 504, a body that is not JSON and any error
//   without a response except the network codes below; 429 is retried by the artifact client, while
//   the cache client stops at once (saying when the limit resets, from `retry-after`).
// - Not retried: ECONNRESET, ENOTFOUND, ETIMEDOUT, ECONNREFUSED, EHOSTUNREACH (the runner cannot
//   reach the service: the self-hosted runner hint), a `msg` saying "insufficient usage" (the storage
//   quota message), and any other status (4xx are answers).
// - Every error message starts `Failed to <Method>: `, as the real clients' do (callers and tests
//   match on it); the `sig` of any signed URL in a response is registered as a secret first, so the
//   log masks it.
import type { HttpResult, ResultsHttp } from './resultsHttp.js';

export interface TwirpPolicy {
  /** The fully qualified service name (`github.actions.results.api.v1.ArtifactService`). */
  service: string;
  retryStatuses: readonly number[];
  /** 'retry' (artifact client) or 'stop' (cache client) on 429. */
  onTooManyRequests: 'retry' | 'stop';
  /** Thrown, unretried, when a response's `msg` says "insufficient usage". */
  quotaMessage: string;
  maxAttempts: number;
  baseRetryMs: number;
  retryMultiplier: number;
}

const STORAGE_LIMITS = 'https://docs.github.com/en/billing/managing-billing-for-github-actions/about-billing-for-github-actions#calculating-minute-and-storage-spending';

export const ARTIFACT_SERVICE: TwirpPolicy = {
  service: 'github.actions.results.api.v1.ArtifactService',
  retryStatuses: [502, 504, 500, 503, 429],
  onTooManyRequests: 'retry',
  quotaMessage: `Artifact storage quota has been hit. Unable to upload any new artifacts.\nMore info on storage limits: ${STORAGE_LIMITS}`,
  maxAttempts: 5,
  baseRetryMs: 3000,
  retryMultiplier: 1.5,
};

export const CACHE_SERVICE: TwirpPolicy = {
  service: 'github.actions.results.api.v1.CacheService',
  retryStatuses: [502, 504, 500, 503],
  onTooManyRequests: 'stop',
  quotaMessage: `Cache storage quota has been hit. Unable to upload any new cache entries.\nMore info on storage limits: ${STORAGE_LIMITS}`,
  maxAttempts: 5,
  baseRetryMs: 3000,
  retryMultiplier: 1.5,
};

const NETWORK_CODES = ['ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH'];

export interface TwirpDeps {
  http: Pick<ResultsHttp, 'send'>;
  sleep: (ms: number) => Promise<void>;
  /** In [0, 1): picks the wait inside its window. */
  random: () => number;
  info: (line: string) => void;
  warning: (line: string) => void;
  /** Registers a value the log must mask (core.setSecret in the action). */
  setSecret: (secret: string) => void;
}

export interface TwirpTarget {
  /** ACTIONS_RESULTS_URL (only its origin is used). */
  resultsUrl: string;
  token: string;
}

export type TwirpMessage = Record<string, unknown>;

/** Network failures: the runner cannot reach the service, which retrying does not change. */
export function networkErrorMessage(code: string): string {
  return `Unable to make request: ${code}\nIf you are using self-hosted runners, please make sure your runner has access to all GitHub endpoints: https://docs.github.com/en/actions/hosting-your-own-runners/managing-self-hosted-runners/about-self-hosted-runners#communication-between-self-hosted-runners-and-github`;
}

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_CODES.includes(code) ? code : undefined;
}

/** The wait after failed attempt `attempt` (0-based). */
export function retryDelayMs(policy: TwirpPolicy, attempt: number, random: () => number): number {
  if (attempt === 0) return policy.baseRetryMs;
  const min = policy.baseRetryMs * policy.retryMultiplier ** attempt;
  return Math.trunc(random() * (min * policy.retryMultiplier - min) + min);
}

class Final extends Error {}

export async function twirpCall(policy: TwirpPolicy, target: TwirpTarget, method: string, request: TwirpMessage, deps: TwirpDeps): Promise<TwirpMessage> {
  const url = new URL(`/twirp/${policy.service}/${method}`, new URL(target.resultsUrl).origin).href;
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${target.token}` };
  try {
    return await retrying(policy, () => deps.http.send('POST', url, JSON.stringify(request), headers), deps);
  } catch (error) {
    throw new Error(`Failed to ${method}: ${(error as Error).message}`, { cause: error });
  }
}

async function retrying(policy: TwirpPolicy, operation: () => Promise<HttpResult>, deps: TwirpDeps): Promise<TwirpMessage> {
  let errorMessage = '';
  for (let attempt = 0; attempt < policy.maxAttempts; attempt++) {
    let retryable = false;
    try {
      const response = await operation();
      const body = JSON.parse(response.body.toString('utf8')) as TwirpMessage;
      maskSignedUrls(body, deps.setSecret);
      if (response.status >= 200 && response.status < 300) return body;
      retryable = policy.retryStatuses.includes(response.status);
      errorMessage = `Failed request: (${response.status}) ${response.statusText}`;
      const msg = typeof body['msg'] === 'string' ? body['msg'] : '';
      if (msg !== '') {
        if (msg.includes('insufficient usage')) throw new Final(policy.quotaMessage);
        errorMessage = `${errorMessage}: ${msg}`;
      }
      if (response.status === 429 && policy.onTooManyRequests === 'stop') {
        const seconds = Number.parseInt(String(response.headers['retry-after'] ?? ''), 10);
        if (seconds > 0) deps.warning(`You've hit a rate limit, your rate limit will reset in ${seconds} seconds`);
        throw new Final(`Rate limited: ${errorMessage}`);
      }
    } catch (error) {
      if (error instanceof Final) throw error;
      const code = errorCode(error);
      if (code !== undefined) throw new Final(networkErrorMessage(code));
      retryable = true;
      errorMessage = (error as Error).message;
    }
    if (!retryable) throw new Error(`Received non-retryable error: ${errorMessage}`);
    if (attempt + 1 === policy.maxAttempts) throw new Error(`Failed to make request after ${policy.maxAttempts} attempts: ${errorMessage}`);
    const wait = retryDelayMs(policy, attempt, deps.random);
    deps.info(`Attempt ${attempt + 1} of ${policy.maxAttempts} failed with error: ${errorMessage}. Retrying request in ${wait} ms...`);
    await deps.sleep(wait);
  }
  throw new Error('Request failed');
}

/** Registers the `sig` of each signed URL in a response as a secret (raw and URL-encoded). */
function maskSignedUrls(body: TwirpMessage, setSecret: (secret: string) => void): void {
  for (const field of ['signed_upload_url', 'signed_url', 'signed_download_url']) {
    const value = body[field];
    if (typeof value !== 'string' || value === '') continue;
    try {
      const sig = new URL(value).searchParams.get('sig');
      if (sig) {
        setSecret(sig);
        setSecret(encodeURIComponent(sig));
      }
    } catch {
      // not a URL: nothing to mask
    }
  }
}
