// How likely a symbol is to be what a question is after, before reading the question's words.
//
// Decisions (factors multiply; the figures are in tuning.ts, chosen with eval:search, README "Retrieval quality"):
// - Tests and test data x0.5, and x1 when the question itself is about tests (says test, tests, fixture,
//   flaky, xfail, parametrize, a test file's path, ...): a bug report is about the code under test, yet
//   "the test for X is flaky" must still find the test, and a fix's commit changes the tests next to the
//   code (x0.3 pushed those answers out of the top 10: 35 of 93 eval questions had only test answers).
//   The word "pytest" is not a test word: it names a tool, the subject of questions about pytest itself
//   ("how does pytest collect fixtures", and nearly every question on pytest's own repository, whose
//   library is `_pytest`). A question that names pytest uses pytest's vocabulary (fixture, conftest,
//   xfail, skipif, parametrize, monkeypatch, assert) for pytest's features, so those words do not count
//   either there; the generic ones (test, tests, a test file's path, flaky, mock, coverage) still do.
//   Test code: a `test`/`tests`/`testing` folder, `test_*.py`, `*_test.py`, `conftest.py`,
//   `tests.py`, or a `test_*` function anywhere.
// - Whole modules x0.35 and classes x0.3 (tuning.ts): a module matches every word its file uses, a class
//   the words of its docstring and attributes, and the answer to a question is nearly always a function
//   or method (a milder class factor ranks the class above the method that changed).
// - Vendored and generated code x0.2: `_vendor`, `vendor`, `vendored`, `third_party`, `externals`, a
//   `packages` folder, protobuf's `*_pb2.py`.
// - Many callers, a small bonus: x(1 + 0.05 * log2(1 + resolved callers)), so a helper used in forty
//   places edges out a twin used once.
import type { PySymbol } from '../model.js';
import { isTestPath } from '../python/testFiles.js';
import type { RetrievalTuning } from './tuning.js';

const VENDOR_DIRS = new Set(['_vendor', 'vendor', 'vendored', 'third_party', 'thirdparty', 'externals', 'packages', 'node_modules']);


export function isTestCode(symbol: PySymbol): boolean {
  if (isTestPath(symbol.file)) return true;
  // A test function outside test files (doctest-style modules); a `Test*` class name alone is no sign
  // (pytest's own TestReport is library code).
  return symbol.kind !== 'class' && (symbol.name.split('.').at(-1) ?? '').startsWith('test_');
}

export function isVendored(file: string): boolean {
  const parts = file.split('/');
  return parts.slice(0, -1).some((p) => VENDOR_DIRS.has(p)) || /_pb2(_grpc)?\.py$/.test(file);
}

/**
 * Whether a question is about tests: then tests keep most of their weight. `broad` also reads the words
 * only test work uses (flaky, xfail, parametrize, assert, mock, coverage, CI, regression test) and a test
 * file's path (`tests/...`, `test_x.py`, `x_test.py`). A question naming pytest reads pytest's own words
 * (fixture, conftest, xfail, skipif, parametrize, monkeypatch, assert) as its features (decision above).
 */
export function asksAboutTests(query: string, broad = false): boolean {
  const namesPytest = /\bpytest\b/i.test(query);
  if (/\b(tests?|testing|unittests?|test_\w+|Test[A-Z]\w*)\b/.test(query)) return true;
  if (!namesPytest && /\b(fixtures?|conftest)\b/.test(query)) return true;
  if (!broad) return false;
  if (/\b(flaky|flakiness|mock\w*|coverage|CI|testsuite|test-suite)\b/i.test(query) || /\w_tests?\.py\b|\btest\w*\//.test(query)) return true;
  return !namesPytest && /\b(xfail\w*|skipif|parametri[sz]\w*|asserts?|assertions?|monkeypatch\w*)\b/i.test(query);
}

/** The query-independent factor of a symbol apart from its kind (kind and tests apply per query, by the tuning). */
export function staticPrior(symbol: PySymbol, callers: number): number {
  return (isVendored(symbol.file) ? 0.2 : 1) * (1 + 0.05 * Math.log2(1 + callers));
}

export const KIND_FUNCTION = 0;
export const KIND_CLASS = 1;
export const KIND_MODULE = 2;

export function kindCode(symbol: PySymbol): number {
  return symbol.kind === 'module' ? KIND_MODULE : symbol.kind === 'class' ? KIND_CLASS : KIND_FUNCTION;
}

/** Per-document factor for one question: kind, and tests by whether the question is about tests. */
export function queryPriors(prior: Float64Array, kinds: Uint8Array, isTest: Uint8Array, tuning: RetrievalTuning, aboutTests: boolean): Float64Array {
  const kindFactor = [1, tuning.classFactor, tuning.moduleFactor];
  const testFactor = aboutTests ? tuning.testFactorAsked : tuning.testFactor;
  const out = new Float64Array(prior.length);
  for (let d = 0; d < prior.length; d++) out[d] = prior[d]! * kindFactor[kinds[d]!]! * (isTest[d] ? testFactor : 1);
  return out;
}
