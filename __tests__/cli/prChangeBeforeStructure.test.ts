// The change comes before the digest's structure: when the plain diff of a PR fits the budget, the
// digest shows every changed line too. A change threading a parameter through twenty methods (flask
// 70d04b5a2 passed a context through its dispatch methods) fits as a diff, but a list naming each
// changed method and a signature note above each one's hunks took the room of a third of the change.
// And a changed caller's code is context: it gives its room back before a changed test is cut to its
// signature. Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { createTokenCounter } from '../../src/pack/tokens.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';
import { cli, prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const METHODS = 20;

/** A repository of two commits, and the tokens of its plain diff. */
function twoCommits(base: Record<string, string>, head: Record<string, string>) {
  const repo = makeRepo();
  repo.write(base);
  repo.commit('base');
  repo.write(head);
  repo.commit('head');
  return { repo, diffTokens: createTokenCounter('o200k_base').count(repo.git('diff', '-U3', 'HEAD~1', 'HEAD')) };
}

/** One class of METHODS handlers, each calling the next; `head` adds a `ctx` parameter to every one. */
function dispatcher(head: boolean): string {
  const param = head ? 'self, ctx, request, payload' : 'self, request, payload';
  const methods = Array.from({ length: METHODS }, (_, i) => {
    const next = i + 1 < METHODS ? `self.handle_event_number_${i + 1}(${head ? 'ctx, ' : ''}request, payload)` : 'None';
    return [
      `    def handle_event_number_${i}(${param}):`,
      `        """Handle event ${i} of the dispatcher."""`,
      `        record = payload.get("event_${i}")`,
      `        if record is None:`,
      `            return ${next}`,
      `        request.log.append(record)`,
      `        return record`,
    ].join('\n');
  });
  return `class EventDispatcherWithALongName:\n    """Dispatches events."""\n\n${methods.join('\n\n')}\n`;
}

describe('repodigest pr: the change before the structure', () => {
  test('a parameter threaded through twenty methods: every changed line is shown when the plain diff fits', async () => {
    const repo = makeRepo();
    repo.write({ 'events/__init__.py': '', 'events/dispatch.py': dispatcher(false) });
    repo.commit('base');
    repo.write({ 'events/dispatch.py': dispatcher(true) });
    repo.commit('head');
    // The premise: the plain diff fits the budget with room to spare.
    expect(createTokenCounter('o200k_base').count(repo.git('diff', '-U3', 'HEAD~1', 'HEAD'))).toBeLessThan(2700);
    const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', '3000');
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    for (let i = 0; i < METHODS; i++) {
      expect(out).toContain(`+    def handle_event_number_${i}(self, ctx, request, payload):`);
      expect(out).toContain(`-    def handle_event_number_${i}(self, request, payload):`);
    }
    // The names made room for the code: the header says the list is left out.
    expect(out).toMatch(/their list and call sites were left out to fit the budget/);
  });

  test('a changed caller gives its room back before a changed test is cut to its signature', async () => {
    const body = (scale: string) => `def area(w, h${scale}):\n    """Area of a rectangle."""\n    return w * h\n`;
    const caller = Array.from({ length: 8 }, (_, i) => `    total += area(${i}, ${i + 1})  # row ${i} of the report, summed`).join('\n');
    const report = `from geo.shapes import area\n\n\ndef report():\n    total = 0\n${caller}\n    return total\n`;
    const checks = Array.from({ length: 25 }, (_, i) => `    assert area(${i}, 2, scale=1) == ${i * 2}, "row ${i} of the area table"`).join('\n');
    const testFile = `from geo.shapes import area\n\n\ndef test_area_table():\n${checks}\n`;
    const shown: boolean[] = [];
    for (let budget = 800; budget <= 1600; budget += 50) {
      const run = await prOverTwoCommits(
        { 'geo/__init__.py': '', 'geo/shapes.py': body(''), 'geo/report.py': report, 'tests/__init__.py': '' },
        { 'geo/shapes.py': body(', scale=1'), 'tests/test_area.py': testFile },
        '--budget',
        String(budget),
      );
      const out = run.stdout;
      const testShown = out.includes('assert area(24, 2, scale=1) == 48');
      const callerShown = out.includes('### `report` (function, full)');
      // Never the caller's whole code while the changed test is a signature alone.
      expect(callerShown && !testShown, `budget ${budget}`).toBe(false);
      shown.push(testShown);
    }
    expect(shown).toContain(true);
  });
});

describe('repodigest pr: mechanical changes before callers', () => {
  test('a one-line docstring edit keeps its share while callers of a changed signature are packed', async () => {
    const shapes = (scale: string, doc: string) =>
      `def area(w, h${scale}):\n    """Area of a rectangle."""\n    return w * h\n\n\nclass Options:\n    """Options of a drawing.\n\n    - \`\`width\`\`: the width.\n${doc}    - \`\`height\`\`: the height.\n    """\n\n    width = 1\n`;
    const callers: Record<string, string> = {};
    for (let m = 0; m < 6; m++) {
      const defs = Array.from({ length: 5 }, (_, i) => `def use_${m}_${i}(x):\n    """Uses area for row ${i} of report ${m}."""\n    total = area(x, ${i + 1})\n    return total + ${m}\n`).join('\n\n');
      callers[`geo/use${m}.py`] = `from geo.shapes import area\n\n\n${defs}`;
    }
    const testFile = `from geo.shapes import area\n\n\ndef test_scale():\n    assert area(2, 3, scale=2) == 6\n`;
    let checked = 0;
    for (let budget = 1200; budget <= 2400; budget += 100) {
      const run = await prOverTwoCommits(
        { 'geo/__init__.py': '', 'geo/shapes.py': shapes('', ''), ...callers, 'tests/__init__.py': '' },
        { 'geo/shapes.py': shapes(', scale=1', '    - ``depth``: the depth, new.\n'), 'tests/test_scale.py': testFile },
        '--budget',
        String(budget),
      );
      const out = run.stdout;
      const callerShown = /### `use_\d_\d` \(function, full\)/.test(out);
      if (!callerShown) continue;
      checked++;
      // A caller whole is context: it never takes the room of the change, a docstring edit included.
      expect(out, `budget ${budget}`).toContain('+    - ``depth``: the depth, new.');
      expect(out, `budget ${budget}`).toContain('assert area(2, 3, scale=2) == 6');
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('repodigest pr: the room a change keeps counts its file headings', () => {
  test('a change spread over nine files is shown whole at every budget its plain diff fits', async () => {
    // A long function with a one-line fix, ranked first (it has a caller), and a one-line fix in each
    // of eight other files. Each root keeps the roots after it room for their blocks and for the
    // heading of each file they open: without the headings, the last fix was left out at budgets the
    // plain diff fits.
    const long = (v: number) => `def build_report(rows):\n    """Build the report."""\n${Array.from({ length: 40 }, (_, i) => `    rows.append("line ${i} of the report body")`).join('\n')}\n    return len(rows) + ${v}\n`;
    const small = (k: number, v: number) => `def limit_${k}(x):\n    return min(x, ${v})\n`;
    const base: Record<string, string> = { 'app/__init__.py': '', 'app/report.py': long(0), 'app/main.py': 'from app.report import build_report\n\n\ndef main():\n    return build_report([])\n' };
    const head: Record<string, string> = { 'app/report.py': long(1) };
    for (let k = 0; k < 8; k++) {
      base[`app/part_number_${k}/limits.py`] = small(k, 10);
      base[`app/part_number_${k}/__init__.py`] = '';
      head[`app/part_number_${k}/limits.py`] = small(k, 20);
    }
    const { repo, diffTokens } = twoCommits(base, head);
    for (let budget = diffTokens; budget <= diffTokens + 300; budget += 25) {
      const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(budget), '--no-mermaid');
      expect(run.code, run.stderr).toBe(0);
      const blocks = run.stdout.split('\n### ');
      const fixes = Array.from({ length: 8 }, (_, k) => blocks.some((b) => b.split('\n')[0]!.includes(`limit_${k}\``) && b.includes('+    return min(x, 20)'))).filter(Boolean).length;
      expect(fixes, `budget ${budget}`).toBe(8);
      expect(run.stdout, `budget ${budget}`).toContain('+    return len(rows) + 1');
    }
  });
});

describe('repodigest pr: mechanical changes before fuller lists', () => {
  test('docstring edits are shown, with the call-site lists shorter, at every budget the plain diff fits', async () => {
    // A changed default with thirty callers (a long call-site list) and eight docstring-only edits:
    // the edits are part of the change the plain diff shows; a level whose lists leave them out
    // shows less of the change than a more compact one that has them.
    const doc = (k: number, v: string) => `def helper_${k}(x):\n    """Helper ${k}.\n\n    Returns x scaled: ${v}.\n    """\n    return x * ${k + 1}\n`;
    const base: Record<string, string> = { 'calc/__init__.py': '', 'calc/core.py': 'def scale(x, factor=2):\n    return x * factor\n' };
    const head: Record<string, string> = { 'calc/core.py': 'def scale(x, factor=3):\n    return x * factor\n' };
    for (let m = 0; m < 6; m++) {
      base[`calc/use_${m}.py`] = `from calc.core import scale\n\n\n${Array.from({ length: 5 }, (_, i) => `def use_${m}_${i}(x):\n    return scale(x) + ${i}\n`).join('\n\n')}`;
    }
    for (let k = 0; k < 8; k++) {
      base[`calc/helpers_${k}.py`] = doc(k, 'the old wording of this line');
      head[`calc/helpers_${k}.py`] = doc(k, 'the new wording of this docstring line');
    }
    const { repo, diffTokens } = twoCommits(base, head);
    for (let budget = diffTokens + 100; budget <= diffTokens + 700; budget += 100) {
      const run = await cli('pr', repo.dir, '--base', 'HEAD~1', '--budget', String(budget), '--no-mermaid');
      expect(run.code, run.stderr).toBe(0);
      const edits = run.stdout.split('\n').filter((l) => l === '+    Returns x scaled: the new wording of this docstring line.').length;
      expect(edits, `budget ${budget}`).toBe(8);
      expect(run.stdout, `budget ${budget}`).toContain('+def scale(x, factor=3):');
    }
  });
});
