import { beforeAll, describe, expect, it } from 'vitest';
import type { DigestDocument } from '../../src/pack/document.js';
import { type PackResult, packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { markdownRenderer, renderMarkdown } from '../../src/render/markdown.js';
import { rendererFor } from '../../src/render/renderers.js';
import { codeFence, codeSpan, inlineText } from '../../src/shared/fence.js';
import { type Project, py, pythonProject } from '../pack/pythonProject.js';
import { checkWellFormedXml, decodeAttr } from './xmlCheck.js';

const TICKS4 = '````';
let project: Project;
let counter: TokenCounter;

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  project = await pythonProject({
    'docs/tricky.py': py(`
      def fenced():
          """Example:

      \`\`\`python
      x = 1
      \`\`\`

          and ${TICKS4}four${TICKS4} too.
          """
          return fenced_helper() + "\`\`"

      def fenced_helper():
          return 'a]]>b' + "]]>" + '<tag attr="v">&amp; @someone'

      def feed():
          return "form\ffeed"
    `),
  });
});

function pack(format: 'markdown' | 'xml' | 'json', roots = ['docs.tricky.fenced', 'docs.tricky.fenced_helper', 'docs.tricky.feed']): PackResult {
  return packContext({ roots, symbols: project.symbols, adjacency: project.adjacency, budget: 5000, counter, renderer: rendererFor(format) });
}

describe('markdown', () => {
  it('fences code with more backticks than any run inside it', () => {
    const full = project.symbols.get('docs.tricky.fenced')!.full;
    expect(full).toContain(TICKS4);
    const { content } = pack('markdown');
    const lines = content.split('\n');
    const heading = lines.findIndex((l) => l.startsWith('### `fenced`'));
    expect(lines[heading]).toBe('### `fenced` (function, full) — lines 1-10');
    const open = lines[heading + 2]!;
    expect(open).toBe('`````python');
    const close = lines.indexOf('`````', heading + 3);
    // The first line that closes the fence is the end of this symbol's code: nothing escaped early.
    expect(lines.slice(heading + 3, close).join('\n')).toBe(full);
  });

  it('codeFence never lets the code close it', () => {
    for (const code of ['plain', '```', 'a ``` b\n`````\n', '`', '']) {
      const block = codeFence(code);
      const fence = block.split('\n')[0]!.replace('python', '');
      expect(fence.length).toBeGreaterThanOrEqual(3);
      expect(fence.length).toBeGreaterThan(Math.max(0, ...(code.match(/`+/g) ?? []).map((r) => r.length)));
      expect(block.endsWith(`\n${fence}`)).toBe(true);
    }
  });

  it('inline text cannot open HTML, links or mentions', () => {
    expect(inlineText('<img src=x onerror=alert(1)> [a](b) @octocat *x*')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; \\[a\\](b) @\u200boctocat \\*x\\*',
    );
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(codeSpan('two\nlines')).toBe('`two lines`');
  });

  it('groups by file in order of first appearance and keeps pack order inside a file', async () => {
    const p = await pythonProject({
      'b.py': 'from a import helper\n\ndef entry():\n    return helper() + other()\n\ndef other():\n    return 2\n',
      'a.py': 'def helper():\n    return 1\n',
    });
    const result = packContext({ renderer: markdownRenderer,  roots: ['b.entry'], symbols: p.symbols, adjacency: p.adjacency, budget: 2000, counter });
    expect(result.packed.map((s) => s.id)).toEqual(['b.entry', 'a.helper', 'b.other']);
    const order = [...result.content.matchAll(/^##+ `([^`]+)`/gm)].map((m) => m[1]);
    expect(order).toEqual(['b.py', 'entry', 'other', 'a.py', 'helper']);
  });
});

describe('xml', () => {
  it('is well-formed even with ]]> and XML-special text in the code, and reads back exactly', () => {
    const result = pack('xml');
    const cdata = checkWellFormedXml(result.content);
    const helper = project.symbols.get('docs.tricky.fenced_helper')!.full;
    expect(helper).toContain(']]>');
    expect(cdata).toContain(`\n${helper}\n`);
    expect(cdata).toContain(`\n${project.symbols.get('docs.tricky.fenced')!.full}\n`);
    expect(result.content).toContain('<symbol id="docs.tricky.fenced_helper" name="fenced_helper" kind="function" mode="full"');
  });

  it('replaces characters XML 1.0 cannot carry', () => {
    const result = pack('xml');
    const feed = project.symbols.get('docs.tricky.feed')!.full;
    expect(feed).toContain('\f');
    expect(checkWellFormedXml(result.content)).toContain(`\n${feed.replace('\f', '\uFFFD')}\n`);
  });

  it('escapes attribute values', () => {
    const doc: DigestDocument = {
      title: 'a "quoted" <title> & more',
      preamble: ['## Header\n\nsee ]]> here'],
      budget: 100,
      encoding: 'o200k_base',
      roots: ['x'],
      items: [],
      skipped: [{ id: 'x', tokens: 5, reason: 'contained in <"y"> & z\nnext' }],
      skippedTotal: 3,
      usedTokens: 42,
    };
    const xml = rendererFor('xml').render(doc);
    checkWellFormedXml(xml);
    const title = /<context title="([^"]*)"/.exec(xml)![1]!;
    expect(decodeAttr(title)).toBe(doc.title);
    const reason = /reason="([^"]*)"/.exec(xml)![1]!;
    expect(decodeAttr(reason)).toBe(doc.skipped[0]!.reason);
    // The preamble's markdown arrives as plain text under its heading's title (plainMarkdown.test.ts).
    expect(checkWellFormedXml(xml, 'preamble')).toEqual(['see ]]> here']);
    expect(xml).toContain('<preamble title="Header">');
    expect(xml).toContain('<skipped total="3" notListed="2">');
  });
});

describe('json', () => {
  it('follows the pack contract with the markdown rendering as content', () => {
    const result = pack('json');
    const parsed = JSON.parse(result.content) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['budget', 'totalTokens', 'encoding', 'roots', 'packed', 'skipped', 'skippedTotal', 'content']);
    expect(parsed.budget).toBe(5000);
    expect(parsed.totalTokens).toBe(result.totalTokens);
    expect(parsed.totalTokens).toBe(createTokenCounter('o200k_base').count(result.content));
    expect(parsed.encoding).toBe('o200k_base');
    expect(parsed.roots).toEqual(['docs.tricky.fenced', 'docs.tricky.fenced_helper', 'docs.tricky.feed']);
    // `pack --format json` bounds this JSON text: the code is in `content` only, not twice.
    expect(parsed.packed).toEqual(result.packed.map(({ code: _code, ...meta }) => meta));
    const first = (parsed.packed as Record<string, unknown>[])[0]!;
    expect(Object.keys(first)).toEqual(['id', 'file', 'name', 'kind', 'mode', 'tokens', 'startLine', 'endLine', 'hop', 'direction']);
    expect(first).toMatchObject({ id: 'docs.tricky.fenced', file: 'docs/tricky.py', name: 'fenced', kind: 'function', mode: 'full', startLine: 1, endLine: 10, hop: 0, direction: 'root' });
    const content = parsed.content as string;
    expect(content).toContain('# RepoDigest context: docs.tricky.fenced, docs.tricky.fenced\\_helper, docs.tricky.feed');
    expect(content).toContain(`Token usage: ${result.totalTokens} / 5000 (3 packed, 0 skipped)`);
    expect(content).toContain(project.symbols.get('docs.tricky.fenced')!.full);
  });

  it('carries the changed symbols of a PR digest', () => {
    const doc: DigestDocument = {
      title: 't', preamble: [], budget: 10, encoding: 'o200k_base', roots: ['a'], items: [], skipped: [], skippedTotal: 0, usedTokens: 1,
      changed: [{ id: 'a', file: 'a.py', name: 'a', change: 'modified' }],
    };
    const parsed = JSON.parse(rendererFor('json').render(doc)) as Record<string, unknown>;
    expect(Object.keys(parsed).slice(0, 5)).toEqual(['budget', 'totalTokens', 'encoding', 'roots', 'changed']);
    expect(parsed.changed).toEqual(doc.changed);
    expect(parsed.content).toBe(renderMarkdown(doc));
  });
});
