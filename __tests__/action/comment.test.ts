// The sticky comment against the fake GitHub (real Octokit over real HTTP, every request checked
// against GitHub's OpenAPI description).
import { getOctokit } from '@actions/github';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stickyMarker, upsertStickyComment } from '../../src/action/comment.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';

const target = { owner: 'octo-org', repo: 'demo', issueNumber: 7 };
let gh: FakeGitHub;
let octokit: ReturnType<typeof getOctokit>;

beforeEach(async () => {
  gh = await new FakeGitHub({ owner: 'octo-org', repo: 'demo', token: 'ghs_test', runtimeToken: fakeRuntimeToken('r', 'j') }).start();
  octokit = getOctokit('ghs_test', { baseUrl: gh.url });
});

afterEach(async () => {
  await gh.close();
  expect(gh.violations).toEqual([]);
});

const writes = (): string[] => gh.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe('upsertStickyComment', () => {
  it('creates the comment once, then updates it in place, and skips an unchanged body', async () => {
    const marker = stickyMarker('');
    expect(marker).toBe('<!-- repodigest:default -->');
    const first = await upsertStickyComment(octokit, target, marker, `${marker}\nfirst`);
    expect(first.status).toBe('created');
    const second = await upsertStickyComment(octokit, target, marker, `${marker}\nsecond`);
    expect(second).toMatchObject({ status: 'updated', id: (first as { id: number }).id });
    const third = await upsertStickyComment(octokit, target, marker, `${marker}\nsecond`);
    expect(third.status).toBe('unchanged');
    expect(gh.commentsOn(7).map((c) => c.body)).toEqual([`${marker}\nsecond`]);
    expect(writes()).toEqual(['POST /repos/octo-org/demo/issues/7/comments', `PATCH /repos/octo-org/demo/issues/comments/${(first as { id: number }).id}`]);
    expect(gh.requests.filter((r) => r.method === 'GET').every((r) => r.query['per_page'] === '100')).toBe(true);
  });

  it('finds its comment on a later page', async () => {
    for (let i = 0; i < 150; i++) gh.seedComment(7, `chatter ${i}`, 'someone', 'User');
    const marker = stickyMarker('');
    const mine = gh.seedComment(7, `${marker}\nold`);
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nnew`);
    expect(result).toMatchObject({ status: 'updated', id: mine.id });
    expect(gh.requests.filter((r) => r.method === 'GET').map((r) => r.query['page'] ?? '1')).toEqual(['1', '2']);
    expect(gh.commentsOn(7)).toHaveLength(151);
  });

  it('never edits a marker comment written by a person; keys keep comments apart', async () => {
    const marker = stickyMarker('');
    const planted = gh.seedComment(7, `${marker}\n@everyone look`, 'mallory', 'User');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\ndigest`);
    expect(result.status).toBe('created');
    expect(planted.body).toBe(`${marker}\n@everyone look`);
    // GET /user was asked (a non-bot marker comment existed) and refused, as for GITHUB_TOKEN.
    expect(gh.requests.some((r) => r.path === '/user' && r.status === 403)).toBe(true);

    const other = stickyMarker('docs');
    expect(other).toBe('<!-- repodigest:docs -->');
    expect((await upsertStickyComment(octokit, target, other, `${other}\nx`)).status).toBe('created');
    expect((await upsertStickyComment(octokit, target, marker, `${marker}\ndigest 2`)).status).toBe('updated');
    expect(gh.commentsOn(7)).toHaveLength(3);
  });

  it('with a personal token, matches comments by the token user', async () => {
    gh.tokenUser = 'alice';
    const marker = stickyMarker('');
    const hers = gh.seedComment(7, `${marker}\nold`, 'alice', 'User');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nnew`);
    expect(result).toMatchObject({ status: 'updated', id: hers.id });
  });

  it('reports a 403 on create (read-only token on a fork PR) instead of throwing', async () => {
    gh.failCreateComment = 403;
    const marker = stickyMarker('');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nbody`);
    expect(result.status).toBe('forbidden');
    expect((result as { message: string }).message).toMatch(/not accessible/);
    expect(gh.commentsOn(7)).toHaveLength(0);
  });

  it('throws on other failures (wrong repository -> 404)', async () => {
    const marker = stickyMarker('');
    await expect(upsertStickyComment(octokit, { ...target, repo: 'elsewhere' }, marker, `${marker}\nb`)).rejects.toThrow(/Not Found/);
  });

  it('refuses a body that does not start with its marker', async () => {
    await expect(upsertStickyComment(octokit, target, stickyMarker(''), 'no marker')).rejects.toThrow(/marker/);
  });
});
