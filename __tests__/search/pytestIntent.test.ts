// "pytest" names a tool, not a wish for tests (src/search/priors.ts): on a repository shaped like
// pytest's own (library under src/_pytest, tests under testing/), a question about what pytest does
// must find the library, while a question that asks for tests still lifts the tests to full weight.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RepoIndex } from '../../src/model.js';
import { indexRepository } from '../../src/pipeline/indexRepository.js';
import { searchRepository } from '../../src/pipeline/searchRepository.js';
import { asksAboutTests } from '../../src/search/priors.js';
import { tempTree } from '../cli/cliHarness.js';
import { py } from '../pack/pythonProject.js';

const SOURCES: Record<string, string> = {
  'src/_pytest/__init__.py': '',
  'src/_pytest/fixtures.py': py(`
    class FixtureManager:
        """Holds the fixture definitions of a session."""

        def parsefactories(self, holder, nodeid):
            """Collect fixture definitions found on a module, class or conftest plugin."""
            for name in dir(holder):
                self.register(name, nodeid)

        def register(self, name, nodeid):
            return (name, nodeid)
  `),
  'src/_pytest/python.py': py(`
    def pytest_pycollect_makeitem(collector, name, obj):
        """Make a collected item of a test function or class."""
        return (collector, name, obj)
  `),
  'testing/test_fixtures.py': py(`
    def test_collect_fixtures_from_conftest(pytester):
        """pytest collects fixtures defined in a conftest of the rootdir."""
        pytester.makeconftest("import pytest")
        assert pytester.runpytest().ret == 0


    def test_collect_fixtures_from_class(pytester):
        pytester.makepyfile("class TestA: pass")
        assert pytester.runpytest().ret == 0
  `),
};

const LIBRARY = '_pytest.fixtures.FixtureManager.parsefactories';
const TEST = 'testing.test_fixtures.test_collect_fixtures_from_conftest';
let index: RepoIndex;

beforeAll(async () => {
  index = await indexRepository(tempTree(SOURCES));
});

function rank(query: string, id: string): number {
  return searchRepository(index, query, 20).findIndex((h) => h.id === id) + 1;
}

describe('pytest as the subject of a question', () => {
  it('is not a wish for tests, nor are the pytest words it uses (fixtures, xfail, asserts)', () => {
    for (const q of ['how does pytest collect fixtures', 'pytest rewrites asserts in conftest modules', 'pytest: xfail with strict=True and parametrize ids', 'Pytest fixture scope is ignored']) {
      expect(asksAboutTests(q, true), q).toBe(false);
    }
    // Asking for tests still is, with pytest named or not; so are fixture words without pytest.
    for (const q of ['tests for fixture collection in pytest', 'pytest: the test of fixture teardown is flaky', 'see testing/test_fixtures.py under pytest', 'the conftest fixture leaks a connection', 'xfail the slow one']) {
      expect(asksAboutTests(q, true), q).toBe(true);
    }
  });

  it('finds the library code first; "tests for" still finds the test first', () => {
    // Before: both tests of testing/ ranked above the library (test intent from the word "pytest").
    expect(rank('how does pytest collect fixtures', LIBRARY)).toBe(1);
    expect(rank('how does pytest collect fixtures', TEST)).toBeGreaterThan(2);
    expect(searchRepository(index, 'tests for how pytest collects fixtures', 2).map((h) => h.id).every((id) => id.startsWith('testing.test_fixtures.'))).toBe(true);
    expect(rank('tests for how pytest collects fixtures', TEST)).toBeLessThan(rank('tests for how pytest collects fixtures', LIBRARY));
  });
});
