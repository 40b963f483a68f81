// A preamble given as markdown reaches the XML digest as plain text: our markdown's headings, tables,
// code spans, emphasis, quotes and escapes are undone, and escaped free text reads back as written.
// (The PR digest's XML writes its review as data instead: prXml.test.ts.)
import { describe, expect, it } from 'vitest';
import { escapeMarkdownText } from '../../src/pr/sections.js';
import { plainInline, plainSection } from '../../src/render/plainMarkdown.js';
import { codeSpan } from '../../src/shared/fence.js';

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
