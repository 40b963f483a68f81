// A pull request whose changed and removed functions are reached through values: passed to `map`,
// held in a dispatch table. Real git, the real CLI; the expected verdict is written next to each line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs } from '../support/testRepo.js';
import { type Digest, digestOf, section } from './prShape.js';

const JOBS_BASE = `def work(x):
    return x


def clean(x):
    return x


def old(x):
    return x


HANDLERS = {"work": work, "clean": clean, "old": old}
`;

// work and clean take one more required argument; old is removed while the table still names it.
const JOBS_HEAD = `def work(x, y):
    return x


def clean(x, y):
    return x


HANDLERS = {"work": work, "clean": clean, "old": old}
`;

const RUN = `from app.jobs import HANDLERS, work


def run_all(xs):
    return list(map(work, xs))  # check: map calls work with arguments not written here


def run_one(key, x):
    return HANDLERS[key](x)  # check: one of three handlers
`;

let digest: Digest;

beforeAll(async () => {
  const files = { 'app/__init__.py': '', 'app/run.py': RUN };
  digest = await digestOf({ ...files, 'app/jobs.py': JOBS_BASE }, { ...files, 'app/jobs.py': JOBS_HEAD }, 8000);
}, 60_000);

afterAll(() => removeTempDirs());

describe('a PR whose functions are reached through values', () => {
  it('reports a changed signature reached through map or a table as "check", never "likely broken"', () => {
    const breaking = section(digest.markdown, '### Breaking call sites');
    const lines = breaking.split('\n').filter((l) => l.startsWith('- '));
    expect(lines.filter((l) => l.includes('`app.run.'))).toEqual([
      '- check: `app/run.py:5` in `app.run.run_all`: passes `work` to `map`, which calls it with arguments not written here',
      '- check: `app/run.py:9` in `app.run.run_one`: missing required argument `y` of `clean` (when `HANDLERS[...]` holds `clean`)',
      // The table names `old`, which head no longer defines: the pick may reach it (a name-only match).
      '- check: `app/run.py:9` in `app.run.run_one`: name-only match: may call `old`, which this change removes',
      '- check: `app/run.py:9` in `app.run.run_one`: missing required argument `y` of `work` (when `HANDLERS[...]` holds `work`)',
    ]);
    expect(lines.filter((l) => l.startsWith('- likely broken') && l.includes('app/run.py'))).toEqual([]);
  });

  it('reports the removed function the table still holds as likely broken where the table names it', () => {
    const breaking = section(digest.markdown, '### Breaking call sites');
    expect(breaking).toContain('- likely broken: `app/jobs.py:9` in `app.jobs`: uses `old` as a value, which this change removes');
    const sites = section(digest.markdown, '### Call sites to check');
    expect(sites).toContain('- **Removed but still called:** `app.jobs.old`, 1 call site:\n  - `app/jobs.py:9` in `app.jobs` (used by: passed or stored as a value)');
  });

  it('lists a line that passes a function to map once, as the call, not again as a use', () => {
    const sites = section(digest.markdown, '### Call sites to check');
    expect(sites.split('\n').filter((l) => l.includes('in `run_all`'))).toEqual(['    - 5 in `run_all`: `return list(map(work, xs))  # check: map calls work with arguments not written here`']);
  });
});
