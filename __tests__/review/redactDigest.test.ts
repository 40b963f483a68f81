// Redaction through the whole PR digest on a real git repository: the index, the diffs read from git
// (added and deleted lines), every format; the header and JSON count what was replaced.
import { describe, expect, it } from 'vitest';
import { prDigest } from '../../src/pr/digest.js';
import { GitRepo } from '../support/gitRepo.js';

const OLD_KEY = ['AKIA', 'QX7TZ4MPLW2KRN5B'].join('');
const NEW_KEY = ['AKIA', '2OGYBAH6T4MXQKPL'].join('');
const GITHUB = ['ghp_', 'wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx'].join('');

describe('redaction in the PR digest', () => {
  it('keeps every credential out of markdown, XML and JSON, deleted lines included', async () => {
    const repo = new GitRepo();
    const base = repo.commit('base', {
      'app/__init__.py': '',
      'app/cloud.py': `OLD_ID = "${OLD_KEY}"\n\n\ndef client():\n    return OLD_ID\n`,
    });
    repo.commit('rotate', { 'app/cloud.py': `NEW_ID = "${NEW_KEY}"\n\n\ndef client(token="${GITHUB}"):\n    return NEW_ID\n` });
    for (const format of ['markdown', 'xml', 'json'] as const) {
      const digest = await prDigest({ repoDir: repo.dir, base, head: 'HEAD', pack: { budget: 4000, encoding: 'o200k_base', format, signaturesOnly: false, resolution: 'all' } });
      const text = digest.result.content;
      for (const secret of [OLD_KEY, NEW_KEY, GITHUB]) expect(text).not.toContain(secret);
      expect(text).toContain('<redacted: aws-access-key>');
      expect(text).toContain('<redacted: github-token>');
      if (format === 'json') {
        expect(JSON.parse(text).redactions).toEqual([
          { kind: 'aws-access-key', count: 2 },
          { kind: 'github-token', count: 1 },
        ]);
      }
    }
    const kept = await prDigest({ repoDir: repo.dir, base, head: 'HEAD', index: { redact: false }, pack: { budget: 4000, encoding: 'o200k_base', format: 'markdown', signaturesOnly: false, resolution: 'all' } });
    expect(kept.result.content).toContain(NEW_KEY);
  });

  it('keeps a credential in a file name out of the XML review elements and the JSON metadata', async () => {
    const repo = new GitRepo();
    const file = `app/m_${GITHUB}.py`;
    const base = repo.commit('base', { 'app/__init__.py': '', [file]: 'def f():\n    return 1\n', 'app/use.py': `from app.m_${GITHUB} import f\n\n\ndef g():\n    return f()\n` });
    repo.commit('edit', { [file]: 'def f():\n    return 2\n' });
    for (const format of ['xml', 'json'] as const) {
      const digest = await prDigest({ repoDir: repo.dir, base, head: 'HEAD', pack: { budget: 4000, encoding: 'o200k_base', format, signaturesOnly: false, resolution: 'all' } });
      const text = digest.result.content;
      expect(text, format).not.toContain(GITHUB);
      expect(text, format).toContain('[redacted: github-token]');
      if (format === 'json') expect((JSON.parse(text) as { changed: { file: string }[] }).changed[0]!.file).toBe('app/m_[redacted: github-token].py');
    }
  });
});
