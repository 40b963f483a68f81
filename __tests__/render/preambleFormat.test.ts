// The preamble (a PR digest's header and notes) is written for the format being rendered: the packer
// tells it the format, and xml carries it verbatim in CDATA, so markdown escapes are never forced
// into xml (src/render/document.ts).
import { beforeAll, expect, it } from 'vitest';
import type { DigestFormat, TokenUsage } from '../../src/pack/document.js';
import { packContext } from '../../src/pack/packer.js';
import { createTokenCounter, type TokenCounter } from '../../src/pack/tokens.js';
import { DIGEST_FORMATS, rendererFor } from '../../src/render/renderers.js';
import { type Project, py, pythonProject } from '../pack/pythonProject.js';
import { checkWellFormedXml } from './xmlCheck.js';

let project: Project;
let counter: TokenCounter;

beforeAll(async () => {
  counter = createTokenCounter('o200k_base');
  project = await pythonProject({
    'shop/pricing.py': py(`
      def quote(cart):
          return sum(cart)
    `),
  });
});

/** What a PR header would write: markdown escapes for markdown (and json's markdown content), plain text otherwise. */
function header(usage: TokenUsage): string {
  const note = '6 changed symbols (1 added, 4 modified, 1 removed): the list was left out';
  const text = usage.format === 'xml' ? note : note.replace(/[():]/g, (ch) => `\\${ch}`);
  return `## Changes\n\n${usage.used} / ${usage.budget} tokens\n> ${text}`;
}

it('tells the preamble the format it is rendered in, and xml keeps the plain text verbatim', () => {
  for (const format of DIGEST_FORMATS) {
    const seen = new Set<DigestFormat>();
    const result = packContext({
      roots: ['shop.pricing.quote'],
      symbols: project.symbols,
      adjacency: project.adjacency,
      budget: 600,
      counter,
      renderer: rendererFor(format),
      preamble: (usage) => (seen.add(usage.format), [header(usage)]),
    });
    expect([...seen]).toEqual([format]);
    const markdown = format === 'json' ? (JSON.parse(result.content) as { content: string }).content : result.content;
    if (format === 'xml') {
      checkWellFormedXml(result.content);
      expect(result.content).toContain(`<preamble><![CDATA[## Changes\n\n${result.totalTokens} / 600 tokens\n> 6 changed symbols (1 added, 4 modified, 1 removed): the list was left out]]></preamble>`);
      expect(result.content).not.toContain('\\(');
    } else {
      expect(markdown).toContain('> 6 changed symbols \\(1 added, 4 modified, 1 removed\\)\\: the list was left out');
    }
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
  }
});
