// The artifact upload with our artifact service client against the fake artifact service and blob
// store (modelled on what @actions/artifact sends): the bytes that arrive, unzipped, are the files we wrote.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactSkipReason, uploadDigestArtifact } from '../../src/action/artifact.js';
import { FakeGitHub, fakeRuntimeToken } from '../support/fakeGitHub.js';
import { readZip } from '../support/zip.js';

const runtimeToken = fakeRuntimeToken('run-backend-1', 'job-backend-1');
let gh: FakeGitHub;
const saved = { ...process.env };

beforeAll(async () => {
  gh = await new FakeGitHub({ owner: 'o', repo: 'r', token: 't', runtimeToken }).start();
});

afterAll(async () => {
  process.env = saved;
  await gh.close();
});

describe('artifactSkipReason', () => {
  it('skips on GHES and without runner credentials, not on github.com or ghe.com', () => {
    const creds = { ACTIONS_RUNTIME_TOKEN: 'x', ACTIONS_RESULTS_URL: 'https://results' };
    expect(artifactSkipReason({ ...creds, GITHUB_SERVER_URL: 'https://github.com' })).toBeUndefined();
    expect(artifactSkipReason({ ...creds, GITHUB_SERVER_URL: 'https://acme.ghe.com' })).toBeUndefined();
    expect(artifactSkipReason({ ...creds })).toBeUndefined();
    expect(artifactSkipReason({ ...creds, GITHUB_SERVER_URL: 'https://git.acme.internal' })).toMatch(/Enterprise Server \(git\.acme\.internal\)/);
    expect(artifactSkipReason({ GITHUB_SERVER_URL: 'https://github.com' })).toMatch(/ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL not set/);
  });
});

describe('uploadDigestArtifact', () => {
  it('uploads the markdown and json digest; the service receives exactly those bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repodigest-artifact-'));
    const markdown = '# Digest\n\n```python\ndef f():\n    return "ü"\n```\n'.repeat(500);
    const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: `m.f${i}` })) });
    writeFileSync(join(dir, 'digest.md'), markdown);
    writeFileSync(join(dir, 'digest.json'), json);
    Object.assign(process.env, {
      ACTIONS_RUNTIME_TOKEN: runtimeToken,
      ACTIONS_RESULTS_URL: `${gh.url}/`,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_WORKSPACE: dir,
    });
    const result = await uploadDigestArtifact('repodigest', [join(dir, 'digest.md'), join(dir, 'digest.json')]);
    expect(result.status).toBe('uploaded');
    const stored = gh.artifacts.find((a) => a.id === (result as { id: number }).id)!;
    expect(stored).toMatchObject({ name: 'repodigest', finalized: true, runBackendId: 'run-backend-1', jobBackendId: 'job-backend-1' });
    const files = readZip(stored.bytes!);
    expect([...files.keys()].sort()).toEqual(['digest.json', 'digest.md']);
    expect(files.get('digest.md')!.toString('utf8')).toBe(markdown);
    expect(files.get('digest.json')!.toString('utf8')).toBe(json);
    expect(gh.requests.map((r) => `${r.method} ${r.path.replace(/\/blob\/.*/, '/blob/…')} ${r.query['comp'] ?? ''}`.trim())).toEqual([
      'POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact',
      'PUT /blob/… block',
      'PUT /blob/… blocklist',
      'POST /twirp/github.actions.results.api.v1.ArtifactService/FinalizeArtifact',
    ]);
    expect(gh.violations).toEqual([]);
  });

  it('names the fix when the artifact name is already taken in the run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'repodigest-artifact-'));
    writeFileSync(join(dir, 'digest.md'), '# again\n');
    await expect(uploadDigestArtifact('repodigest', [join(dir, 'digest.md')])).rejects.toThrow(
      /^Uploading artifact 'repodigest' failed: .*409.*Each RepoDigest step of a workflow run needs its own 'artifact-name'/,
    );
    expect(gh.violations.splice(0)).toEqual([]);
  });

  it('skips without calling the service on GHES', async () => {
    const before = gh.requests.length;
    const result = await uploadDigestArtifact('repodigest', ['/tmp/x.md'], {
      env: { ACTIONS_RUNTIME_TOKEN: runtimeToken, ACTIONS_RESULTS_URL: gh.url, GITHUB_SERVER_URL: 'https://ghes.example' },
      upload: () => Promise.reject(new Error('must not upload')),
    });
    expect(result).toEqual({ status: 'skipped', reason: expect.stringMatching(/Enterprise Server/) as unknown as string });
    expect(gh.requests.length).toBe(before);
  });
});
