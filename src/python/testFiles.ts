// Which files are tests, by the conventions of pytest and unittest, read from the path alone. Two
// questions, one rule:
// - `isTestModule`: a module pytest collects tests from with its default `python_files`
//   (`test_*.py`, `*_test.py`): where test functions and `Test*` classes live.
// - `isTestPath`: a file of the test suite: a test module, a `conftest.py`, a `tests.py`/`test.py` or
//   `*_tests.py` module, or any file under a test folder (helpers and fixtures included).

const TEST_DIRS = new Set(['test', 'tests', 'testing', 'unittests', 'unit_tests', 'functional_tests']);

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** A module pytest collects tests from by default: `test_*.py` or `*_test.py`. */
export function isTestModule(path: string): boolean {
  const name = fileName(path);
  return (name.startsWith('test_') && name.endsWith('.py')) || name.endsWith('_test.py');
}

/** A `conftest.py`: pytest's fixtures and hooks for the folder it sits in. */
export function isConftest(path: string): boolean {
  return fileName(path) === 'conftest.py';
}

/** A file of the test suite: a test module, a conftest, a tests module, or anything under a test folder. */
export function isTestPath(path: string): boolean {
  const parts = path.split('/');
  if (parts.slice(0, -1).some((p) => TEST_DIRS.has(p))) return true;
  return /^test_.*\.py$|_tests?\.py$|^conftest\.py$|^tests?\.py$/.test(parts.at(-1) ?? '');
}
