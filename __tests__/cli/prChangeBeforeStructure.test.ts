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
      const callerShown = out.includes('### `geo.report.report` (function, full)');
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
      const callerShown = /### `geo\.use\d\.use_\d_\d` \(function, full\)/.test(out);
      if (!callerShown) continue;
      checked++;
      // A caller whole is context: it never takes the room of the change, a docstring edit included.
      expect(out, `budget ${budget}`).toContain('+    - ``depth``: the depth, new.');
      expect(out, `budget ${budget}`).toContain('assert area(2, 3, scale=2) == 6');
    }
    expect(checked).toBeGreaterThan(0);
  });
});
