// The preamble (a PR digest's header and notes) is markdown for every format. XML turns each section into plain text (src/render/plainMarkdown.ts): no heading, code
// span or backslash escape reaches its CDATA.
import { beforeAll, expect, it } from 'vitest';
import type { TokenUsage } from '../../src/pack/document.js';
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

/** What a PR header writes: a heading, code spans and escaped free text. */
function header(usage: TokenUsage): string {
  const note = '6 changed symbols (1 added, 4 modified, 1 removed): the list was left out';
  return `## Changes\n\n${usage.used} / ${usage.budget} tokens (\`${usage.encoding}\`)\n> ${note.replace(/[():]/g, (ch) => `\\${ch}`)}`;
}

it('one markdown preamble for every format, carried by xml as plain text', () => {
  for (const format of DIGEST_FORMATS) {
    const result = packContext({
      roots: ['shop.pricing.quote'],
      symbols: project.symbols,
      adjacency: project.adjacency,
      budget: 600,
      counter,
      renderer: rendererFor(format),
      preamble: (usage) => [header(usage)],
    });
    const markdown = format === 'json' ? (JSON.parse(result.content) as { content: string }).content : result.content;
    if (format === 'xml') {
      checkWellFormedXml(result.content);
      expect(result.content).toContain(
        `<preamble title="Changes"><![CDATA[${result.totalTokens} / 600 tokens (o200k_base)\n6 changed symbols (1 added, 4 modified, 1 removed): the list was left out]]></preamble>`,
      );
      expect(result.content).not.toMatch(/\\\(|`|## /);
    } else {
      expect(markdown).toContain('> 6 changed symbols \\(1 added, 4 modified, 1 removed\\)\\: the list was left out');
    }
    expect(createTokenCounter('o200k_base').count(result.content)).toBe(result.totalTokens);
  }
});
