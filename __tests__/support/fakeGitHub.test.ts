// The fake's OpenAPI checks must be able to fail: requests GitHub would reject and responses GitHub
// would never send are caught.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub, fakeRuntimeToken } from './fakeGitHub.js';
import { OpenApi } from './openapi.js';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await new FakeGitHub({ owner: 'o', repo: 'r', token: 'tok', runtimeToken: fakeRuntimeToken('a', 'b') }).start();
});
afterAll(() => gh.close());

const call = (method: string, path: string, body?: unknown, token = 'tok') =>
  fetch(`${gh.url}${path}`, {
    method,
    headers: { authorization: `token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('OpenApi', () => {
  const api = OpenApi.load();

  it('matches the most specific path template', () => {
    expect(api.match('PATCH', '/repos/o/r/issues/comments/5')?.operation.operationId).toBe('issues/update-comment');
    expect(api.match('GET', '/repos/o/r/issues/comments')?.operation.operationId).toBe('issues/list-comments-for-repo');
    expect(api.match('GET', '/repos/o/r/issues/5/comments')?.operation.operationId).toBe('issues/list-comments');
  });

  it('flags bad requests', () => {
    expect(api.checkRequest('GET', new URL('http://x/repos/o/r/issues/5/comments?perpage=100'), undefined)).toEqual([
      "GET /repos/o/r/issues/5/comments: unknown query parameter 'perpage' (issues/list-comments)",
    ]);
    expect(api.checkRequest('GET', new URL('http://x/repos/o/r/issues/5/comments?per_page=lots'), undefined)[0]).toMatch(/per_page.*expected an integer/);
    expect(api.checkRequest('POST', new URL('http://x/repos/o/r/issues/5/comments'), undefined)[0]).toMatch(/request body required/);
    expect(api.checkRequest('POST', new URL('http://x/repos/o/r/issues/5/comments'), { text: 'x' })[0]).toMatch(/required property 'body' missing/);
    expect(api.checkRequest('POST', new URL('http://x/repos/o/r/issues/x/comments'), { body: 'x' })[0]).toMatch(/issue_number.*expected an integer/);
    expect(api.checkRequest('DELETE', new URL('http://x/nope'), undefined)[0]).toMatch(/no such operation/);
  });

  it('flags responses off the schema', () => {
    expect(api.checkResponse('PATCH', '/repos/o/r/issues/comments/5', 403, { message: 'x' })[0]).toMatch(/status not documented/);
    const errors = api.checkResponse('POST', '/repos/o/r/issues/5/comments', 201, { id: 1, body: 'x', user: null });
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringMatching(/required property 'node_id' missing/), expect.stringMatching(/required property 'html_url' missing/)]),
    );
    expect(api.checkResponse('GET', '/repos/o/r/pulls/1/files', 200, [{ filename: 'a', status: 'moved' }]).join('\n')).toMatch(/"moved" is not one of/);
  });
});

describe('FakeGitHub', () => {
  it('answers a request GitHub would refuse with 400 and records the violation', async () => {
    const response = await call('POST', '/repos/o/r/issues/1/comments', { text: 'no body field' });
    expect(response.status).toBe(400);
    expect(gh.violations.splice(0)).toEqual([expect.stringMatching(/required property 'body' missing/)]);
  });

  it('requires the token', async () => {
    expect((await call('GET', '/repos/o/r/issues/1/comments', undefined, 'wrong')).status).toBe(401);
  });

  it('pages with Link headers and serves valid diff entries', async () => {
    gh.setPullFiles(
      4,
      Array.from({ length: 5 }, (_, i) => ({ filename: `f${i}.py`, status: 'modified' as const, additions: 1, deletions: 1, patch: '@@ -1 +1 @@\n-a\n+b' })),
    );
    const first = await call('GET', '/repos/o/r/pulls/4/files?per_page=2');
    expect(first.headers.get('link')).toMatch(/per_page=2&page=2>; rel="next"/);
    expect(((await first.json()) as { filename: string }[]).map((f) => f.filename)).toEqual(['f0.py', 'f1.py']);
    const last = await call('GET', '/repos/o/r/pulls/4/files?per_page=2&page=3');
    expect(last.headers.get('link')).not.toMatch(/rel="next"/);
    expect(gh.violations).toEqual([]);
  });
});
