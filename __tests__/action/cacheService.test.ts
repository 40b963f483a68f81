// The cache service v2 client against the stand-in's cache service and blob store, with the real tar
// and zstd: save, then restore into an empty folder; the version as @actions/cache computes it; the
// gzip fallback; misses, restore-key hits and service failures as @actions/cache reports them.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runProgram } from '../../src/action/cacheArchive.js';
import { type CacheClientDeps, isCacheServiceAvailable, restoreCache, saveCache } from '../../src/action/cacheService.js';
import { resultsHttp } from '../../src/action/resultsHttp.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';

let gh: FakeGitHub;
let root: string;
const lines: string[] = [];

beforeAll(async () => {
  gh = await new FakeGitHub({ owner: 'o', repo: 'r', token: 't', runtimeToken: fakeRuntimeToken('run-1', 'job-1') }).start();
  root = mkdtempSync(join(tmpdir(), 'repodigest-cache-client-'));
});

afterEach(() => {
  expect(gh.violations.splice(0)).toEqual([]);
  lines.length = 0;
});

afterAll(async () => {
  await gh.close();
  rmSync(root, { recursive: true, force: true });
});

function deps(overrides: Partial<CacheClientDeps> = {}): CacheClientDeps {
  const workspace = join(root, 'workspace');
  mkdirSync(workspace, { recursive: true });
  return {
    env: { ...gh.runnerEnv(), ACTIONS_CACHE_SERVICE_V2: 'True', GITHUB_WORKSPACE: workspace, RUNNER_TEMP: join(root, 'temp') },
    platform: 'linux',
    home: join(root, 'home'),
    run: runProgram,
    http: resultsHttp(),
    sleep: async () => undefined,
    random: () => 0,
    info: (line) => lines.push(`info ${line}`),
    warning: (line) => lines.push(`warning ${line}`),
    setSecret: () => undefined,
    ...overrides,
  };
}

/** The cached folder's files (name -> text). */
function folder(): Record<string, string> {
  const dir = join(root, 'home', '.cache', 'c');
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    try {
      out[name] = readFileSync(join(dir, name), 'utf8');
    } catch {
      // a directory
    }
  }
  return out;
}

function fill(files: Record<string, string>): void {
  const dir = join(root, 'home', '.cache', 'c');
  rmSync(dir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

const PATHS = ['~/.cache/c'];
const FILES = { 'a.json': '{"a":1}\n', 'sub/b.bin': 'ü'.repeat(10_000), 'sub/deeper/c.txt': 'c\n' };

describe('isCacheServiceAvailable', () => {
  it('as @actions/cache decides for the v2 service; never on GHES or Windows', () => {
    const on = { ACTIONS_CACHE_SERVICE_V2: 'True', ACTIONS_RESULTS_URL: 'https://results/' };
    expect(isCacheServiceAvailable(on, 'linux')).toBe(true);
    expect(isCacheServiceAvailable({ ...on, GITHUB_SERVER_URL: 'https://acme.ghe.com' }, 'darwin')).toBe(true);
    expect(isCacheServiceAvailable({ ACTIONS_RESULTS_URL: 'https://results/', ACTIONS_CACHE_URL: 'https://legacy/' }, 'linux')).toBe(false);
    expect(isCacheServiceAvailable({ ACTIONS_CACHE_SERVICE_V2: 'True' }, 'linux')).toBe(false);
    expect(isCacheServiceAvailable({ ...on, GITHUB_SERVER_URL: 'https://git.acme.internal' }, 'linux')).toBe(false);
    expect(isCacheServiceAvailable(on, 'win32')).toBe(false);
  });
});

describe('saveCache then restoreCache', () => {
  it('round-trips the folder through the service (zstd), under the version @actions/cache gives it', async () => {
    fill(FILES);
    const before = gh.requests.length;
    const id = await saveCache(PATHS, 'k-1', deps());
    expect(id).toBeGreaterThan(0);
    const entry = gh.cacheEntries.find((e) => e.key === 'k-1')!;
    expect(entry.finalized).toBe(true);
    expect(entry.version).toBe(createHash('sha256').update('~/.cache/c|zstd-without-long|1.0').digest('hex'));
    expect(entry.bytes!.subarray(0, 4)).toEqual(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    const sent = gh.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path.replace(/^\/cache-blob\/.*/, '/cache-blob/…')}`)).toEqual([
      'POST /twirp/github.actions.results.api.v1.CacheService/CreateCacheEntry',
      'PUT /cache-blob/…',
      'POST /twirp/github.actions.results.api.v1.CacheService/FinalizeCacheEntryUpload',
    ]);
    expect(sent[1]!.headers['x-ms-blob-type']).toBe('BlockBlob');
    expect(sent[2]!.body).toEqual({ key: 'k-1', version: entry.version, size_bytes: String(entry.bytes!.length) });

    rmSync(join(root, 'home'), { recursive: true, force: true });
    expect(await restoreCache(PATHS, 'k-1', ['k-'], deps())).toBe('k-1');
    expect(folder()).toEqual(FILES);
    expect(lines).toContain('info Cache hit for: k-1');
    expect(lines).toContain('info Cache restored successfully');
    // The temporary archive folders are gone.
    expect(readdirSync(join(root, 'temp'))).toEqual([]);
  });

  it('matches a restore key by prefix, misses quietly, and keeps gzip entries apart from zstd ones', async () => {
    rmSync(join(root, 'home'), { recursive: true, force: true });
    expect(await restoreCache(PATHS, 'k-2', ['k-'], deps())).toBe('k-1');
    expect(lines).toContain('info Cache hit for restore-key: k-1');
    expect(await restoreCache(PATHS, 'other', ['oth'], deps())).toBeUndefined();
    // Without zstd the archive is gzip: another version, so the zstd entry is not offered to it.
    const noZstd = deps({ run: (file, args, cwd) => (file === 'zstd' ? Promise.reject(new Error('zstd: not found')) : runProgram(file, args, cwd)) });
    expect(await restoreCache(PATHS, 'k-1', [], noZstd)).toBeUndefined();
    fill({ 'g.txt': 'gzip\n' });
    expect(await saveCache(PATHS, 'k-1', noZstd)).toBeGreaterThan(0);
    const gz = gh.cacheEntries.at(-1)!;
    expect(gz.version).toBe(createHash('sha256').update('~/.cache/c|gzip|1.0').digest('hex'));
    expect(gz.bytes!.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    rmSync(join(root, 'home'), { recursive: true, force: true });
    expect(await restoreCache(PATHS, 'k-1', [], noZstd)).toBe('k-1');
    expect(folder()).toEqual({ 'g.txt': 'gzip\n' });
    expect(lines.filter((l) => l.startsWith('warning'))).toEqual([]);
  });

  it('a key already saved is an info line and -1, as another job saving it would be', async () => {
    fill(FILES);
    expect(await saveCache(PATHS, 'k-1', deps())).toBe(-1);
    expect(lines).toEqual(['info Failed to save: Unable to reserve cache with key k-1, another job may be creating this cache.']);
    // The stand-in records the 409 it answered as a conflict, not a violation.
  });

  it('a service outage: retried, then one warning and a miss; a missing folder throws', async () => {
    gh.failCache = 503;
    try {
      expect(await restoreCache(PATHS, 'k-1', [], deps())).toBeUndefined();
    } finally {
      gh.failCache = undefined;
    }
    expect(lines.filter((l) => l.startsWith('info Attempt'))).toHaveLength(4);
    expect(lines.at(-1)).toBe(
      'warning Failed to restore: Failed to GetCacheEntryDownloadURL: Failed to make request after 5 attempts: Failed request: (503) Service Unavailable: cache service unavailable',
    );
    rmSync(join(root, 'home'), { recursive: true, force: true });
    await expect(saveCache(PATHS, 'k-3', deps())).rejects.toThrow(/^Path Validation Error: /);
  });

  it('honours ACTIONS_CACHE_MODE and refuses keys @actions/cache refuses', async () => {
    const readOnly = deps();
    readOnly.env['ACTIONS_CACHE_MODE'] = 'read';
    expect(await saveCache(PATHS, 'k-9', readOnly)).toBe(-1);
    expect(lines).toEqual(["info Cache save skipped: the effective cache-mode 'read' does not permit writes."]);
    await expect(restoreCache(PATHS, 'a,b', [], deps())).rejects.toThrow('Key Validation Error: a,b cannot contain commas.');
    await expect(restoreCache(PATHS, 'k', Array.from({ length: 10 }, (_, i) => `r${i}`), deps())).rejects.toThrow(/maximum of 10/);
  });
});
