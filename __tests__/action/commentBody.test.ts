// The comment body: size cap at symbol boundaries, fences intact, nothing outside fences that pings
// or renders HTML. Digests are made by the real markdown renderer from real Python source.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/action/summary.js';
import type { DigestDocument, DigestItem } from '../../src/pack/document.js';
import { buildCommentBody, scanLines } from '../../src/render/comment.js';
import { renderMarkdown } from '../../src/render/markdown.js';
import { neutralise } from '../../src/render/neutralise.js';

const MARKER = '<!-- repodigest:default -->';

function pythonFunction(i: number, lines: number): string {
  const body = Array.from({ length: lines }, (_, k) => `    total_${k} = value * ${k} + ${i}  # step ${k} of fn_${i}`);
  return [`def fn_${i}(value):`, `    """Doc for fn_${i}: uses \`\`\` fences in text."""`, ...body, `    return total_0`].join('\n');
}

function digest(count: number, lines = 20, extraSkipped = 3): DigestDocument {
  const items: DigestItem[] = Array.from({ length: count }, (_, i) => ({
    id: `pkg.mod${i % 5}.fn_${i}`,
    file: `pkg/mod${i % 5}.py`,
    name: `fn_${i}`,
    kind: 'function',
    mode: 'full',
    tokens: 10,
    startLine: i * 30 + 1,
    endLine: i * 30 + lines + 3,
    hop: i === 0 ? 0 : 1,
    direction: i === 0 ? 'root' : 'callee',
    text: pythonFunction(i, lines),
  }));
  return {
    title: 'PR #7: tidy @everyone <b>up</b>',
    preamble: ['## RepoDigest · #7\n\n### Changed symbols\n\n| symbol | change |\n|---|---|\n| `pkg.mod0.fn_0` | modified |'],
    budget: 100000,
    encoding: 'o200k_base',
    roots: ['pkg.mod0.fn_0'],
    items,
    skipped: Array.from({ length: extraSkipped }, (_, i) => ({ id: `pkg.big.g${i}`, tokens: 5000, reason: 'over budget' })),
    skippedTotal: extraSkipped,
    usedTokens: 1234,
  };
}

/** Every fence opened in the text is closed. */
function fencesBalanced(text: string): boolean {
  return scanLines(text).regions.every((r) => r.closed);
}

const itemIds = (text: string): string[] => [...text.matchAll(/^### `([^`]+)`/gm)].map((m) => m[1]!);

describe('buildCommentBody', () => {
  it('leaves a digest that fits as marker + digest', () => {
    const markdown = renderMarkdown(digest(3));
    const { body, trimmed } = buildCommentBody(markdown, { marker: MARKER, maxLength: 65_000, fullDigestHint: 'the artifact' });
    expect(trimmed).toBe(false);
    expect(body.startsWith(`${MARKER}\n`)).toBe(true);
    // The renderer already escaped the title; code fences come through byte for byte.
    for (const item of digest(3).items) expect(body).toContain(item.text);
  });

  it('drops whole symbols from the end to fit, says so, and keeps the rest of the document', () => {
    const doc = digest(300);
    const markdown = renderMarkdown(doc);
    expect(markdown.length).toBeGreaterThan(200_000);
    const result = buildCommentBody(markdown, { marker: MARKER, maxLength: 65_000, fullDigestHint: 'the `repodigest` artifact' });
    expect(result.trimmed).toBe(true);
    expect(result.body.length).toBeLessThanOrEqual(65_000);
    expect(result.body.length).toBeGreaterThan(60_000); // used the room, not just the header
    expect(fencesBalanced(result.body)).toBe(true);
    const shown = itemIds(result.body);
    const all = itemIds(markdown);
    expect(shown).toEqual(all.slice(0, shown.length)); // a prefix, in order
    expect(result.omittedSymbols).toBe(all.length - shown.length);
    expect(result.totalSymbols).toBe(300);
    expect(result.body).toContain(`**Trimmed:** ${result.omittedSymbols} of 300 symbols`);
    expect(result.body).toContain('the `repodigest` artifact');
    // Every shown symbol has its whole code; the skipped list and usage footer survive.
    for (const id of shown) expect(result.body).toContain(pythonFunction(Number(id.split('_')[1]), 20));
    expect(result.body).toContain('## Skipped (3)');
    expect(result.body).toMatch(/Token usage: 1234 \/ 100000/);
    // No file heading is left without a symbol under it.
    const lines = result.body.split('\n');
    lines.forEach((line, i) => {
      if (line.startsWith('## `')) expect(lines.slice(i + 1).find((l) => /^#{1,3} /.test(l))).toMatch(/^### `/);
    });
  });

  it('never cuts inside a fence whose code holds fence-like lines', () => {
    const code = 'def f():\n    s = """\n```\n# not a heading\n```\n"""\n    return s';
    const items = Array.from({ length: 80 }, (_, i) => `### \`m.f${i}\`\n\n\`\`\`\`python\n${code}\n\`\`\`\``).join('\n\n');
    const markdown = `# T\n\n## \`m.py\`\n\n${items}\n`;
    const result = buildCommentBody(markdown, { marker: MARKER, maxLength: 3_000, fullDigestHint: 'x' });
    expect(result.body.length).toBeLessThanOrEqual(3_000);
    expect(fencesBalanced(result.body)).toBe(true);
    expect(result.body.split(code).length - 1).toBe(itemIds(result.body).length);
    expect(result.body).toContain('# not a heading'); // inside code: untouched, not a unit boundary
  });

  it('neutralises mentions, e-mail addresses and HTML outside fences only', () => {
    const markdown = ['# Title', '', 'cc @octocat and @org/team, mail a@b.c', '<img src=x onerror=alert(1)> <!-- repodigest:default -->', '', '```python', 'x = "@octocat <b>"', '```', ''].join('\n');
    const { body } = buildCommentBody(markdown, { marker: MARKER, maxLength: 65_000, fullDigestHint: 'x' });
    expect(body).toContain('cc @\u200boctocat and @\u200borg/team, mail a@\u200bb.c');
    expect(body).toContain('<\u200bimg src=x');
    expect(body).toContain('<\u200b!-- repodigest:default -->');
    expect(body).toContain('x = "@octocat <b>"');
    expect(body.indexOf(MARKER)).toBe(0);
    expect(body.lastIndexOf(MARKER)).toBe(0); // the planted copy is no longer a marker
  });

  it('treats an indented fence as text (GitHub may end it early), and closes a fence left open', () => {
    const markdown = ['- item', '  ```', '@octocat', '```'].join('\n');
    expect(buildCommentBody(markdown, { marker: '', maxLength: 1000, fullDigestHint: 'x' }).body).toContain('@\u200boctocat');
    const open = '# T\n\n```python\nx = 1\n';
    const { body } = buildCommentBody(open, { marker: MARKER, maxLength: 1000, fullDigestHint: 'x' });
    expect(fencesBalanced(body)).toBe(true);
    expect(body.endsWith('```')).toBe(true);
  });

  it('closes a fence left open after the packed context even when trimming', () => {
    const units = Array.from({ length: 50 }, (_, i) => `### \`m.f${i}\`\n\n\`\`\`python\n${'x = 1\n'.repeat(20)}\`\`\``).join('\n\n');
    const markdown = `# T\n\n## \`m.py\`\n\n${units}\n\n## Skipped (1)\n\n\`\`\`\nunclosed @octocat\n`;
    const { body, trimmed } = buildCommentBody(markdown, { marker: MARKER, maxLength: 2_000, fullDigestHint: 'x' });
    expect(trimmed).toBe(true);
    expect(body.length).toBeLessThanOrEqual(2_000);
    expect(fencesBalanced(body)).toBe(true);
  });

  it('falls back to cutting at a block boundary when the document has no symbols', () => {
    const markdown = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} ${'words '.repeat(20)}`).join('\n\n');
    const result = buildCommentBody(markdown, { marker: MARKER, maxLength: 5_000, fullDigestHint: 'the artifact' });
    expect(result.body.length).toBeLessThanOrEqual(5_000);
    expect(result.body).toContain('**Trimmed:** the rest of the digest is not shown');
    expect(result.body).toContain('Paragraph 0 ');
  });

  it('property: any mix of blocks stays under the cap with balanced fences and intact code', () => {
    const block = fc.oneof(
      fc.string({ maxLength: 80 }).map((s) => `${s.replace(/[`~#\n\r]/g, '')} @user <i>`),
      fc.tuple(fc.string({ maxLength: 200 }), fc.integer({ min: 3, max: 6 })).map(([code, n]) => {
        const fence = '`'.repeat(n);
        return `${fence}python\n${code.replace(/`{3,}/g, '``')}\n${fence}`;
      }),
      fc.string({ maxLength: 20 }).map((s) => `## \`${s.replace(/[`\n\r]/g, '')}.py\``),
      fc.string({ maxLength: 20 }).map((s) => `### \`${s.replace(/[`\n\r]/g, '')}\``),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 60 }), fc.integer({ min: 400, max: 4000 }), (blocks, max) => {
        const markdown = blocks.join('\n\n');
        const { body } = buildCommentBody(markdown, { marker: MARKER, maxLength: max, fullDigestHint: 'the artifact' });
        expect(body.length).toBeLessThanOrEqual(max);
        expect(body.startsWith(MARKER)).toBe(true);
        expect(fencesBalanced(body)).toBe(true);
        // Outside fences nothing pings.
        for (const line of scanLines(body).lines) if (line.region === undefined) expect(line.text).not.toMatch(/(^|[^\w])@[A-Za-z0-9]/);
      }),
      { numRuns: 300 },
    );
  });
});

describe('neutralise', () => {
  it('breaks mentions, e-mail autolinks and tags, leaves operators and entities alone', () => {
    expect(neutralise('@a b@c.d x < y <=> &lt; &#35; &#123; a @ b')).toBe('@\u200ba b@\u200bc.d x < y <=> &lt; &#35; &#123; a @ b');
    // A stray backtick does not open a code span: the mention after it would ping.
    expect(neutralise('x `@admin and `@dec`')).toBe('x `@\u200badmin and `@\u200bdec`');
    expect(neutralise('</script>')).toBe('<\u200b/script>');
  });

  it('breaks links, definitions, autolinks, references and task-list boxes, each once', () => {
    const cases: [string, string][] = [
      ['[a](b) ![i](c) [a][r] [r]: d', '[a]\u200b(b) ![i]\u200b(c) [a]\u200b[r] [r]\u200b: d'],
      ['www.e.x https://e.x x://y', 'www\u200b.e.x https:\u200b//e.x x:\u200b//y'],
      ['#1 o/r#2 GH-3 gh-4 &#35;5 &num;6 #&#55; &#71;&#72;&#45;8', '#\u200b1 o/r#\u200b2 GH-\u200b3 gh-\u200b4 &#35;\u200b5 &num;\u200b6 #\u200b&#55; &#71;&#72;&#45;\u200b8'],
      ['- [ ] a [x] [X]', '- [ \u200b] a [x\u200b] [X\u200b]'],
      ['a&#64;b.co `d[k](x)`', 'a@\u200bb.co `d[k]\u200b(x)`'],
      ['## h x-1 #x ] ( : // www', '## h x-1 #x ] ( : // www'],
      ['&#1 &#0000035;2 &#00000035;3 &#123;4', '&#\u200b1 &#0000035;\u200b2 &#\u200b00000035;3 &#123;4'],
      ['\\&#35;1 \\&#123;4 \\\\&#35;5', '\\&#\u200b35;1 \\&#\u200b123;4 \\\\&#35;\u200b5'],
    ];
    for (const [text, expected] of cases) {
      expect(neutralise(text)).toBe(expected);
      expect(neutralise(expected)).toBe(expected);
    }
  });
});

describe('summaryText', () => {
  it('caps the summary in UTF-8 bytes, not characters', () => {
    const doc = digest(40);
    doc.items.forEach((item) => (item.text = item.text.replace(/step/g, 'ステップ')));
    const markdown = renderMarkdown(doc);
    const limit = 20_000;
    expect(markdown.length).toBeLessThan(Buffer.byteLength(markdown));
    const { text, trimmed } = summaryText(markdown, 'the artifact', limit);
    expect(trimmed).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThan(limit);
    expect(fencesBalanced(text)).toBe(true);
    expect(text.startsWith('# ')).toBe(true); // no marker in the summary
  });
});
