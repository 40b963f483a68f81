// The PR digest's plan and rendering (issue 8) on the scripted PRs of prFixture.ts: the exact sections
// a reviewer reads for a signature change, a deleted-line fix, a module-level import and a PR with 150
// changed symbols of which 5 are code.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DigestFormat } from '../../src/pack/document.js';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { packPr } from '../../src/pr/packPr.js';
import { type PreparedPr, preparePr } from '../../src/pr/prepare.js';
import { removeTempDirs } from '../support/testRepo.js';
import { buildPrFixture, type FixturePrName, type PrFixture } from './prFixture.js';

let fixture: PrFixture;
const prepared = new Map<FixturePrName, PreparedPr>();

beforeAll(async () => {
  fixture = buildPrFixture();
  for (const name of ['signatureChange', 'deletedLineFix', 'moduleImport', 'manyTests', 'moveWithEdit'] as const) {
    const pr = fixture.prs[name];
    fixture.repo.git('checkout', '-q', '--detach', pr.head);
    prepared.set(name, await preparePr({ repoDir: fixture.repo.dir, base: pr.base, head: pr.head }));
  }
}, 120_000);
afterAll(removeTempDirs);

function pack(name: FixturePrName, budget: number, format: DigestFormat = 'markdown') {
  return packPr(prepared.get(name)!, { budget, encoding: 'o200k_base', format, signaturesOnly: false, resolution: 'all' });
}

/** The lines of one `### ` item or section, from its heading to the next heading. */
function section(content: string, heading: string): string {
  const start = content.indexOf(heading);
  if (start < 0) return '';
  const next = content.slice(start + heading.length).search(/\n(#{2,3} |---\n)/);
  return content.slice(start, next < 0 ? undefined : start + heading.length + next);
}

describe('a signature change with callers', () => {
  test('shows the whole diff (its header lines are the signature change, said once), and every call site in full, contract first', () => {
    const { content } = pack('signatureChange', 4000);
    expect(section(content, '### `area`')).toBe(
      [
        '### `area` (function, full) — lines 7-9 · modified',
        '',
        '```diff',
        '-def area(w, h):',
        '+def area(w, h, scale=1):',
        '     """Area of a w x h rectangle."""',
        '-    return w * h * UNIT',
        '+    return w * h * UNIT * scale',
        '```',
        '',
      ].join('\n'),
    );
    expect(section(content, '### Call sites to check')).toBe(
      [
        '### Call sites to check',
        '',
        '- `pkg.shapes.area` (modified, signature changed), 3 call sites:',
        // Each site quotes its call line; several in one file are listed under it.
        '  - `pkg/panel.py`:',
        '    - 5 in `panel_area`: `return area(w, h)`',
        '    - 9 in `double_panel`: `return 2 * area(w, h)`',
        '  - `pkg/report.py:7` in `summary`: `return slugify(f"{area(w, h)}")`',
        '',
      ].join('\n'),
    );
    // The callers whose contract changed under them are packed right after the changed code.
    const result = pack('signatureChange', 4000);
    expect(result.packed.map((p) => p.id).slice(0, 4)).toEqual(['pkg.shapes.area', 'pkg.panel.double_panel', 'pkg.panel.panel_area', 'pkg.report.summary']);
  });
});

describe('a fix that only deletes a line', () => {
  test('shows the deleted line inside the whole function, and the manifest has it in its diff', () => {
    const { content } = pack('deletedLineFix', 3000);
    expect(section(content, '### `countdown`')).toContain(
      ['```diff', ' def countdown(n):', '     out = []', '     while n > 0:', '         out.append(n)', '         n = n - 1', '-        n = n - 1', '     return out', '```'].join('\n'),
    );
    const body = JSON.parse(pack('deletedLineFix', 3000, 'json').content);
    expect(body.changed).toEqual([
      expect.objectContaining({ id: 'pkg.shapes.countdown', change: 'modified', changedLines: [], diff: expect.stringContaining('\n-        n = n - 1\n') }),
    ]);
  });
});

describe('a module-level import change', () => {
  test('shows only its hunk with 3 lines of context, not all module-level code', () => {
    const { content } = pack('moduleImport', 3000);
    expect(section(content, '### `pkg.config`')).toBe(
      [
        '### `pkg.config` (module, hunks) · modified',
        '',
        '```diff',
        '@@ -1,5 +1,6 @@',
        ' """Settings read once at import."""',
        ' import os',
        '+from typing import TYPE_CHECKING',
        ' ',
        ' DEBUG = os.environ.get("DEBUG") == "1"',
        ' ',
        '```',
        '',
      ].join('\n'),
    );
    expect(content).not.toContain('DEFAULT_LEVEL = LEVELS["mid"]');
  });
});

describe('a moved function with an edit', () => {
  test('is shown once, at its new place, as a diff against its old body', () => {
    const { content } = pack('moveWithEdit', 3000);
    // Under its new file's heading only.
    expect(content.match(/^### `clamp`/gm)).toEqual(['### `clamp`']);
    expect(content.slice(content.indexOf('## `pkg/mathx.py`'))).toContain('### `clamp`');
    expect(section(content, '### `clamp`')).toContain(['-    if x > hi:', '+    if x >= hi:'].join('\n'));
  });
});

describe('a PR with 150 changed symbols, 5 of them code', () => {
  // shapes.area's edit is to its docstring only: a mechanical change, folded in the overview, not a root.
  const code = ['pkg.panel.double_panel', 'pkg.panel.panel_area', 'pkg.report.bounded', 'pkg.report.summary'];

  test('the manifest lists all 150 and the code comes first in the plan', () => {
    const p = prepared.get('manyTests')!;
    expect(p.changed).toHaveLength(150);
    expect(p.changed.filter((c) => !c.file.startsWith('tests/')).map((c) => c.id).sort()).toEqual([...code, 'pkg.shapes.area']);
    expect(p.roots.slice(0, 4).sort()).toEqual(code);
    expect(p.roots).not.toContain('pkg.shapes.area');
    expect(p.tail).toEqual(['pkg.shapes.area']);
  });

  // A level naming every changed symbol is kept unless one without the list shows more of them as code;
  // then the header says the list is left out and the skipped section counts every one not shown.
  test.each([3000, 8000, 20000])('at budget %i: all 150 named (or counted where the list made room for code), the 5 code symbols in the document, no neighbour while a changed one is out, exact footer, JSON content = markdown', (budget) => {
    const markdown = pack('manyTests', budget);
    const json = pack('manyTests', budget, 'json');
    const body = JSON.parse(json.content);
    expect(body.content).toBe(markdown.content);
    expect(body.changed).toHaveLength(150);
    const tokens = createTokenCounter('o200k_base').count(markdown.content);
    expect(tokens).toBe(markdown.totalTokens);
    expect(tokens).toBeLessThanOrEqual(budget);
    expect(markdown.content).toContain(`Token usage: ${tokens} / ${budget}`);
    const listLeftOut = /150 changed symbols \([^)]*\): their list and call sites were left out to fit the budget/.test(markdown.content);
    for (const c of body.changed as { id: string; name: string }[]) {
      const named = markdown.content.includes(`\`${c.id}\``) || markdown.content.includes(`\`${c.name === '' ? '(module-level code)' : c.name}\``);
      expect(named || listLeftOut, c.id).toBe(true);
    }
    const packedRoots = new Set(markdown.packed.filter((p) => p.direction === 'root').map((p) => p.id));
    if (listLeftOut) {
      const notShown = markdown.roots.filter((id) => !packedRoots.has(id) && !markdown.skipped.some((s) => s.id === id && s.within)).length;
      expect(markdown.content).toContain(`- ${notShown} changed symbols are not in the document`);
    }
    for (const id of code) expect(packedRoots.has(id), `${budget}: ${id}`).toBe(true);
    const out = markdown.roots.filter((id) => !packedRoots.has(id) && !markdown.skipped.some((s) => s.id === id && s.within));
    if (out.length > 0) expect(markdown.packed.filter((p) => p.direction === 'caller' || p.direction === 'callee')).toEqual([]);
    expect(markdown.content).not.toMatch(/first 30/);
  });
});
