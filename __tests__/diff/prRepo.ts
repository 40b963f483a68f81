// A real git repository holding one pull request's worth of Python changes. The expected changed
// symbols are written next to each edit.
import { afterAll, beforeAll } from 'vitest';
import { type PreparedPr, preparePr } from '../../src/pr/prepare.js';
import { makeRepo, removeTempDirs, type TestRepo } from '../support/testRepo.js';

export interface PrRepo {
  repo: TestRepo;
  /** Tip of main after the PR branched off (main moved on). */
  base: string;
  head: string;
  forkPoint: string;
}

const SHAPES_BASE = `"""Shapes."""
import math

SCALE = 1


class Circle:
    def __init__(self, r):
        self.r = r

    def area(self):
        return math.pi * self.r ** 2

    def perimeter(self):
        return 2 * math.pi * self.r


def unit():
    return Circle(1)


def legacy():
    return unit().area()
`;

const SHAPES_HEAD = `"""Shapes."""
import math

SCALE = 2


class Circle:
    def __init__(self, r):
        self.r = r

    def area(self):
        return math.pi * self.r * self.r

    def perimeter(self):
        return 2 * math.pi * self.r


def unit():
    return Circle(1)


def square(x):
    return x * x
`;

const fns = (names: string[], changed: Record<string, string> = {}) =>
  names.map((n) => `def ${n}():\n    return ${changed[n] ?? `'${n}'`}\n`).join('\n\n');

const NEST_BASE = `def outer():
    def inner():
        return 1
    return inner()


class K:
    kind = "a"

    def m(self):
        return 1


class L:
    def keep(self):
        return 1
`;

const NEST_HEAD = `def outer():
    def inner():
        return 2
    return inner()


class K:
    kind = "b"

    def m(self):
        return 1


class L:
    def keep(self):
        return 1

    def added(self):
        return 2
`;

const CALLER = `from pkg.shapes import Circle, legacy, unit


def report():
    c = unit()
    return c.area(), legacy()


def twice():
    return legacy() + legacy()
`;

export function buildPrRepo(): PrRepo {
  const repo = makeRepo();
  repo.write({
    'pkg/__init__.py': '',
    'pkg/shapes.py': SHAPES_BASE,
    'app/__init__.py': '',
    'app/caller.py': CALLER,
    'old_name.py': 'def moved():\n    return 1\n',
    'edit_me.py': fns(['a', 'b', 'c', 'd', 'e', 'f']),
    'gone.py': 'def gone():\n    pass\n',
    'nest.py': NEST_BASE,
    'dir with space/mod ule.py': 'def spaced():\n    return 1\n',
    'docs/readme.txt': 'hello\n',
    'data/logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]),
  });
  const forkPoint = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write({
    'pkg/shapes.py': SHAPES_HEAD, // SCALE (module), Circle.area modified; legacy removed; square added
    'nest.py': NEST_HEAD, // outer.inner modified (not outer); K modified (class body); L.added added (L untouched)
    // renamed, b edited, c removed: ids follow the new path (pkg.edited.*)
    'pkg/edited.py': fns(['a', 'b', 'd', 'e', 'f'], { b: '20' }),
    'pkg/extra.py': '"""Extra."""\n\n\ndef extra():\n    return 1\n', // module + extra added
    'dir with space/mod ule.py': 'def spaced():\n    return 2\n', // spaced modified
    'docs/readme.txt': 'hello world\n',
    'data/logo.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 2]),
  });
  repo.remove('edit_me.py', 'gone.py'); // gone.py: module + gone removed
  repo.git('add', '-A');
  repo.git('mv', 'old_name.py', 'new_name.py'); // rename without edits: nothing changes
  const head = repo.commit('feature');
  repo.git('checkout', '-q', 'main');
  // main moves on after the fork: shifts shapes.py lines; must not count as the PR's change.
  repo.write({ 'pkg/shapes.py': `# main header\n# second line\n${SHAPES_BASE}`, 'main_only.py': 'def m():\n    pass\n' });
  const base = repo.commit('main moves on');
  return { repo, base, head, forkPoint };
}

/**
 * A repository whose base commit holds `baseFiles` and whose head commit writes `headFiles` over them,
 * prepared as a pull request (what the PR tests of one scenario start from).
 */
export async function preparedTwoCommitPr(baseFiles: Record<string, string>, headFiles: Record<string, string>): Promise<{ repo: TestRepo; prepared: PreparedPr }> {
  const repo = makeRepo();
  repo.write(baseFiles);
  const base = repo.commit('base');
  repo.write(headFiles);
  const head = repo.commit('head');
  return { repo, prepared: await preparePr({ repoDir: repo.dir, base, head }) };
}

/**
 * The one PR a test file is about: prepared in `beforeAll`, its repository removed in `afterAll`; tests
 * read `.prepared`.
 */
export function twoCommitPrFixture(baseFiles: Record<string, string>, headFiles: Record<string, string>): { readonly prepared: PreparedPr } {
  let made: { repo: TestRepo; prepared: PreparedPr } | undefined;
  beforeAll(async () => {
    made = await preparedTwoCommitPr(baseFiles, headFiles);
  }, 60_000);
  afterAll(() => {
    made?.repo.cleanup();
    removeTempDirs();
  });
  return {
    get prepared(): PreparedPr {
      if (made === undefined) throw new Error('the PR is prepared in beforeAll');
      return made.prepared;
    },
  };
}
