// The header says that credentials were replaced only when the document shows one: a redaction line
// over code that holds none reads as if something in view was hidden.
import { afterAll, expect, it } from 'vitest';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

const CONFIG = 'DSN = "postgres://admin:s3cr3tP4ssw0rd@db.internal.corp:5432/app"\n';

async function digest(budget: number, format: 'markdown' | 'xml' = 'markdown'): Promise<string> {
  const repo = makeRepo();
  const work = Array.from({ length: 12 }, (_, i) => `def step_${i}(x):\n    """Step ${i} of the pipeline, kept long enough to cost tokens."""\n    return x + ${i}\n`).join('\n\n');
  repo.write({ 'app/__init__.py': '', 'app/config.py': CONFIG, 'app/work.py': work });
  repo.commit('base');
  repo.write({ 'app/config.py': `${CONFIG}TIMEOUT = 5\n`, 'app/work.py': work.replace(/return x \+ /g, 'return x * ') });
  repo.commit('head');
  const run = await preparePrPacks({ repoDir: repo.dir, base: 'HEAD~1', head: 'HEAD', fullIndex: true }, [withPackDefaults({ budget, format })]);
  return run.results[0]!.content;
}

it('says what was redacted, in plain words, when the redacted code is shown', async () => {
  const text = await digest(6000);
  expect(text).toContain('DSN = "postgres://admin:<redacted: url-password>@db.internal.corp:5432/app"');
  expect(text).toContain('> Redacted: 1 secret in the analysed code replaced by `<redacted: KIND>` (url-password 1).');
  expect(text).not.toContain('s3cr3tP4ssw0rd');
  const xml = await digest(6000, 'xml');
  expect(xml).toContain('<note>Redacted: 1 secret in the analysed code replaced by &lt;redacted: KIND&gt; (url-password 1).</note>');
});

it('says nothing of it when no redacted code is in the document', async () => {
  const text = await digest(700);
  expect(text).not.toContain('<redacted: url-password>');
  expect(text).not.toMatch(/Redacted/);
  expect(text).not.toContain('s3cr3tP4ssw0rd');
});
