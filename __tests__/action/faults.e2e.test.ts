// GitHub API faults, end to end: the bundled action (dist/index.js from a bare copy, Node 24) against
// the loopback stand-in answering with the faults GitHub produces on a bad day. Each test says what
// the runner log, the PR and the outputs must show.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ActionRun, bareCopy, node24, runAction } from '../support/bareAction.js';
import { pullRequestEvent } from '../support/events.js';
import { type DiffEntryInput, FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { checkRequestsAndClose } from '../support/fakeGitHubHooks.js';
import { GitRepo } from '../support/gitRepo.js';

const OWNER = 'octo-org';
const REPO = 'shop';
const TOKEN = 'ghs_faultToken';

const BASE = {
  'pkg/__init__.py': '',
  'pkg/pricing.py': 'def net_price(amount):\n    return round(amount, 2)\n\n\ndef gross_price(amount):\n    return net_price(amount) * 1.2\n',
  'pkg/orders.py': 'from pkg.pricing import gross_price\n\n\ndef order_total(items):\n    return sum(gross_price(i) for i in items)\n',
};
const HEAD = { 'pkg/pricing.py': 'def net_price(amount):\n    return int(amount * 100 + 0.5) / 100\n\n\ndef gross_price(amount):\n    return net_price(amount) * 1.2\n' };

let gh: FakeGitHub;
let actionDir: string;
let repo: GitRepo;
let baseSha: string;
let headSha: string;
let runs = 0;

function env(): Record<string, string> {
  runs++;
  return gh.runnerEnv({ runId: `fault-run-${runs}`, jobId: `job-${runs}` });
}

function prRun(pr: number, inputs: Record<string, string> = {}, options: { head?: string; workspace?: string; changedFiles?: number } = {}): Promise<ActionRun> {
  return runAction({
    actionDir,
    workspace: options.workspace ?? repo.dir,
    eventName: 'pull_request',
    event: pullRequestEvent(
      { owner: OWNER, repo: REPO },
      { number: pr, title: 'Round prices', baseSha, headSha: options.head ?? headSha, ...(options.changedFiles !== undefined ? { changedFiles: options.changedFiles } : {}) },
    ),
    inputs: { 'github-token': TOKEN, ...inputs },
    env: env(),
  });
}

function expectOk(run: ActionRun): void {
  if (run.code !== 0) throw new Error(`action failed (${run.code}):\n${run.stdout}\n${run.stderr}`);
}

const statuses = (pathEnd: string, method = 'GET'): number[] => gh.requests.filter((r) => r.method === method && r.path.endsWith(pathEnd)).map((r) => r.status);

beforeAll(async () => {
  node24();
  actionDir = bareCopy(['index']);
  gh = await new FakeGitHub({ owner: OWNER, repo: REPO, token: TOKEN, runtimeToken: fakeRuntimeToken('fault-run-0', 'job-0') }).start();
  repo = new GitRepo();
  baseSha = repo.commit('base', BASE);
  headSha = repo.commit('round', HEAD);
});

checkRequestsAndClose(() => gh);

describe('GitHub API faults', () => {
  it('5xx answers are retried (1 s, 4 s) and the comment is posted once', async () => {
    gh.fail('issues/list-comments', { status: 502, message: 'Server Error' }, { status: 503, message: 'Service Unavailable' });
    gh.fail('issues/create-comment', { status: 500, message: 'Internal Server Error' });
    const run = await prRun(40);
    expectOk(run);
    expect(statuses('/issues/40/comments')).toEqual([502, 503, 200, 200]); // the last: the re-list after creating
    expect(statuses('/issues/40/comments', 'POST')).toEqual([500, 201]);
    expect(gh.commentsOn(40)).toHaveLength(1);
    expect(gh.commentsOn(40)[0]!.body).toContain('pkg.pricing.net_price');
  });

  it("a secondary rate limit waits GitHub's retry-after, then succeeds", async () => {
    gh.fail('issues/create-comment', {
      status: 403,
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      headers: { 'retry-after': '2' },
    });
    const run = await prRun(41);
    expectOk(run);
    expect(run.stdout).toMatch(/^GitHub secondary rate limit on POST \/repos\/octo-org\/shop\/issues\/41\/comments: retrying in 2 s\.$/m);
    const posts = gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues/41/comments'));
    expect(posts.map((r) => r.status)).toEqual([403, 201]);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(2000);
    expect(gh.commentsOn(41)).toHaveLength(1);
  });

  it('a request GitHub never answers is abandoned after 15 s and retried', async () => {
    gh.fail('issues/list-comments', 'hang');
    const run = await prRun(42);
    expectOk(run);
    const lists = gh.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/42/comments'));
    expect(lists[0]!.status).toBe(-1);
    expect(lists[1]!.status).toBe(200);
    expect(lists[1]!.at - lists[0]!.at).toBeGreaterThanOrEqual(15_000);
    expect(gh.commentsOn(42)).toHaveLength(1);
  }, 120_000);

  it('a PR of 3,200 files: 30 pages, the 3,000-file cap reported, the digest still posted', async () => {
    // No git checkout: the changed files can only come from the API.
    const plain = mkdtempSync(join(tmpdir(), 'repodigest-big-pr-'));
    for (const [path, text] of Object.entries({ ...BASE, ...HEAD })) {
      mkdirSync(dirname(join(plain, path)), { recursive: true });
      writeFileSync(join(plain, path), text);
    }
    const patch = repo.git('diff', baseSha, headSha, '--', 'pkg/pricing.py');
    const files: DiffEntryInput[] = [
      { filename: 'pkg/pricing.py', status: 'modified', additions: 1, deletions: 1, patch: patch.slice(patch.indexOf('@@')) },
      ...Array.from({ length: 3199 }, (_, i): DiffEntryInput => ({ filename: `zz/assets/file_${String(i).padStart(4, '0')}.txt`, status: 'added', additions: 1, patch: '@@ -0,0 +1 @@\n+x' })),
    ];
    gh.setPullFiles(43, files);
    const run = await prRun(43, {}, { workspace: plain, changedFiles: 3200 });
    expectOk(run);
    const pages = gh.requests.filter((r) => r.path.endsWith('/pulls/43/files')).map((r) => Number(r.query['page']));
    expect(pages).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(run.stdout).toMatch(/^::warning::The list of changes is incomplete: .*GitHub lists at most 3000 files of a pull request; files beyond that are not analysed/m);
    expect(gh.commentsOn(43)[0]!.body).toContain('### `net_price`');
  }, 120_000);

  it('a deleted head branch (head commit not in the checkout): the API answers, the digest is posted with a warning', async () => {
    const checkout = new GitRepo();
    checkout.commit('base', BASE); // the same tree as base; the head branch and its commit are gone
    gh.setPullFiles(44, [{ filename: 'pkg/pricing.py', status: 'modified', additions: 1, deletions: 1, patch: '@@ -1,2 +1,2 @@\n def net_price(amount):\n-    return round(amount, 2)\n+    return int(amount * 100 + 0.5) / 100' }]);
    const run = await prRun(44, {}, { workspace: checkout.dir, head: 'f'.repeat(40) });
    expectOk(run);
    expect(run.stdout).toMatch(/^::warning::The list of changes is incomplete: git could not answer/m);
    expect(gh.commentsOn(44)).toHaveLength(1);
    expect(gh.commentsOn(44)[0]!.body).toContain('pkg.pricing.net_price');
  }, 120_000);

  it('two runs racing on one sticky comment end with one comment holding the newer digest', async () => {
    const newer = repo.commit('newer push', { 'pkg/orders.py': `${BASE['pkg/orders.py']}\n\ndef newest_total(items):\n    return order_total(items) * 2\n` });
    gh.gate('issues/list-comments', 2); // both runs list the comments before either posts
    const older = prRun(45, { artifact: 'false' });
    const newest = prRun(45, { artifact: 'false' }, { head: newer });
    const [a, b] = await Promise.all([older, newest]);
    expectOk(a);
    expectOk(b);
    expect(Number(b.env['GITHUB_RUN_ID'])).toBeGreaterThan(Number(a.env['GITHUB_RUN_ID']));
    expect(statuses('/issues/45/comments', 'POST')).toEqual([201, 201]); // the race did happen
    const comments = gh.commentsOn(45);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(`<!-- repodigest-run:${b.env['GITHUB_RUN_ID']}.0 -->`);
    expect(comments[0]!.body).toContain('pkg.orders.newest_total');
  }, 180_000);

  it('an artifact upload failure is a warning: the digest is still in the comment, the summary and the outputs', async () => {
    gh.failCreateArtifact = { status: 403, code: 'permission_denied', msg: 'insufficient usage to create artifact' };
    try {
      const run = await prRun(46);
      expectOk(run);
      expect(run.stdout).toMatch(/^::warning::Uploading artifact 'repodigest' failed: Failed to CreateArtifact: Artifact storage quota has been hit.*The digest is still in the job summary, the comment and digest-path\./m);
      expect(run.outputs['artifact-id']).toBe('');
      expect(run.summary).toContain('pkg.pricing.net_price');
      const body = gh.commentsOn(46)[0]!.body;
      expect(body).toContain('pkg.pricing.net_price');
      expect(gh.artifacts.filter((a) => a.runBackendId === `fault-run-${runs}`)).toHaveLength(0);
    } finally {
      gh.failCreateArtifact = undefined;
    }
  });

  it('the time limit stops the analysis and still posts a comment saying so', async () => {
    const run = await prRun(47, { 'timeout-minutes': '0.001' });
    expectOk(run);
    expect(run.stdout).toMatch(/^::warning::Time limit: the analysis did not finish within 0\.001 minutes/m);
    const body = gh.commentsOn(47)[0]!.body;
    expect(body).toContain('**Time limit:** the analysis did not finish within 0.001 minutes (input `timeout-minutes`)');
    expect(run.summary).toContain('**Time limit:**');
    expect(run.outputs['packed-symbols']).toBe('0');
  });
});
