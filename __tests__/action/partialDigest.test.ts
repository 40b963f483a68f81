// The digest posted when the time limit stops the analysis: the changed symbols when known, sorted,
// names escaped, in all three formats, and a note saying what is missing and why.
import { describe, expect, it } from 'vitest';
import { partialDigest } from '../../src/action/partialDigest.js';
import { readSettings } from '../../src/action/settings.js';
import { buildCommentBody } from '../../src/render/comment.js';
import { cmarkGfm, codeTexts, inertFindings } from '../support/renderedMarkdown.js';

const settings = (format: string) => readSettings({ getInput: (n) => ({ format, 'timeout-minutes': '1.5' })[n] ?? '', workspace: '/w' });

describe('partialDigest', () => {
  it('lists the changed symbols it was told, sorted, with the time-limit note', () => {
    const rows = [
      { id: 'pkg.b.g', file: 'pkg/b.py', name: 'g', change: 'added' as const },
      { id: 'pkg.a.f`x', file: 'pkg/a.py', name: 'f', change: 'modified' as const },
    ];
    const p = partialDigest(settings('xml'), rows, 12);
    expect(p.markdown).toContain('## RepoDigest · #12 (incomplete)');
    expect(p.markdown).toContain('> **Time limit:** the analysis did not finish within 1.5 minutes (input `timeout-minutes`): only the changed symbols are listed');
    expect(p.markdown.indexOf('pkg.a.f')).toBeLessThan(p.markdown.indexOf('pkg.b.g'));
    expect(p.markdown).toContain('| ``pkg.a.f`x`` | modified | `pkg/a.py` |');
    expect(p.document).toContain('<changed id="pkg.a.f`x" file="pkg/a.py" change="modified"/>');
    expect(JSON.parse(p.json ?? '')).toMatchObject({ incomplete: true, changed: [{ id: 'pkg.a.f`x' }, { id: 'pkg.b.g' }] });
    expect(p.changedSymbols).toBe(2);
    expect(p.warnings[0]).toMatch(/^Time limit: .* Raise 'timeout-minutes'.*2 changed symbols listed\.$/);
  });

  it('says so when the changed symbols were not known yet', () => {
    const p = partialDigest(settings('markdown'), undefined, undefined);
    expect(p.document).toBe(p.markdown);
    expect(p.markdown).toContain('before the changed symbols were known');
    expect(p.markdown).not.toContain('### Changed symbols');
  });

  it('keeps a name holding `|` and a link to its own table cell, as code, in the comment too', () => {
    const file = 'app/x | [clk](https://evil.example) | `` ` y.py';
    const rows = [{ id: 'app.x | [clk](https://evil.example).f', file, name: 'f', change: 'added' as const }];
    const { markdown } = partialDigest(settings('markdown'), rows, 12);
    const comment = buildCommentBody(markdown, { marker: '', maxLength: 65_000, fullDigestHint: 'the artifact' }).body;
    for (const text of [markdown, comment]) {
      const html = cmarkGfm(text);
      expect(inertFindings(html, { allowedReferences: ['#12'] })).toEqual([]);
      const row = /<tbody>\s*<tr>([\s\S]*?)<\/tr>/.exec(html)![1]!;
      expect(row.match(/<td>/g)).toHaveLength(3);
      const cells = codeTexts(row).map((c) => c.replace(/\u200b/g, ''));
      expect(cells).toEqual([rows[0]!.id, file]);
    }
  });
});
