// [cache] End to end, as GitHub runs the action: the bundled dist/index.js (bare copy, Node 24) with the
// cache service v2 of the fake GitHub, a real git repository, real tar/zstd archives made and read by
// our cache client (action/cacheService.ts). Every run has the same HOME, as on a hosted runner (the
// archives hold paths relative to the workspace, as @actions/cache's do), and the local cache folder
// is deleted before each run, so whatever a run reuses came through the cache service.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionRun, bareCopy, node24, runAction } from '../support/bareAction.js';
import { pullRequestEvent, workflowDispatchEvent } from '../support/events.js';
import { type FakeCacheEntry, FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';

const OWNER = 'octo-org';
const REPO = 'shop';
const TOKEN = 'ghs_e2eToken';

function module(name: string, calls: string): string {
  return [`from pkg.base import helper`, '', '', `def ${name}(x):`, `    """${name} of x."""`, `    return helper(x) + ${calls}`, '', '', `class ${name.toUpperCase()}Box:`, `    def get(self):`, `        return ${name}(1)`, ''].join('\n');
}

const BASE_FILES: Record<string, string> = {
  'pkg/__init__.py': '',
  'pkg/base.py': 'def helper(x):\n    return x * 2\n',
  ...Object.fromEntries(['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((n) => [`pkg/${n}.py`, module(n, '1')])),
};

let gh: FakeGitHub;
let actionDir: string;
let repo: GitRepo;
let baseSha: string;
let headSha: string;
let runNumber = 0;

let home: string;

function env(extra: Record<string, string> = {}): Record<string, string> {
  runNumber++;
  rmSync(join(home, '.cache'), { recursive: true, force: true });
  return {
    ...gh.runnerEnv({ runId: `run-${runNumber}`, jobId: `job-${runNumber}` }),
    ACTIONS_CACHE_SERVICE_V2: 'True',
    HOME: home,
    ...extra,
  };
}

const inputs = { 'github-token': TOKEN, comment: 'false', artifact: 'false' };

function prRun(): Promise<ActionRun> {
  return runAction({
    actionDir,
    workspace: repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ owner: OWNER, repo: REPO }, { number: 7, title: 'Change helper callers', baseSha, headSha }),
    inputs,
    env: env(),
  });
}

let uncached: string | undefined;

/** The PR's digest from a run with the input `cache: false` (made once). */
async function uncachedDigest(): Promise<string> {
  if (uncached !== undefined) return uncached;
  const off = await runAction({
    actionDir,
    workspace: repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent({ owner: OWNER, repo: REPO }, { number: 7, title: 'Change helper callers', baseSha, headSha }),
    inputs: { ...inputs, cache: 'false' },
    env: env(),
  });
  expectOk(off);
  expect(off.stdout).not.toContain('Cache:');
  uncached = digestOf(off);
  return uncached;
}

function expectOk(run: ActionRun): void {
  if (run.code !== 0) throw new Error(`action failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
}

function cacheLine(run: ActionRun): string {
  return run.stdout.split('\n').find((l) => /^Cache: \d+ of \d+ files reused/.test(l)) ?? `(no cache line)\n${run.stdout}`;
}

function digestOf(run: ActionRun): string {
  return readFileSync(run.outputs['digest-path']!, 'utf8');
}

/** The archive's tar with one byte of one cache entry's payload changed (tar keeps no data checksums). */
function corruptOneEntry(entry: FakeCacheEntry): void {
  const bytes = entry.bytes!;
  const zstd = bytes.subarray(0, 4).equals(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-cache-archive-'));
  const tar = zstd ? zstdRun(['-d', '-q', '-c'], bytes, dir) : gunzipSync(bytes);
  const header = tar.indexOf('"magic":"repodigest-cache-entry"');
  expect(header).toBeGreaterThan(0);
  const at = tar.indexOf('"symbols"', header) + 2;
  tar[at] = tar[at] === 0x79 ? 0x78 : 0x79; // "symbols" -> "sxmbols"
  entry.bytes = zstd ? zstdRun(['-q', '-c'], tar, dir) : gzipSync(tar);
}

function zstdRun(args: string[], input: Buffer, dir: string): Buffer {
  const file = join(dir, 'in');
  writeFileSync(file, input);
  return execFileSync('zstd', [...args, file], { maxBuffer: 1 << 28 });
}

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  home = mkdtempSync(join(tmpdir(), 'repodigest-home-'));
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('run-0', 'job-0') }).start();
  repo = new GitRepo();
  baseSha = repo.commit('base', BASE_FILES);
  headSha = repo.commit('change alpha and beta', { 'pkg/alpha.py': module('alpha', '2'), 'pkg/beta.py': module('beta', '3') });
}, 300_000);

checkRequestsAndClose(() => gh);

describe('the action bundle with the Actions cache', () => {
  let first: ActionRun;

  it("the base branch's run saves; a PR's first run restores it and analyses only the files the PR changed", async () => {
    // A run on the base branch (here a dispatched query run at the base commit) saves under the base sha.
    repo.git('checkout', '-q', '--detach', baseSha);
    const onBase = await runAction({
      actionDir,
      workspace: repo.dir,
      eventName: 'workflow_dispatch',
      event: workflowDispatchEvent({ owner: OWNER, repo: REPO }),
      inputs: { ...inputs, query: 'helper' },
      env: env({ GITHUB_SHA: baseSha }),
    });
    repo.git('checkout', '-q', '--detach', headSha);
    expectOk(onBase);
    expect(cacheLine(onBase)).toBe('Cache: 0 of 7 files reused, 7 analysed, 7 saved, call graph saved.');
    expect(onBase.stdout).toMatch(new RegExp(`^Cache: saved repodigest-[0-9a-f]{16}-[0-9a-f]{8}-${baseSha}\\.$`, 'm'));
    expect(gh.cacheEntries.map((e) => e.finalized)).toEqual([true]);

    first = await prRun();
    expectOk(first);
    expect(first.stdout).toMatch(new RegExp(`^Cache hit for restore-key: repodigest-[0-9a-f]{16}-[0-9a-f]{8}-${baseSha}$`, 'm'));
    // The base versions of the 2 changed files stay: the digest reads them (diff, symbol diffs, review) from the cache.
    // The base tree's call graph goes: the PR's tree is another (its own graph is saved).
    expect(cacheLine(first)).toBe('Cache: 5 of 7 files reused, 2 analysed, 2 saved, call graph saved, 1 stale entries dropped.');
    expect(first.stdout).toMatch(new RegExp(`^Cache: saved repodigest-[0-9a-f]{16}-[0-9a-f]{8}-${headSha}\\.$`, 'm'));
    expect(gh.cacheEntries).toHaveLength(2);
    expect(first.stdout).not.toContain('::warning::');
  }, 300_000);

  it('the next run of the PR restores its own cache exactly, reuses every file and gives the same digest', async () => {
    const again = await prRun();
    expectOk(again);
    expect(again.stdout).toMatch(new RegExp(`^Cache hit for: repodigest-[0-9a-f]{16}-[0-9a-f]{8}-${headSha}$`, 'm'));
    expect(cacheLine(again)).toBe('Cache: 7 of 7 files reused, 0 analysed, 0 saved, call graph reused.');
    expect(again.stdout).toContain('was restored exactly; not saved again.');
    expect(digestOf(again)).toBe(digestOf(first));
    expect(again.outputs['total-tokens']).toBe(first.outputs['total-tokens']);
  }, 300_000);

  it('with the cache off, the digest is the same', async () => {
    expect(await uncachedDigest()).toBe(digestOf(first));
  }, 300_000);

  it('a corrupted entry in the restored cache is reported in one warning line and ignored; the digest is the same', async () => {
    const saved = gh.cacheEntries.find((e) => e.key.endsWith(headSha))!;
    corruptOneEntry(saved);
    const run = await prRun();
    expectOk(run);
    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^::warning::Cache: cache entry for pkg\/\w+\.py ignored: checksum mismatch; extracted again$/);
    expect(cacheLine(run)).toBe('Cache: 6 of 7 files reused, 1 analysed, 1 saved, call graph reused.');
    expect(digestOf(run)).toBe(digestOf(first));
  }, 300_000);

  it('a cache service failure is a warning: the run succeeds and the digest is the same', async () => {
    gh.failCache = 503;
    try {
      const run = await prRun();
      expectOk(run);
      expect(run.stdout).toMatch(/^::warning::Failed to restore: /m);
      expect(run.stdout).not.toContain('::error::');
      expect(cacheLine(run)).toBe('Cache: 0 of 7 files reused, 7 analysed, 7 saved, call graph saved.');
      expect(digestOf(run)).toBe(await uncachedDigest());
    } finally {
      gh.failCache = undefined;
    }
  }, 300_000);
});
