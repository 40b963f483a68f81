// A changed symbol's call sites in test files are counted per file when there are more than
// MAX_TEST_SITES_LISTED (src/pr/callSites.ts): the tests section names those tests already, and the
// budget goes to the callers' code (requests 1190afd1 at 3,000 tokens: 63 test lines of `Request`
// left out `Session.request`). Real git repository, real CLI.
import { afterAll, describe, expect, test } from 'vitest';
import { MAX_TEST_SITES_LISTED } from '../../src/pr/callSites.js';
import { removeTempDirs } from '../support/testRepo.js';
import { prOverTwoCommits } from './cliHarness.js';

afterAll(removeTempDirs);

const LIB = (change: string) => `def parse(text):
    return text.strip()${change}


def load(path):
    with open(path) as f:
        return parse(f.read())
`;

const TESTS = Array.from({ length: 7 }, (_, i) => `def test_parse_${i}():\n    assert parse(" a${i} ") == "a${i}"\n`).join('\n\n');

describe('repodigest pr: call sites in test files', () => {
  test('more than the limit are counted per file; the call sites outside tests stay one per line', async () => {
    expect(7).toBeGreaterThan(MAX_TEST_SITES_LISTED);
    const run = await prOverTwoCommits({ 'app/__init__.py': '', 'app/lib.py': LIB(''), 'tests/test_lib.py': `from app.lib import parse\n\n\n${TESTS}` }, { 'app/lib.py': LIB('.lower()') }, '--budget', '6000');
    const section = run.stdout.slice(run.stdout.indexOf('### Call sites to check'), run.stdout.indexOf('### Call graph'));
    expect(section.split('\n').filter((l) => l.startsWith('-') || l.startsWith('  -'))).toEqual([
      '- `app.lib.parse` (modified), 8 call sites:',
      '  - `app/lib.py:7` in `load`: `return parse(f.read())`',
      '  - 7 in test files: `tests/test_lib.py` 7',
    ]);
    // The tests themselves are named in the tests section.
    expect(run.stdout).toContain('`tests/test_lib.py::test_parse_0`');
  });

  test('when every call site is in a test file, the counts per file are the head line', async () => {
    const alone = (change: string) => `def parse(text):\n    return text.strip()${change}\n`;
    const run = await prOverTwoCommits({ 'app/__init__.py': '', 'app/lib.py': alone(''), 'tests/test_lib.py': `from app.lib import parse\n\n\n${TESTS}` }, { 'app/lib.py': alone('.lower()') }, '--budget', '6000');
    expect(run.stdout).toContain('- `app.lib.parse` (modified), 7 call sites in 1 file: `tests/test_lib.py` 7\n');
    expect(run.stdout).not.toContain('in test files:');
  });

  test('up to the limit they are listed one per line, as every other call site', async () => {
    const few = TESTS.split('\n\n\n').slice(0, MAX_TEST_SITES_LISTED).join('\n\n\n');
    const run = await prOverTwoCommits({ 'app/__init__.py': '', 'app/lib.py': LIB(''), 'tests/test_lib.py': `from app.lib import parse\n\n\n${few}` }, { 'app/lib.py': LIB('.lower()') }, '--budget', '6000');
    expect(run.stdout).toContain('  - `tests/test_lib.py`:\n    - 5 in `test_parse_0`: `assert parse(" a0 ") == "a0"`\n');
    expect(run.stdout).not.toContain('in test files:');
  });
});
