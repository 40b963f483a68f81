// The sticky comment against the fake GitHub (real Octokit over real HTTP, every request checked
// against GitHub's OpenAPI description).
import { getOctokit } from '@actions/github';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runKeyLine, stickyMarker, upsertStickyComment } from '../../src/action/comment.js';
import { tokenLogin } from '../../src/action/tokenIdentity.js';
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

const writes = (): string[] => gh.requests.filter((r) => r.method !== 'GET' && r.path !== '/graphql').map((r) => `${r.method} ${r.path}`);
const lists = () => gh.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/issues/7/comments'));

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
    expect(lists().every((r) => r.query['per_page'] === '100')).toBe(true);
  });

  it('finds its comment on a later page', async () => {
    for (let i = 0; i < 150; i++) gh.seedComment(7, `chatter ${i}`, 'someone', 'User');
    const marker = stickyMarker('');
    const mine = gh.seedComment(7, `${marker}\nold`);
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nnew`);
    expect(result).toMatchObject({ status: 'updated', id: mine.id });
    expect(lists().map((r) => r.query['page'] ?? '1')).toEqual(['1', '2']);
    expect(gh.commentsOn(7)).toHaveLength(151);
  });

  it('never edits a marker comment written by a person; keys keep comments apart', async () => {
    const marker = stickyMarker('');
    const planted = gh.seedComment(7, `${marker}\n@everyone look`, 'mallory', 'User');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\ndigest`);
    expect(result.status).toBe('created');
    expect(planted.body).toBe(`${marker}\n@everyone look`);
    // The token's identity was asked (a marker comment existed): GraphQL viewer, the bot.
    expect(gh.requests.filter((r) => r.path === '/graphql').map((r) => r.response)).toEqual([{ data: { viewer: { login: 'github-actions[bot]' } } }]);

    const other = stickyMarker('docs');
    expect(other).toBe('<!-- repodigest:docs -->');
    expect((await upsertStickyComment(octokit, target, other, `${other}\nx`)).status).toBe('created');
    expect((await upsertStickyComment(octokit, target, marker, `${marker}\ndigest 2`)).status).toBe('updated');
    expect(gh.commentsOn(7)).toHaveLength(3);
  });

  it("never edits another bot's marker comment (issue 9, defect 4)", async () => {
    const marker = stickyMarker('');
    const planted = gh.seedComment(7, `${marker}\nfrom another app`, 'other-app[bot]', 'Bot');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\ndigest`);
    expect(result.status).toBe('created');
    expect(planted.body).toBe(`${marker}\nfrom another app`);
    expect(gh.commentsOn(7).map((c) => c.login)).toEqual(['other-app[bot]', 'github-actions[bot]']);
    // The next run edits its own comment, not the other app's.
    expect(await upsertStickyComment(octokit, target, marker, `${marker}\ndigest 2`)).toMatchObject({ status: 'updated', id: gh.commentsOn(7)[1]!.id });
    expect(planted.body).toBe(`${marker}\nfrom another app`);
  });

  it('an app installation token owns the comments of its own bot', async () => {
    const app = await new FakeGitHub({ owner: 'octo-org', repo: 'demo', token: 'ghs_app', runtimeToken: fakeRuntimeToken('r', 'j'), botLogin: 'my-app[bot]' }).start();
    try {
      const marker = stickyMarker('');
      app.seedComment(7, `${marker}\nby the default token`, 'github-actions[bot]', 'Bot');
      const own = app.seedComment(7, `${marker}\nold`, 'my-app[bot]', 'Bot');
      const result = await upsertStickyComment(getOctokit('ghs_app', { baseUrl: app.url }), target, marker, `${marker}\nnew`);
      expect(result).toMatchObject({ status: 'updated', id: own.id });
      expect(app.violations).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('token identity: GraphQL viewer, else GET /user, else github-actions[bot]', async () => {
    expect(await tokenLogin(octokit)).toBe('github-actions[bot]');
    gh.viewerLogin = null; // GraphQL refused
    gh.tokenUser = 'alice';
    expect(await tokenLogin(octokit)).toBe('alice');
    gh.tokenUser = undefined; // GET /user refused too (403, as for an installation token)
    expect(await tokenLogin(octokit)).toBe('github-actions[bot]');
    expect(gh.requests.map((r) => `${r.path} ${r.status}`)).toEqual(['/graphql 200', '/graphql 200', '/user 200', '/graphql 200', '/user 403']);
  });

  it('with a personal token, matches comments by the token user', async () => {
    gh.tokenUser = 'alice';
    const marker = stickyMarker('');
    const hers = gh.seedComment(7, `${marker}\nold`, 'alice', 'User');
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nnew`);
    expect(result).toMatchObject({ status: 'updated', id: hers.id });
  });

  it('two runs racing to create end with one comment holding the newer run\'s digest', async () => {
    const marker = stickyMarker('');
    const body = (run: number, text: string): string => `${marker}\n${runKeyLine({ id: run, attempt: 1 })}\n${text}`;
    for (const order of [[5, 6], [6, 5]] as const) {
      gh.comments.splice(0);
      gh.gate('issues/list-comments', 2); // both runs list before either creates
      const results = await Promise.all(order.map((run) => upsertStickyComment(octokit, target, marker, body(run, `digest of run ${run}`))));
      expect(gh.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/issues/7/comments')).length % 2).toBe(0); // both created
      expect(gh.commentsOn(7).map((c) => c.body)).toEqual([body(6, 'digest of run 6')]);
      // Both report the one comment left.
      expect(results.map((r) => (r.status === 'forbidden' ? 0 : r.id))).toEqual([gh.commentsOn(7)[0]!.id, gh.commentsOn(7)[0]!.id]);
    }
  });

  it('two runs racing to edit end with the newer digest; an older run never overwrites a newer one', async () => {
    const marker = stickyMarker('');
    const body = (run: number, text: string): string => `${marker}\n${runKeyLine({ id: run, attempt: 1 })}\n${text}`;
    const existing = gh.seedComment(7, body(4, 'old'));
    gh.gate('issues/list-comments', 2);
    gh.gate('issues/update-comment', 2); // both edits land; the older one last
    await Promise.all([upsertStickyComment(octokit, target, marker, body(6, 'new')), upsertStickyComment(octokit, target, marker, body(5, 'older'))]);
    expect(gh.commentsOn(7).map((c) => [c.id, c.body])).toEqual([[existing.id, body(6, 'new')]]);
    // A late re-run of an older workflow run leaves it alone.
    const late = await upsertStickyComment(octokit, target, marker, body(5, 'older'));
    expect(late.status).toBe('superseded');
    expect(gh.commentsOn(7)[0]!.body).toBe(body(6, 'new'));
    // A re-run attempt of the newest run wins over its first attempt.
    const rerun = `${marker}\n${runKeyLine({ id: 6, attempt: 2 })}\nnew again`;
    expect((await upsertStickyComment(octokit, target, marker, rerun)).status).toBe('updated');
  });

  it('removes duplicates an earlier race left, keeping the oldest', async () => {
    const marker = stickyMarker('');
    const first = gh.seedComment(7, `${marker}\nA`);
    gh.seedComment(7, `${marker}\nB`);
    const result = await upsertStickyComment(octokit, target, marker, `${marker}\nC`);
    expect(result).toMatchObject({ status: 'updated', id: first.id, removedDuplicates: 1 });
    expect(gh.commentsOn(7).map((c) => c.body)).toEqual([`${marker}\nC`]);
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
