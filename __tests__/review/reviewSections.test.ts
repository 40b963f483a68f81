// The review sections rendered from real findings (the overrides fixture of breakingSites.test.ts).
import { describe, expect, it } from 'vitest';
import { reviewListsData } from '../../src/pr/reviewData.js';
import { renderBreakingSection, renderReviewSummary, renderTestsSection } from '../../src/pr/reviewSections.js';
import { plainSection } from '../../src/render/plainMarkdown.js';
import { findAffectedTests } from '../../src/review/affectedTests.js';
import { findBreakingSites } from '../../src/review/breakingSites.js';
import { cmarkGfm } from '../support/renderedMarkdown.js';
import { reviewProject } from './reviewProject.js';

const BASE = `
class Handler:
    def handle(self, exc):
        return exc


class Good(Handler):
    def handle(self, exc):
        return exc


class Stale(Handler):
    def handle(self, exc):
        return exc
`;
const HEAD = BASE.replace('class Handler:\n    def handle(self, exc):', 'class Handler:\n    def handle(self, ctx, exc):').replace(
  'class Good(Handler):\n    def handle(self, exc):',
  'class Good(Handler):\n    def handle(self, ctx, exc):',
);
const TEST = `
from pkg.h import Good


def test_good():
    Good().handle(None, 1)
`;

describe('review sections', () => {
  it('shows the broken override first, then matching overrides and the signature changes', async () => {
    const p = await reviewProject({ 'pkg/__init__.py': '', 'pkg/h.py': BASE, 'tests/test_h.py': TEST }, { 'pkg/__init__.py': '', 'pkg/h.py': HEAD, 'tests/test_h.py': TEST });
    const text = renderBreakingSection(findBreakingSites(p));
    expect(text).toBe(
      [
        '### Breaking call sites',
        '',
        '**1 likely broken**, 0 to check.',
        '',
        '- likely broken: `pkg/h.py:13` in `pkg.h.Stale.handle`: override takes 1 positional parameter (`exc`) where `Handler.handle` takes 2 (`ctx`, `exc`)',
        '',
        'Overrides of changed signatures that still match:',
        '',
        '- `pkg.h.Good.handle` (`pkg/h.py:8`) overrides `pkg.h.Handler.handle`: matches',
        '',
        'Signature changes:',
        '',
        '- `pkg.h.Good.handle`: `(self, exc)` -> `(self, ctx, exc)` (`ctx` added (required); positional order changed: `exc` 2 -> 3)',
        '- `pkg.h.Handler.handle`: `(self, exc)` -> `(self, ctx, exc)` (`ctx` added (required); positional order changed: `exc` 2 -> 3)',
      ].join('\n'),
    );
    // Shortened (the budget ladder): the verdict stays, the evidence is counted.
    expect(renderBreakingSection(findBreakingSites(p), 'compact')).toBe(
      [
        '### Breaking call sites',
        '',
        '**1 likely broken**, 0 to check.',
        '',
        '- likely broken: `pkg/h.py:13` in `pkg.h.Stale.handle`: override takes 1 positional parameter (`exc`) where `Handler.handle` takes 2 (`ctx`, `exc`)',
        '',
        '1 override of changed signatures still matches; 2 signatures changed (listed in the JSON digest).',
      ].join('\n'),
    );
    expect(renderTestsSection(findAffectedTests(p))).toBe(
      [
        '### Tests that exercise the change',
        '',
        "Most likely: 1 test reaches a changed symbol within 10 calls (run it with `python -m pytest tests/test_h.py::test_good`; every node id is in the Action's `tests` output):",
        '',
        '- `tests/test_h.py::test_good`: `pkg.h.Good.handle` (1 hop)',
        '',
        'Changed symbols that no test reaches within 10 calls and no test module imports:',
        '',
        '- `pkg.h.Handler.handle`',
      ].join('\n'),
    );
  });

  it('renders the tests reached and the symbols no test reaches as two lists (cmark-gfm)', async () => {
    // click 762c97ee: a blank line alone between them made one loose list, "no test reaches" as a test.
    const p = await reviewProject({ 'pkg/__init__.py': '', 'pkg/h.py': BASE, 'tests/test_h.py': TEST }, { 'pkg/__init__.py': '', 'pkg/h.py': HEAD, 'tests/test_h.py': TEST });
    const tests = findAffectedTests(p);
    const html = cmarkGfm(renderTestsSection(tests));
    expect(html.match(/<ul>/g)).toHaveLength(2);
    expect(html).not.toContain('<li>\n<p>');
    const none = cmarkGfm(renderTestsSection({ ...tests, tests: [] }));
    expect(none).toContain('<p>No test reaches a changed symbol within 10 calls:</p>\n<ul>\n<li><code>pkg.h.Handler.handle</code></li>\n</ul>');
    expect(renderReviewSummary(findBreakingSites(p), tests)).toContain('1 test reaches the change');
  });
});

/** A project whose change touches `f` and `g`, with `fTests` tests calling f and one calling g. */
async function sharedReach(fTests: number) {
  const core = 'def f(x):\n    return x\n\n\ndef g(x):\n    return x\n';
  const names = Array.from({ length: fTests }, (_, i) => `test_${String.fromCharCode(97 + i)}`);
  const tests = ['from pkg.core import f, g', ...names.map((n, i) => `\n\ndef ${n}():\n    f(${i})`), '\n\ndef test_z():\n    g(1)\n'].join('\n');
  return reviewProject(
    { 'pkg/__init__.py': '', 'pkg/core.py': core, 'tests/test_core.py': tests },
    { 'pkg/__init__.py': '', 'pkg/core.py': core.replace(/return x/g, 'return x + 1'), 'tests/test_core.py': tests },
  );
}

/** The lines of the tests list (after the count line). */
function testLines(text: string): string[] {
  return text.split('\n').filter((l) => l.startsWith('- '));
}

describe('tests that reach the same change', () => {
  it('name every test of a small group: two, then three on one line', async () => {
    // The README sample said "`…::test_checkout_releases_stock_when_payment_fails` and 1 more test": the
    // other test was in the Action's output and the JSON only.
    expect(testLines(renderTestsSection(findAffectedTests(await sharedReach(2))))).toEqual([
      '- `tests/test_core.py::test_a` and `tests/test_core.py::test_b`: `pkg.core.f` (1 hop)',
      '- `tests/test_core.py::test_z`: `pkg.core.g` (1 hop)',
    ]);
    const three = findAffectedTests(await sharedReach(3));
    expect(testLines(renderTestsSection(three))).toEqual([
      '- `tests/test_core.py::test_a`, `tests/test_core.py::test_b` and `tests/test_core.py::test_c`: `pkg.core.f` (1 hop)',
      '- `tests/test_core.py::test_z`: `pkg.core.g` (1 hop)',
    ]);
    expect(plainSection(renderTestsSection(three)).body.split('\n')).toContain('- tests/test_core.py::test_a, tests/test_core.py::test_b and tests/test_core.py::test_c: pkg.core.f (1 hop)');
  });

  it('lead a larger group by its first node id and count the rest; the JSON keeps every id', async () => {
    const p = await sharedReach(5);
    const tests = findAffectedTests(p);
    expect(testLines(renderTestsSection(tests))).toEqual(['- `tests/test_core.py::test_a` and 4 more tests: `pkg.core.f` (1 hop)', '- `tests/test_core.py::test_z`: `pkg.core.g` (1 hop)']);
    const json = reviewListsData(findBreakingSites(p), tests, 'complete') as unknown as { tests: { nodeId: string }[] };
    expect(json.tests.map((t) => t.nodeId)).toEqual(['a', 'b', 'c', 'd', 'e', 'z'].map((c) => `tests/test_core.py::test_${c}`));
  });

  it('are one line; a test reaching something else keeps its own line', async () => {
    // click 7a0a3447: 20 of 320 lines each said "`click.core.Command.main#3` (2 hops)".
    const core = 'def f(x):\n    return x\n\n\ndef g(x):\n    return x\n';
    const tests = 'from pkg.core import f, g\n\n\ndef test_a():\n    f(1)\n\n\ndef test_b():\n    f(2)\n\n\ndef test_c():\n    f(3)\n\n\ndef test_d():\n    g(1)\n';
    const p = await reviewProject(
      { 'pkg/__init__.py': '', 'pkg/core.py': core, 'tests/test_core.py': tests },
      { 'pkg/__init__.py': '', 'pkg/core.py': core.replace(/return x/g, 'return x + 1'), 'tests/test_core.py': tests },
    );
    expect(renderTestsSection(findAffectedTests(p))).toBe(
      [
        '### Tests that exercise the change',
        '',
        "Most likely: 4 tests reach a changed symbol within 10 calls (every node id is in the Action's `tests` output):",
        '',
        '- `tests/test_core.py::test_a`, `tests/test_core.py::test_b` and `tests/test_core.py::test_c`: `pkg.core.f` (1 hop)',
        '- `tests/test_core.py::test_d`: `pkg.core.g` (1 hop)',
      ].join('\n'),
    );
  });
});

describe('shortened review lists (the budget ladder, pipeline/prDigest.ts)', () => {
  it('compact keeps five test lines and counts the untested symbols; counts is one line', async () => {
    // 8 changed functions: 7 reached by a test each (7 lines), 1 by none.
    const names = Array.from({ length: 8 }, (_, i) => `f${i}`);
    const core = names.map((n) => `def ${n}(x):\n    return x\n`).join('\n\n');
    const tests = `${[`from pkg.core import ${names.join(', ')}`, ...names.slice(0, 7).map((n) => `\n\ndef test_${n}():\n    ${n}(1)`)].join('\n')}\n`;
    const p = await reviewProject(
      { 'pkg/__init__.py': '', 'pkg/core.py': core, 'tests/test_core.py': tests },
      { 'pkg/__init__.py': '', 'pkg/core.py': core.replace(/return x/g, 'return x + 1'), 'tests/test_core.py': tests },
    );
    const affected = findAffectedTests(p);
    const full = renderTestsSection(affected);
    expect(testLines(full)).toHaveLength(8); // 7 tests, 1 untested name
    const compact = renderTestsSection(affected, 'compact');
    expect(testLines(compact)).toEqual([
      ...['f0', 'f1', 'f2', 'f3', 'f4'].map((n) => `- \`tests/test_core.py::test_${n}\`: \`pkg.core.${n}\` (1 hop)`),
      '- … and 2 more (all of them in the JSON digest)',
    ]);
    expect(compact).toContain('1 changed symbol is reached by no test within 10 calls (listed in the JSON digest).');
    expect(compact).not.toContain('`pkg.core.f7`');
    expect(renderTestsSection(affected, 'counts')).toBe(
      "### Tests that exercise the change\n\n7 tests reach a changed symbol within 10 calls; 1 changed symbol is reached by none (the JSON digest lists them, the Action's `tests` output the tests).",
    );
  });
});

describe('the must-run line', () => {
  it('names up to 20 files, counts the rest, and points at the output holding them all', () => {
    const files = Array.from({ length: 34 }, (_, i) => `tests/test_${String(i).padStart(2, '0')}.py`);
    const text = renderTestsSection({ tests: [], unreached: [], mustRun: { files, covered: new Set(['pkg/core.py']), notes: [] } });
    const line = text.split('\n').find((l) => l.startsWith('Must run:'))!;
    expect(line).toMatch(/^Must run: 34 test files import the changed code: `tests\/test_00\.py`, .*`tests\/test_19\.py` and 14 more \(all in the Action's `tests-must-run` output\)\.$/);
    const few = renderTestsSection({ tests: [], unreached: [], mustRun: { files: files.slice(0, 2), covered: new Set(['pkg/core.py']), notes: [] } });
    expect(few).toContain('Must run: 2 test files import the changed code: `python -m pytest tests/test_00.py tests/test_01.py`.');
  });
});
