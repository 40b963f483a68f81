// The review sections are budgeted with the rest of the PR preamble (render/reviewSections.ts,
// pipeline/prDigest.ts's ladder): when changed code would be left out, the long review lists shrink
// (the header says so) before the code does, and the JSON digest still lists every test and symbol.
// A real git repository: 12 changed functions, 6 reached by tests that each reach a different pair,
// 6 reached by none.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type PackResult, rootsInDocument } from '../../src/pack/packer.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { packPr } from '../../src/pr/packPr.js';
import type { PreparedPr } from '../../src/pr/prepare.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

const SHORTENED = 'the review lists are shortened or counted';

/** A function of ~70 tokens whose body differs between base and head by one constant. */
function fn(name: string, k: number): string {
  const body = Array.from({ length: 6 }, (_, i) => `    step_${i} = value * ${i + 1} + ${k}  # ${name} keeps step ${i}`);
  return [`def ${name}(value):`, `    """Compute the ${name.replace(/_/g, ' ')} of a value."""`, ...body, '    return step_5', ''].join('\n');
}

const NAMES = Array.from({ length: 12 }, (_, i) => `measure_${String.fromCharCode(97 + i)}`);

function core(k: number): string {
  return NAMES.map((n) => fn(n, k)).join('\n\n');
}

/** 15 tests, each reaching a different pair of the first six functions: 15 lines, none shared. */
function tests(): string {
  const lines = [`from pkg.core import ${NAMES.slice(0, 6).join(', ')}`, ''];
  for (let i = 0; i < 6; i++) {
    for (let j = i + 1; j < 6; j++) lines.push('', `def test_${NAMES[i]}_with_${NAMES[j]}():`, `    assert ${NAMES[i]}(1) <= ${NAMES[j]}(2) + 100`, '');
  }
  return lines.join('\n');
}

let prepared: PreparedPr;

beforeAll(async () => {
  const repo = makeRepo();
  repo.write({ 'pkg/__init__.py': '', 'pkg/core.py': core(0), 'tests/test_core.py': tests() });
  const base = repo.commit('base');
  repo.write({ 'pkg/core.py': core(1) });
  const head = repo.commit('head');
  ({ prepared } = await preparePrPacks({ repoDir: repo.dir, base, head, fullIndex: true }, [withPackDefaults({ budget: 4000 })]));
}, 120_000);

afterAll(removeTempDirs);

describe('review sections under a small budget', () => {
  test('shrink before changed code is left out, and the header says so', () => {
    const roomy = packPr(prepared, withPackDefaults({ budget: 6000 }));
    expect(rootsInDocument(roomy)).toBe(12);
    expect(roomy.content).not.toContain(SHORTENED);
    // The test module imports every changed function: none is untested, the must-run tier names it.
    expect(roomy.content).toContain('Must run: 1 test file imports the changed code: `python -m pytest tests/test_core.py`.');
    expect(roomy.content).not.toContain('no test module imports');

    // At this budget the review lists are counted before any changed code is left out.
    const tight = packPr(prepared, withPackDefaults({ budget: 1100 }));
    expect(tight.totalTokens).toBeLessThanOrEqual(1100);
    expect(tight.content).toContain(SHORTENED);
    expect(tight.content).toContain('15 tests reach a changed symbol within 10 calls (the JSON digest lists them');
    expect(asCode(tight)).toBeGreaterThanOrEqual(2);

    const json = JSON.parse(packPr(prepared, withPackDefaults({ budget: 1100, format: 'json' })).content) as { tests: unknown[]; untested: string[] };
    expect(json.tests).toHaveLength(15);
    expect(json.untested).toHaveLength(0);
    expect((json as unknown as { mustRun: { files: string[] } }).mustRun.files).toEqual(['tests/test_core.py']);
  });
});

describe('changed code under a small budget', () => {
  test('more budget never shows fewer changed symbols as code: a root keeps the others room to show their change', () => {
    // Every line of these functions changes, so each one's smallest view that shows its change is its
    // whole diff (~315 tokens). Signatures, which show none of it, fill what is left.
    let before = 0;
    const shown: string[] = [];
    for (let budget = 900; budget <= 4800; budget += 50) {
      const result = packPr(prepared, withPackDefaults({ budget }));
      expect(result.totalTokens).toBeLessThanOrEqual(budget);
      const now = asCode(result);
      shown.push(`${budget}:${now}`);
      expect(now, shown.join(' ')).toBeGreaterThanOrEqual(before);
      before = now;
    }
    expect(before).toBe(12);
    // With room to spare, every whole diff.
    const roomy = packPr(prepared, withPackDefaults({ budget: 6000 }));
    expect(roomy.packed.filter((p) => roomy.roots.includes(p.id) && p.mode === 'full')).toHaveLength(12);
  });
});

/** Changed symbols whose changed lines are in the document (any view but a signature). */
function asCode(result: PackResult): number {
  const roots = new Set(result.roots);
  return result.packed.filter((p) => roots.has(p.id) && p.mode !== 'signature').length + result.skipped.filter((s) => s.within !== undefined && roots.has(s.id)).length;
}
