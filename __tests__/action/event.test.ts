import { mkdtempSync, readFileSync as readFileSyncNode, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvent } from '../../src/action/event.js';
import { digestRequest } from '../../src/action/runDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { pullRequestEvent, workflowDispatchEvent } from '../support/events.js';

const ref = { owner: 'octo-org', repo: 'demo' };
const dir = mkdtempSync(join(tmpdir(), 'repodigest-event-'));
const readFileSync = (p: string): string => readFileSyncNode(p, 'utf8');

function eventFrom(name: string, payload: unknown) {
  const path = join(dir, `${name}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, JSON.stringify(payload));
  return readEvent({ env: { GITHUB_EVENT_NAME: name, GITHUB_EVENT_PATH: path, GITHUB_REPOSITORY: 'env-owner/env-repo' }, readFile: (p) => readFileSync(p) });
}

describe('readEvent', () => {
  it('reads a pull_request payload', () => {
    const event = eventFrom('pull_request', pullRequestEvent(ref, { number: 12, title: 'Tidy', baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), action: 'synchronize' }));
    expect(event).toEqual({
      kind: 'pull_request',
      name: 'pull_request',
      prNumber: 12,
      title: 'Tidy',
      baseSha: 'a'.repeat(40),
      headSha: 'b'.repeat(40),
      owner: 'octo-org',
      repo: 'demo',
      isFork: false,
      changedFiles: expect.any(Number) as unknown as number,
    });
  });

  it('marks a fork PR and treats pull_request_target alike', () => {
    const payload = pullRequestEvent(ref, { number: 3, title: 't', baseSha: 'a', headSha: 'b', fork: true });
    expect(eventFrom('pull_request', payload).isFork).toBe(true);
    expect(eventFrom('pull_request_target', payload)).toMatchObject({ kind: 'pull_request', prNumber: 3, isFork: true });
  });

  it('reads workflow_dispatch and other events; no payload falls back to GITHUB_REPOSITORY', () => {
    expect(eventFrom('workflow_dispatch', workflowDispatchEvent(ref, { query: 'x' }))).toMatchObject({ kind: 'workflow_dispatch', prNumber: undefined, owner: 'octo-org', repo: 'demo' });
    expect(readEvent({ env: { GITHUB_EVENT_NAME: 'push', GITHUB_REPOSITORY: 'a/b' }, readFile: readFileSync })).toMatchObject({ kind: 'other', owner: 'a', repo: 'b' });
    expect(eventFrom('workflow_run', { workflow_run: { head_sha: 'c', pull_requests: [{ number: 9 }] }, repository: { name: 'demo', owner: { login: 'octo-org' } } })).toMatchObject({
      kind: 'other',
      prNumber: 9,
    });
  });

  it('fails with the path when the payload is not JSON', () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{');
    expect(() => readEvent({ env: { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: path }, readFile: readFileSync })).toThrow(/GITHUB_EVENT_PATH '.*broken\.json'/);
  });
});

describe('digestRequest', () => {
  const settings = (inputs: Record<string, string>) => readSettings({ getInput: (n) => inputs[n] ?? '', workspace: '/w' });
  const pr = eventFrom('pull_request', pullRequestEvent(ref, { number: 12, title: 'T', baseSha: 'base1', headSha: 'head1' }));
  const dispatch = eventFrom('workflow_dispatch', workflowDispatchEvent(ref));

  it('digests the PR range from the payload, inputs overriding', () => {
    expect(digestRequest(settings({}), pr)).toMatchObject({ kind: 'pr', base: 'base1', head: 'head1', prNumber: 12, title: 'T' });
    expect(digestRequest(settings({ base: 'main', 'pr-number': '5' }), pr)).toMatchObject({ base: 'main', head: 'head1', prNumber: 5 });
  });

  it('prefers entry, then query; a dispatch without either needs base', () => {
    expect(digestRequest(settings({ query: 'q', entry: 'm.f' }), dispatch)).toEqual({ kind: 'entry', entry: 'm.f' });
    expect(digestRequest(settings({ query: 'q' }), dispatch)).toEqual({ kind: 'query', query: 'q' });
    expect(digestRequest(settings({ base: 'v1' }), dispatch)).toMatchObject({ kind: 'pr', base: 'v1', head: 'HEAD' });
    expect(() => digestRequest(settings({}), dispatch)).toThrow("Nothing to digest for a 'workflow_dispatch' event: set the 'query' or 'entry' input, or 'base'");
  });
});
