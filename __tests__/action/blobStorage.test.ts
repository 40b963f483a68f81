// Blob uploads with a scripted transport: when blocks are staged, how they are named and committed,
// and which answers are retried.
import { describe, expect, it } from 'vitest';
import { blockId, bufferSource, uploadBlob, versionHeader } from '../../src/action/blobStorage.js';
import type { HttpResult, ResultsHttp } from '../../src/action/resultsHttp.js';

const ok: HttpResult = { status: 201, statusText: 'Created', headers: {}, body: Buffer.alloc(0) };

function scripted(answers: (HttpResult | Error)[] = []) {
  const calls: { method: string; url: string; body: Buffer; headers: Record<string, string> }[] = [];
  const waits: number[] = [];
  const http: ResultsHttp = {
    send: async (method, url, body, headers) => {
      calls.push({ method, url, body: Buffer.from(body ?? ''), headers });
      const next = answers.shift() ?? ok;
      if (next instanceof Error) throw next;
      return next;
    },
    download: () => Promise.reject(new Error('not used')),
  };
  return { deps: { http, sleep: async (ms: number) => void waits.push(ms) }, calls, waits };
}

const SAS_URL = 'https://acct.blob.example/c/a.zip?sig=s&sv=2025-01-05';

describe('uploadBlob', () => {
  it('stages blocks of blockSize with equal-length ids and commits them in order', async () => {
    const s = scripted();
    const data = Buffer.from('abcdefghij');
    await uploadBlob(SAS_URL, bufferSource(data), { singleShotMax: 0, blockSize: 4, contentType: 'application/zip' }, s.deps);
    expect(s.calls.map((c) => c.url.replace(SAS_URL, '…'))).toEqual([
      expect.stringMatching(/^…&comp=block&blockid=[A-Za-z0-9%]+$/),
      expect.stringMatching(/^…&comp=block&blockid=/),
      expect.stringMatching(/^…&comp=block&blockid=/),
      '…&comp=blocklist',
    ]);
    expect(Buffer.concat(s.calls.slice(0, 3).map((c) => c.body)).equals(data)).toBe(true);
    const ids = s.calls.slice(0, 3).map((c) => decodeURIComponent(c.url.split('blockid=')[1]!));
    expect(new Set(ids.map((id) => id.length)).size).toBe(1);
    expect(s.calls[3]!.body.toString()).toBe(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><BlockList>${ids.map((id) => `<Latest>${id}</Latest>`).join('')}</BlockList>`);
    expect(s.calls[3]!.headers).toMatchObject({ 'x-ms-blob-content-type': 'application/zip', 'x-ms-version': '2025-01-05' });
    for (const call of s.calls) expect(call.headers['x-ms-version']).toBe('2025-01-05');
  });

  it('sends one Put Blob up to singleShotMax', async () => {
    const s = scripted();
    await uploadBlob(SAS_URL, bufferSource(Buffer.from('small')), { singleShotMax: 100, blockSize: 4 }, s.deps);
    expect(s.calls).toHaveLength(1);
    expect(s.calls[0]).toMatchObject({ method: 'PUT', url: SAS_URL, headers: { 'x-ms-blob-type': 'BlockBlob' } });
  });

  it('retries 500/503 and lost connections up to 4 tries, not other answers', async () => {
    const busy: HttpResult = { status: 503, statusText: 'Server Busy', headers: { 'x-ms-error-code': 'ServerBusy' }, body: Buffer.alloc(0) };
    const flaky = scripted([busy, new Error('socket hang up'), ok]);
    await uploadBlob(SAS_URL, bufferSource(Buffer.from('x')), { singleShotMax: 100, blockSize: 4 }, flaky.deps);
    expect(flaky.calls).toHaveLength(3);
    expect(flaky.waits).toEqual([4000, 8000]);
    const down = scripted([busy, busy, busy, busy]);
    await expect(uploadBlob(SAS_URL, bufferSource(Buffer.from('x')), { singleShotMax: 100, blockSize: 4 }, down.deps)).rejects.toThrow('Put Blob failed: (503) Server Busy ServerBusy (after 4 tries)');
    const denied = scripted([{ status: 403, statusText: 'Forbidden', headers: { 'x-ms-error-code': 'AuthenticationFailed' }, body: Buffer.alloc(0) }]);
    await expect(uploadBlob(SAS_URL, bufferSource(Buffer.from('x')), { singleShotMax: 0, blockSize: 4 }, denied.deps)).rejects.toThrow(/^Put Block failed: \(403\) Forbidden AuthenticationFailed$/);
    expect(denied.calls).toHaveLength(1);
  });

  it('never quotes the signature from a socket error', async () => {
    const hung = scripted(Array.from({ length: 4 }, () => new Error('Request timeout: /c/a.zip?sig=secret-signature&sv=2025-01-05')));
    const error = await uploadBlob(SAS_URL, bufferSource(Buffer.from('x')), { singleShotMax: 100, blockSize: 4 }, hung.deps).catch((e: Error) => e);
    expect((error as Error).message).toBe('Put Blob failed: Request timeout: /c/a.zip?… (after 4 tries)');
  });
});

describe('versionHeader', () => {
  it("is the SAS URL's signed version, or nothing", () => {
    expect(versionHeader(SAS_URL)).toEqual({ 'x-ms-version': '2025-01-05' });
    expect(versionHeader('https://acct.blob.example/c/a.zip?sig=s')).toEqual({});
    expect(versionHeader('not a url')).toEqual({});
  });
});

describe('blockId', () => {
  it("is the SDK's: base64 of the prefix and the 6-digit index", () => {
    expect(Buffer.from(blockId('0f0e0d0c-0b0a-4908-8706-050403020100', 12), 'base64').toString()).toBe('0f0e0d0c-0b0a-4908-8706-050403020100000012');
  });
});
