// PR text that is markdown: a file name or a signature default holding backtick runs, a link, an issue
// reference and a `www.` address. It is shown inside code spans in the digest, and stays inside them in
// the comment and the job summary (the neutraliser inserts U+200B but never touches a span's
// delimiter), so GitHub renders no link, reference or autolink from it.
import { afterAll, describe, expect, it } from 'vitest';
import { summaryText } from '../../src/action/summary.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { cmarkGfm, codeTexts, inertFindings } from '../support/renderedMarkdown.js';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const DEFAULT = '`` ` [clk](https://evil.example/sig) #1 www.evil.example ` ``';
const FILE = 'app/a`` ` [clk](https:evil.example) ` ``b.py';
const shown = (html: string): string[] => codeTexts(html).map((t) => t.replace(/\u200b/g, ''));

describe('a PR whose names and signature defaults are markdown', () => {
  it('renders them as code in the digest, the comment and the summary: no link, reference or autolink', async () => {
    const run = await prOverTwoCommits(
      { 'app/m.py': 'def helper(x, y=1):\n    return x\n', 'app/use.py': 'from app.m import helper\n\n\ndef caller():\n    return helper(1)\n' },
      { 'app/m.py': `def helper(x, y="${DEFAULT}"):\n    return x\n`, [FILE]: 'def g():\n    return 1\n' },
      '--budget',
      '4000',
    );
    const markdown = run.stdout;
    expect(markdown).toContain('Signature changes:');
    const comment = buildCommentBody(markdown, { marker: '', maxLength: 65_000, fullDigestHint: 'the artifact' }).body;
    const summary = summaryText(markdown, 'the artifact').text;
    for (const text of [markdown, comment, summary]) {
      const html = cmarkGfm(text);
      expect(inertFindings(html)).toEqual([]);
      const code = shown(html);
      // The whole parameter list and the whole file name are each one code span (in the signature
      // list, the heading, the change table, the call-site and test lists).
      expect(code).toContain(`(x, y="${DEFAULT}")`);
      expect(code).toContain(FILE);
      expect(code.filter((c) => c.startsWith(`${FILE}:`)).length).toBeGreaterThan(0);
    }
  });
});
