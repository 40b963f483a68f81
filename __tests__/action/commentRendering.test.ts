// Hostile digests (the `post-digest` file comes from an untrusted run) rendered the way GitHub renders
// comments and job summaries: cmark-gfm --unsafe with GFM extensions, and micromark as a second
// implementation. Nothing may render as a mention, raw HTML, a link, an image, an autolink, a task-list
// box or an issue reference; the digest's own code stays intact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summaryText } from '../../src/action/summary.js';
import type { DigestDocument } from '../../src/pack/document.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { renderMarkdown } from '../../src/render/markdown.js';
import { cmarkGfm, codeBlocks, ensureCmarkGfm, inertFindings, renderFindings } from '../support/renderedMarkdown.js';

const MARKER = '<!-- repodigest:default -->';

function comment(markdown: string, maxLength = 65_000): string {
  const { body } = buildCommentBody(markdown, { marker: MARKER, maxLength, fullDigestHint: 'the `repodigest` artifact' });
  expect(body.startsWith(`${MARKER}\n`)).toBe(true);
  return body;
}

/** The body as GitHub shows it, minus our own marker (the one raw HTML node we put there on purpose). */
function expectSafe(body: string, renderers: ('cmark-gfm' | 'micromark')[] = ['cmark-gfm', 'micromark']): void {
  const shown = body.startsWith(`${MARKER}\n`) ? body.slice(MARKER.length + 1) : body;
  expect(shown).not.toContain(MARKER);
  for (const finding of renderFindings(shown, renderers)) expect(finding).toEqual({ renderer: finding.renderer, rawHtml: false, mentions: [] });
  expect(inertFindings(cmarkGfm(shown))).toEqual([]);
}

// The bypass of issue 9: a fence indented by one space is closed by the column-0 line the old
// scanner took for an opener, so the next line rendered as markdown.
const BYPASS = ' ```\n```\nHi @octocat <img src=x> <details open>\n```\n';

const HOSTILE: Record<string, string> = {
  bypass: BYPASS,
  'bypass, two and three spaces': '  ```\n```\n@octocat <b>x</b>\n```\n   ~~~\n~~~\n@octocat <i>y</i>\n~~~\n',
  'tilde fence closed by backticks': '~~~\n```\n@octocat <b>\n~~~\n<img src=x>\n',
  'longer opener, shorter closer': '````\n```\n@octocat <b>\n````\n<img src=y> @octocat\n',
  'fence in a list item': '- item\n  ```\n```\n@octocat <img src=x>\n```\n',
  'fence in a quote': '> ```\n```\n@octocat <img src=x>\n```\n',
  'indented code then fence': '    ```\n```\n@octocat <img src=x>\n',
  'info string with a backtick is no fence': '```a`b\n@octocat <img src=x>\n```\n',
  'closer with trailing tab and spaces': '```\ncode\n```\t  \n@octocat <b>out</b>\n',
  'closer indented three and four spaces': '```\ncode\n    ```\n@octocat <b>in</b>\n   ```\n@octocat <b>out</b>\n',
  'closer after non-breaking space and form feed': '```\ncode\n```\u00a0\n```\f\n@octocat <b>x</b>\n```\n@octocat <i>y</i>\n',
  'html block hiding a fence': '<div>\n```\n</div>\n\n@octocat <img src=x>\n```\n',
  'html comment hiding a fence': '<!--\n```\n-->\n@octocat <img src=x>\n```\n',
  'pre and script blocks': '<pre>\n```\n</pre>\n@octocat\n```\n<script>alert(1)</script>\n',
  'details and its closer': '<details open>\n<summary>@octocat</summary>\n\n</details>\n</details>\n<!-- repodigest:default -->\n',
  'entity-encoded mentions': '&#64;octocat &#x40;octocat &#X40;octocat &commat;octocat &#0064;octocat &#x0040;octocat\n',
  'emphasised and wrapped mentions':
    '_@octocat_ *@octocat* **@octocat** __@octocat__ ~~@octocat~~ `x`@octocat [x](https://e.com)@octocat \\@octocat (@octocat) "@octocat" @octocat/team\n',
  'mentions in tables, lists, quotes and headings': '| a | b |\n|---|---|\n| @octocat | <img src=x> |\n\n- @octocat\n> @octocat\n# @octocat\n1. _@octocat_\n',
  'mention after a hard break and a code span': 'line\\\n@octocat and `code`@octocat\n',
  'autolinks and processing instructions': '<https://e.com/@octocat> <?php echo 1 ?> <!DOCTYPE html> <![CDATA[x]]>\n',
  'tables swallowing fences': '| a |\n|---|\n| b |\n```\n@octocat <i>t</i>\n```\n@octocat <b>after</b>\n',
  'inline links and images': '[clk](https://evil.example) ![img](https://evil.example/p.png) [x](<https://e.x> "t") [y](/relative)\n',
  'reference links and their definitions': '[clk][r] [r][] [r] ![img][r] [^1]\n\n[r]: https://evil.example\n  [R]:\n  https://evil.example "t"\n[^1]: note\n',
  'definition label over two lines': '[a\nb]: https://evil.example\n\n[a b]\n',
  'autolinks: www, schemes and e-mail': 'www.evil.example _www.evil.example_ (https://evil.example) ftp://e.x a@b.co a.b@c.co x@.b.co mailto:a@b.co xmpp:a@b.co/r\n',
  'issue and commit references': '#1 fixes #23, owner/repo#9, GH-4, gh-5 (#6) owner/repo@abc1234\n',
  'references as entities': '&#35;1 &#x23;2 &num;3 #&#52;4 GH&#45;5 &#71;&#72;-6 @&#111;ctocat a@&#98;.co &#97;@b.co\n',
  'task-list boxes': '- [ ] open\n- [x] done\n* [X] also\n1. [ ] numbered\n',
};

describe('hostile digests, rendered as GitHub renders them', () => {
  it('has cmark-gfm available (installed when missing)', () => {
    ensureCmarkGfm();
    expect(cmarkGfm('**x**')).toBe('<p><strong>x</strong></p>\n');
  });

  it('the bypass of issue 9 rendered a mention and raw HTML before the fix', () => {
    // The input itself, as the old scanner passed it through: the renderer proves the hole exists.
    const html = cmarkGfm(BYPASS);
    expect(html).toContain('<p>Hi @octocat <img src=x> <details open></p>');
  });

  for (const [name, markdown] of Object.entries(HOSTILE)) {
    it(`${name}: nothing links, pings, references or renders HTML, in the comment and the job summary`, () => {
      expectSafe(comment(markdown));
      expectSafe(summaryText(markdown, 'the artifact').text);
      // Neutralised once is neutralised: posting the body again changes nothing more.
      const body = comment(markdown);
      expect(comment(body.slice(MARKER.length + 1))).toBe(body);
    });
  }

  it('keeps very long lines safe: a 400 KB line, and one longer than the comment', () => {
    const line = `${'x = 1; '.repeat(60_000)}@octocat <img src=x> &#64;octocat`;
    const markdown = `# T\n\n${line}\n\n\`\`\`python\n${'y = 2 '.repeat(70_000)}\n\`\`\`\n${line}\n`;
    const body = comment(markdown);
    expect(body.length).toBeLessThanOrEqual(65_000);
    expectSafe(body, ['cmark-gfm']);
    const summary = summaryText(markdown, 'the artifact');
    expect(Buffer.byteLength(summary.text)).toBeLessThan(1024 * 1024);
    expect(summary.text).toContain('@\u200boctocat <\u200bimg src=x> @\u200boctocat');
    expectSafe(summary.text, ['cmark-gfm']);
  });

  it("keeps the renderer's own code byte for byte, mentions and tags included", () => {
    const items = ['def f():\n    return "@octocat <img src=x>"', 'def g():\n    s = """\n```\n ```\n~~~\n"""\n    return s', 'x = "````"  # @admin </details>'];
    const doc: DigestDocument = {
      title: 'PR #7: from @mallory <b>x</b>',
      preamble: ['## RepoDigest · #7'],
      budget: 1000,
      encoding: 'o200k_base',
      roots: ['m.f'],
      items: items.map((text, i) => ({ id: `m.f${i}`, file: 'm.py', name: `f${i}`, kind: 'function', mode: 'full', tokens: 5, startLine: 1, endLine: 3, hop: 0, direction: 'root', text })),
      skipped: [],
      skippedTotal: 0,
      usedTokens: 15,
    };
    const markdown = renderMarkdown(doc);
    const body = comment(markdown);
    // The renderer already escaped the title and made its fences longer than the code's runs: nothing
    // to change but the PR's own number, a reference the neutraliser breaks like any other (it cannot
    // tell our digest from a post-digest file).
    expect(markdown).toContain('## RepoDigest · #7');
    expect(body).toBe(`${MARKER}\n${markdown.replace('## RepoDigest · #7', '## RepoDigest · #\u200b7')}`);
    expect(codeBlocks(cmarkGfm(body))).toEqual(items.map((t) => `${t}\n`));
    expectSafe(body);
  });

  it('property: any mix of hostile lines renders with no mention and no raw HTML (both renderers)', () => {
    const indent = fc.constantFrom('', ' ', '  ', '   ', '    ', '- ', '> ', '1. ', '  - ', '\t');
    const fence = fc.tuple(indent, fc.constantFrom('`', '~'), fc.integer({ min: 3, max: 5 }), fc.constantFrom('', 'python', ' x', '`', '~ @octocat', '\t ')).map(
      ([i, c, n, info]) => `${i}${c.repeat(n)}${info}`,
    );
    const hostile = fc.tuple(
      indent,
      fc.constantFrom('@octocat', '_@octocat_', '&#64;octocat', '&commat;octocat', '<img src=x>', '<details open>', '</details>', '<div>', '<!--', '-->', '<pre>', '| a |', '|---|', 'text', '', '# h', '`x`@octocat'),
    ).map(([i, t]) => `${i}${t}`);
    fc.assert(
      fc.property(fc.array(fc.oneof(fence, hostile), { maxLength: 25 }), (lines) => {
        const markdown = lines.join('\n');
        expectSafe(comment(markdown));
      }),
      { numRuns: 80, seed: 9 },
    );
  });
});
