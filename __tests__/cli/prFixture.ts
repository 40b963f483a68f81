// A scripted git history of pull requests for the PR digest (issue 8), built by the tests from the
// Python source text below: one repository, one commit per PR, each PR = `base..head` of its commit.
//
// Helper B (diff semantics): the rename / move PRs are here for your assertions (`rename`,
// `crossFileMove`, `moveWithEdit`); this file is __tests__/cli/prFixture.ts, used by
// __tests__/cli/prFixture.test.ts (digest plan and rendering). Add scenarios at the end of
// buildPrFixture so the earlier commits (and their SHAs' parents) stay as they are.
import { makeRepo, type TestRepo } from '../support/testRepo.js';

export interface FixturePr {
  base: string;
  head: string;
}

export type FixturePrName =
  | 'rename'
  | 'crossFileMove'
  | 'moveWithEdit'
  | 'signatureChange'
  | 'deletedLineFix'
  | 'moduleImport'
  | 'manyTests';

export interface PrFixture {
  repo: TestRepo;
  prs: Record<FixturePrName, FixturePr>;
}

export const SHAPES = `"""Shapes and their areas."""
import math

UNIT = 1.0


def area(w, h):
    """Area of a w x h rectangle."""
    return w * h * UNIT


def old_name(r):
    return math.pi * r * r


def countdown(n):
    out = []
    while n > 0:
        out.append(n)
        n = n - 1
        n = n - 1
    return out
`;

export const HELPERS = `def slugify(text):
    """Lower-case, dashes for spaces."""
    return text.lower().replace(" ", "-")


def clamp(x, lo, hi):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x
`;

export const REPORT = `from pkg.helpers import clamp, slugify
from pkg.shapes import area, old_name


def summary(w, h):
    return slugify(f"{area(w, h)}")


def circle(r):
    return old_name(r)


def bounded(x):
    return clamp(x, 0, 10)
`;

export const PANEL = `from pkg.shapes import area


def panel_area(w, h):
    return area(w, h)


def double_panel(w, h):
    return 2 * area(w, h)
`;

export const CONFIG = `"""Settings read once at import."""
import os

DEBUG = os.environ.get("DEBUG") == "1"

LEVELS = {
    "low": 1,
    "mid": 2,
    "high": 3,
}

DEFAULT_LEVEL = LEVELS["mid"]


def level(name):
    return LEVELS.get(name, DEFAULT_LEVEL)
`;

function testFile(count: number, offset: number): string {
  const lines = ['from pkg.shapes import area', ''];
  for (let i = 0; i < count; i++) lines.push('', `def test_area_${offset + i}():`, `    assert area(${i}, 2) == ${i * 2}`, '');
  return `${lines.join('\n')}\n`;
}

/** The repository and its PRs. Every PR is one commit on top of the previous one. */
export function buildPrFixture(): PrFixture {
  const repo = makeRepo();
  repo.write({
    'pkg/__init__.py': '',
    'pkg/shapes.py': SHAPES,
    'pkg/helpers.py': HELPERS,
    'pkg/report.py': REPORT,
    'pkg/panel.py': PANEL,
    'pkg/config.py': CONFIG,
    'tests/__init__.py': '',
  });
  let head = repo.commit('base');
  const step = (message: string, files: Record<string, string | null>): FixturePr => {
    for (const [path, text] of Object.entries(files)) {
      if (text === null) repo.remove(path);
      else repo.write({ [path]: text });
    }
    const base = head;
    head = repo.commit(message);
    return { base, head };
  };
  let shapes = SHAPES;
  let report = REPORT;
  let helpers = HELPERS;

  // A rename in place: old_name -> circle_area, its caller updated.
  shapes = shapes.replace('def old_name(r):', 'def circle_area(r):');
  report = report.replace('area, old_name', 'area, circle_area').replace('return old_name(r)', 'return circle_area(r)');
  const rename = step('rename old_name to circle_area', { 'pkg/shapes.py': shapes, 'pkg/report.py': report });

  // A cross-file move, unchanged: helpers.slugify -> text.slugify, its importer updated.
  const slugify = HELPERS.slice(0, HELPERS.indexOf('\n\n\ndef clamp'));
  helpers = HELPERS.slice(HELPERS.indexOf('def clamp'));
  report = report.replace('from pkg.helpers import clamp, slugify', 'from pkg.helpers import clamp\nfrom pkg.text import slugify');
  const crossFileMove = step('move slugify to pkg/text.py', { 'pkg/helpers.py': helpers, 'pkg/text.py': `${slugify}\n`, 'pkg/report.py': report });

  // A move with an edit: helpers.clamp -> mathx.clamp, one line changed on the way.
  const clamp = helpers.replace('    if x > hi:\n        return hi\n', '    if x >= hi:\n        return hi\n');
  report = report.replace('from pkg.helpers import clamp', 'from pkg.mathx import clamp');
  const moveWithEdit = step('move clamp to pkg/mathx.py, >= at the top', { 'pkg/helpers.py': null, 'pkg/mathx.py': clamp, 'pkg/report.py': report });

  // A signature change with three callers (report.summary, panel.panel_area, panel.double_panel).
  shapes = shapes.replace('def area(w, h):', 'def area(w, h, scale=1):').replace('return w * h * UNIT', 'return w * h * UNIT * scale');
  const signatureChange = step('area takes a scale', { 'pkg/shapes.py': shapes });

  // A fix that only deletes a line: countdown stepped by two.
  shapes = shapes.replace('        n = n - 1\n        n = n - 1\n', '        n = n - 1\n');
  const deletedLineFix = step('countdown steps by one', { 'pkg/shapes.py': shapes });

  // A module-level change: one import, far from the rest of the module-level code.
  const config = CONFIG.replace('import os\n', 'import os\nfrom typing import TYPE_CHECKING\n');
  const moduleImport = step('config imports TYPE_CHECKING', { 'pkg/config.py': config });

  // 150 changed symbols, 5 of them non-test code: 145 test symbols (three new test modules with 142
  // test functions) and 5 edits in pkg (shapes.area, panel.panel_area, panel.double_panel, report.summary, report.bounded).
  shapes = shapes.replace('    """Area of a w x h rectangle."""', '    """Area of a w x h rectangle, scaled."""');
  const panel = PANEL.replace('return 2 * area(w, h)', 'return area(w, h, scale=2)').replace('    return area(w, h)\n', '    return area(w, h, 1)\n');
  report = report.replace('return slugify(f"{area(w, h)}")', 'return slugify(f"{area(w, h):.2f}")').replace('return clamp(x, 0, 10)', 'return clamp(x, 0, 100)');
  const manyTests = step('142 tests and 5 edits', {
    'pkg/shapes.py': shapes,
    'pkg/panel.py': panel,
    'pkg/report.py': report,
    'tests/test_a.py': testFile(50, 0),
    'tests/test_b.py': testFile(50, 50),
    'tests/test_c.py': testFile(42, 100),
  });

  return { repo, prs: { rename, crossFileMove, moveWithEdit, signatureChange, deletedLineFix, moduleImport, manyTests } };
}
