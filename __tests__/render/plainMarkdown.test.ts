// The XML digest carries the preamble as plain text: our markdown's headings, tables, code spans,
// emphasis, quotes and escapes are undone, and a hostile PR title reads back as written.
import { afterAll, describe, expect, it } from 'vitest';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { escapeMarkdownText } from '../../src/pr/sections.js';
import { plainInline, plainSection } from '../../src/render/plainMarkdown.js';
import { codeSpan } from '../../src/shared/fence.js';
import { samplePrRepository } from '../cli/cliHarness.js';
import { removeTempDirs } from '../support/testRepo.js';
import { checkWellFormedXml, decodeAttr } from './xmlCheck.js';

afterAll(removeTempDirs);

describe('plainSection', () => {
  it('takes the leading heading as the title and turns a table into one line per row', () => {
    const section = [
      '### Changed symbols (2: 1 added, 1 modified, 0 removed)',
      '',
      '| Symbol | Change | Location | Callers |',
      '| --- | --- | --- | ---: |',
      `| ${codeSpan('pkg.a.f', true)} | modified | ${codeSpan('pkg/a.py:3-9', true)} | 2 |`,
      `| ${codeSpan('pkg.a.x_or_y', true)} | added | ${codeSpan('a | b', true)} | 0 |`,
    ].join('\n');
    expect(plainSection(section)).toEqual({
      title: 'Changed symbols (2: 1 added, 1 modified, 0 removed)',
      body: ['- pkg.a.f (change: modified, location: pkg/a.py:3-9, callers: 2)', '- pkg.a.x_or_y (change: added, location: a | b, callers: 0)'].join('\n'),
    });
  });

  it('unwraps code spans (backticks inside them included), strong emphasis and quotes; keeps fenced lines', () => {
    const section = ['### Breaking call sites', '', '**1 likely broken**, 0 to check.', '', `- ${codeSpan('a `b` c')} and ${codeSpan('x``y')}`, '> note', '```text', '  **kept** `as is`', '```'].join('\n');
    expect(plainSection(section).body).toBe(['1 likely broken, 0 to check.', '', '- a `b` c and x``y', 'note', '  **kept** `as is`'].join('\n'));
  });

  it('gives a section without a heading no title', () => {
    expect(plainSection('**Review:** 1 call site likely broken')).toEqual({ body: 'Review: 1 call site likely broken' });
  });

  it('reads escaped free text back as it was written', () => {
    const hostile = 'Fix `eval` in **[x](y)** <script> & @octo/team #12 GH-3 www.example.com a_b: c|d \\ done';
    expect(plainInline(escapeMarkdownText(hostile, 500))).toBe(hostile);
  });
});

describe('the XML PR digest', () => {
  it('has plain preamble sections: no markdown syntax, and the title as written', async () => {
    const title = 'Cap `discounts` (v2): **loyalty** <b>&</b> ]]> @someone';
    const run = await preparePrPacks({ repoDir: samplePrRepository(), base: 'HEAD~1', head: 'HEAD', fullIndex: true, title }, [withPackDefaults({ budget: 3000, format: 'xml' })]);
    const xml = run.results[0]!.content;
    checkWellFormedXml(xml);
    const preambles = [...xml.matchAll(/<preamble( title="([^"]*)")?><!\[CDATA\[([\s\S]*?)\]\]><\/preamble>/g)];
    expect(preambles.map((m) => decodeAttr(m[2] ?? ''))).toEqual([
      'RepoDigest · Changes: Cap `discounts` (v2): **loyalty** <b>&</b> ]]> @someone',
      'Overview',
      'Breaking call sites',
      'Tests that exercise the change',
      'Changed symbols (6: 1 added, 4 modified, 1 removed)',
      'Call sites to check',
    ]);
    for (const [, , , body] of preambles) {
      expect(body).not.toMatch(/^#{1,6} |^\|.*\|$|`|\*\*|\\[()[\]:_-]|&(?:amp|lt|gt);|\u200B/m);
    }
    expect(xml).toContain('- shop.pricing.quote (change: modified, location: shop/pricing.py:35-46, callers: 3, callees: 4)');
    expect(xml).toContain('- likely broken: shop/pricing.py:51 in shop.pricing.quote_v1: calls legacy_round, which this change removes');
  });
});
