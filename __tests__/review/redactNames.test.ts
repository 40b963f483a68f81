// Credentials in names (file paths, symbol ids, test node ids, the PR title) never reach an output:
// a real git repository whose files are named by tokens, digested through the CLI (every command and
// format, stdout, stderr and the files it writes) and through the Action's producer (document,
// markdown for comment and summary, JSON, viewer, the `tests` output, the early rows of a cut-short run).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { produceDigest } from '../../src/action/pipelineDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { runCli } from '../../src/cli/main.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { nameSecrets, redactNames } from '../../src/review/redactNames.js';
import { GitRepo } from '../support/gitRepo.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const GITHUB_TOKEN = 'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const AWS_KEY_ID = 'AKIAQWERTYUIOPASDFG7';
const TITLE_TOKEN = 'ghp_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8';
const SECRETS = [GITHUB_TOKEN, AWS_KEY_ID, TITLE_TOKEN];

function leaks(text: string): string[] {
  return SECRETS.filter((s) => text.includes(s));
}

function project(): { repo: GitRepo; base: string } {
  const repo = new GitRepo();
  const v1 = {
    'app/__init__.py': '',
    [`app/${GITHUB_TOKEN}.py`]: 'def helper(x):\n    return x + 1\n',
    [`app/k_${AWS_KEY_ID}.py`]: 'def other(y):\n    return y * 2\n',
    'app/main.py': `from app.${GITHUB_TOKEN} import helper\nfrom app.k_${AWS_KEY_ID} import other\n\n\ndef run(v):\n    return helper(v) + other(v)\n`,
    [`tests/test_${GITHUB_TOKEN}.py`]: `from app.${GITHUB_TOKEN} import helper\n\n\ndef test_helper():\n    assert helper(1) == 2\n`,
  };
  const base = repo.commit('base', v1);
  repo.commit('change', {
    [`app/${GITHUB_TOKEN}.py`]: 'def helper(x, step=1):\n    return x + step\n',
    [`app/k_${AWS_KEY_ID}.py`]: 'def other(y):\n    return y * 3\n',
    [`docs/${AWS_KEY_ID}.txt`]: 'notes\n',
  });
  return { repo, base };
}

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) });
  return { code, out, err };
}

describe('secrets in names', () => {
  it('finds provider tokens and AWS key ids inside file names, ids and titles', async () => {
    const table = await nameSecrets([`app/${GITHUB_TOKEN}.py`, `pkg.k_${AWS_KEY_ID}.f`, `Fix ${TITLE_TOKEN} leak`]);
    expect([...table.keys()].sort()).toEqual([...SECRETS].sort());
    const text = redactNames(`app/k_${AWS_KEY_ID}.py and ${GITHUB_TOKEN}`, table);
    expect(text).toBe('app/k_[redacted: aws-access-key].py and [redacted: github-token]');
  });

  it('finds the same values, in the same order, in a tree of tens of thousands of names', async () => {
    // Names are read a few thousand at a time: values at both ends and across the cut points are all found.
    const names = Array.from({ length: 12_001 }, (_, i) => `pkg.mod_${i}.f`);
    names[0] = `app/${GITHUB_TOKEN}.py`;
    names[4_999] = `pkg.k_${AWS_KEY_ID}.f`;
    names[5_000] = 'Fix https://user:s3cr3tP4ss@db.internal/x';
    names[12_000] = `Fix ${TITLE_TOKEN} leak`;
    const table = await nameSecrets(names);
    // secretlint's provider rules first, then the project's own (an AWS key id inside an identifier, URL passwords).
    expect([...table]).toEqual([
      [GITHUB_TOKEN, 'github-token'],
      [TITLE_TOKEN, 'github-token'],
      [AWS_KEY_ID, 'aws-access-key'],
      ['s3cr3tP4ss', 'url-password'],
    ]);
  });

  it('never replace a short value everywhere (a one-letter URL password in a title)', async () => {
    const table = await nameSecrets(['Fix http://e.x:a@b.co/r', 'app/main.py']);
    expect([...table.keys()]).toEqual([]);
    expect(redactNames('a cat and a hat', table)).toBe('a cat and a hat');
    const long = await nameSecrets(['Fix https://user:s3cr3tP4ss@db.internal/x']);
    expect([...long]).toEqual([['s3cr3tP4ss', 'url-password']]);
  });

  it('are replaced in every CLI output: pr in each format, its viewer, graph, search and pack', async () => {
    const { repo, base } = project();
    const dir = repo.dir;
    const outputs: string[] = [];
    for (const format of ['markdown', 'json', 'xml']) {
      const file = join(dir, `..`, `digest-${format}-${Date.now()}.out`);
      const run = await cli(['pr', dir, '--base', base, '--title', `Fix ${TITLE_TOKEN}`, '--format', format, '--budget', '6000', '--output', file, '--html', `${file}.html`, '--no-cache']);
      expect(run.code, run.err).toBe(0);
      outputs.push(run.out, run.err, readFileSync(file, 'utf8'), readFileSync(`${file}.html`, 'utf8'));
      if (format === 'markdown') expect(readFileSync(file, 'utf8')).toContain('[redacted: github-token]');
    }
    for (const args of [
      ['graph', dir, '--no-cache'],
      ['graph', dir, '--format', 'json', '--no-cache'],
      ['graph', dir, '--callers', `app.${GITHUB_TOKEN}.helper`, '--no-cache'],
      ['search', dir, '--query', 'helper', '--no-cache'],
      ['search', dir, '--query', 'helper', '--format', 'json', '--no-cache'],
      ['pack', dir, '--entry', 'app.main.run', '--format', 'xml', '--no-cache'],
    ]) {
      const run = await cli(args);
      expect(run.code, `${args.join(' ')}: ${run.err}`).toBe(0);
      outputs.push(run.out, run.err);
    }
    expect(outputs.flatMap(leaks)).toEqual([]);
    expect(outputs.join('\n')).toContain('[redacted: aws-access-key]');
  });

  it("are replaced in every Action output: document, comment, summary, JSON, viewer, tests and the early rows", async () => {
    const { repo, base } = project();
    const head = repo.git('rev-parse', 'HEAD');
    const inputs: Record<string, string> = { format: 'xml', budget: '6000', viewer: 'true', artifact: 'true', cache: 'false' };
    const settings = readSettings({ getInput: (name) => (name === 'path' ? repo.dir : (inputs[name] ?? '')), workspace: '/unused' });
    let early = '';
    const product = await produceDigest(settings, { kind: 'pr', base, head, prNumber: 7, title: `Fix ${TITLE_TOKEN}`, changedFiles: undefined }, { onChanged: (rows) => void (early = JSON.stringify(rows)) });
    const comment = buildCommentBody(product.markdown, { marker: '<!-- m -->', maxLength: 65536, fullDigestHint: '', trailer: '' }).body;
    const texts = [product.document, product.markdown, product.json ?? '', product.viewerHtml ?? '', ...product.tests, ...product.warnings, comment, early];
    expect(texts.flatMap(leaks)).toEqual([]);
    expect(early).toContain('[redacted: github-token]');
    expect(product.viewerHtml).toContain('[redacted: github-token]');
    // XML stays well-formed: the placeholder holds no markup character.
    expect(product.document.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')).not.toMatch(/<redacted/);
  });
});
