// A monorepo-shaped pull request: the Python project lives in `app/`, the PR also touches files
// outside it. The expected changed symbols are written next to each edit.
import { makeRepo, type TestRepo } from '../support/testRepo.js';

export const UTIL_BASE = `def normalize(x):
    return x.strip()


def legacy_hash(x):
    return hash(x)
`;

// normalize modified; added_fn added (calls normalize); legacy_hash untouched.
export const UTIL_HEAD = `def normalize(x):
    return x.strip().lower()


def legacy_hash(x):
    return hash(x)


def added_fn(y):
    return normalize(y)
`;

const REPORTS = `from util import normalize


def report(x):
    return normalize(x)
`;

const MAIN = `from util import normalize
from reports import report


def run(x):
    return report(normalize(x))
`;

export interface MonorepoPr {
  repo: TestRepo;
  /** The fork point (main's tip). */
  main: string;
  feature: string;
}

/** main: app/{util,reports,main}.py, README.md, lib/tool.py; branch `feature` edits util.py, README.md and lib/tool.py. */
export function monorepoPr(): MonorepoPr {
  const repo = makeRepo();
  repo.write({ 'app/util.py': UTIL_BASE, 'app/reports.py': REPORTS, 'app/main.py': MAIN, 'README.md': 'x\n', 'lib/tool.py': 'def tool():\n    return 1\n' });
  const main = repo.commit('base');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write({ 'app/util.py': UTIL_HEAD, 'README.md': 'y\n', 'lib/tool.py': 'def tool():\n    return 2\n' });
  const feature = repo.commit('feature');
  return { repo, main, feature };
}
