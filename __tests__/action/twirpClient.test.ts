// The twirp client's retries, with a scripted transport and a clock that only records the waits.
import { describe, expect, it } from 'vitest';
import type { HttpResult } from '../../src/action/resultsHttp.js';
import { ARTIFACT_SERVICE, CACHE_SERVICE, retryDelayMs, type TwirpDeps, twirpCall } from '../../src/action/twirpClient.js';

type Step = HttpResult | Error;

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): HttpResult => ({
  status,
  statusText: { 200: 'OK', 409: 'Conflict', 429: 'Too Many Requests', 500: 'Internal Server Error', 503: 'Service Unavailable' }[status] ?? '',
  headers,
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

function scripted(steps: Step[]) {
  const calls: { method: string; url: string; body: string; headers: Record<string, string> }[] = [];
  const waits: number[] = [];
  const lines: string[] = [];
  const secrets: string[] = [];
  const deps: TwirpDeps = {
    http: {
      send: async (method, url, body, headers) => {
        calls.push({ method, url, body: String(body), headers });
        const step = steps.shift() ?? new Error('script ran out');
        if (step instanceof Error) throw step;
        return step;
      },
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 0.5,
    info: (line) => lines.push(`info ${line}`),
    warning: (line) => lines.push(`warning ${line}`),
    setSecret: (s) => secrets.push(s),
  };
  return { deps, calls, waits, lines, secrets };
}

const target = { resultsUrl: 'https://results.example/some/path/', token: 'the-token' };
const networkError = (code: string): Error => Object.assign(new Error(`connect ${code}`), { code });

describe('twirpCall', () => {
  it('posts JSON with the bearer token to the origin, and masks the signature of signed URLs', async () => {
    const s = scripted([answer(200, { ok: true, signed_upload_url: 'https://blob.example/c/x.zip?sig=a%2Bb&se=1' })]);
    const out = await twirpCall(ARTIFACT_SERVICE, target, 'CreateArtifact', { name: 'n', version: 7 }, s.deps);
    expect(out).toEqual({ ok: true, signed_upload_url: 'https://blob.example/c/x.zip?sig=a%2Bb&se=1' });
    expect(s.calls).toEqual([
      {
        method: 'POST',
        url: 'https://results.example/twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
        body: '{"name":"n","version":7}',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer the-token' },
      },
    ]);
    expect(s.secrets).toEqual(['a+b', 'a%2Bb']);
  });

  it('retries 5xx and 429 with backoff (3 s, then random within ×1.5 windows) and gives up after 5 attempts', async () => {
    const s = scripted([answer(503, { code: 'unavailable', msg: 'down' }), answer(500, 'not json'), answer(429, {}), networkError('EPIPE'), answer(502, {})]);
    await expect(twirpCall(ARTIFACT_SERVICE, target, 'FinalizeArtifact', {}, s.deps)).rejects.toThrow('Failed to FinalizeArtifact: Failed to make request after 5 attempts: Failed request: (502) ');
    expect(s.calls).toHaveLength(5);
    // random() = 0.5: attempt n waits 3000·1.5^n·1.25.
    expect(s.waits).toEqual([3000, 5625, 8437, 12656]);
    expect(s.lines[0]).toBe('info Attempt 1 of 5 failed with error: Failed request: (503) Service Unavailable: down. Retrying request in 3000 ms...');
    expect(s.lines[1]).toMatch(/^info Attempt 2 of 5 failed with error: .*JSON/);
  });

  it('succeeds on a later attempt', async () => {
    const s = scripted([answer(500, {}), answer(200, { ok: true, artifact_id: '42' })]);
    expect(await twirpCall(ARTIFACT_SERVICE, target, 'FinalizeArtifact', {}, s.deps)).toEqual({ ok: true, artifact_id: '42' });
    expect(s.waits).toEqual([3000]);
  });

  it('does not retry an answer (4xx), the storage quota, or a network failure', async () => {
    const conflict = scripted([answer(409, { code: 'already_exists', msg: 'an artifact with this name already exists' })]);
    await expect(twirpCall(ARTIFACT_SERVICE, target, 'CreateArtifact', {}, conflict.deps)).rejects.toThrow(
      'Failed to CreateArtifact: Received non-retryable error: Failed request: (409) Conflict: an artifact with this name already exists',
    );
    const quota = scripted([answer(403, { code: 'permission_denied', msg: 'insufficient usage to create artifact' })]);
    await expect(twirpCall(ARTIFACT_SERVICE, target, 'CreateArtifact', {}, quota.deps)).rejects.toThrow(/^Failed to CreateArtifact: Artifact storage quota has been hit\./);
    const offline = scripted([networkError('ECONNREFUSED')]);
    await expect(twirpCall(CACHE_SERVICE, target, 'CreateCacheEntry', {}, offline.deps)).rejects.toThrow(/^Failed to CreateCacheEntry: Unable to make request: ECONNREFUSED\nIf you are using self-hosted runners/);
    expect([conflict, quota, offline].map((s) => s.calls.length)).toEqual([1, 1, 1]);
  });

  it('the cache client stops at a 429 and says when the limit resets', async () => {
    const s = scripted([answer(429, { msg: 'slow down' }, { 'retry-after': '30' })]);
    await expect(twirpCall(CACHE_SERVICE, target, 'GetCacheEntryDownloadURL', {}, s.deps)).rejects.toThrow('Failed to GetCacheEntryDownloadURL: Rate limited: Failed request: (429) Too Many Requests: slow down');
    expect(s.calls).toHaveLength(1);
    expect(s.lines).toEqual(["warning You've hit a rate limit, your rate limit will reset in 30 seconds"]);
  });
});

describe('retryDelayMs', () => {
  it('stays inside [3·1.5^n, 3·1.5^(n+1)) seconds', () => {
    expect(retryDelayMs(ARTIFACT_SERVICE, 0, () => 0.99)).toBe(3000);
    expect(retryDelayMs(ARTIFACT_SERVICE, 1, () => 0)).toBe(4500);
    expect(retryDelayMs(ARTIFACT_SERVICE, 1, () => 0.999999)).toBe(6749);
    expect(retryDelayMs(ARTIFACT_SERVICE, 3, () => 0)).toBe(10125);
  });
});
