// How likely a symbol is to be what a question is after, before reading the question's words.
//
// Decisions (factors multiply; the figures are the ones eval:search settled on, README "Retrieval quality"):
// - Tests and test data x0.3, or x0.8 when the question itself is about tests (says test, tests,
//   fixture, ...): a bug report is about the code under test, yet "the test for X is flaky" must still
//   find the test. Test code: a `test`/`tests`/`testing` folder, `test_*.py`, `*_test.py`, `conftest.py`,
//   `tests.py`, or a `test_*` function anywhere.
// - Whole modules x0.35 and classes x0.8: a module matches every word its file uses, and the answer to a
//   question is nearly always a function or method.
// - Vendored and generated code x0.2: `_vendor`, `vendor`, `vendored`, `third_party`, `externals`, a
//   `packages` folder, protobuf's `*_pb2.py`.
// - Many callers, a small bonus: x(1 + 0.05 * log2(1 + resolved callers)), so a helper used in forty
//   places edges out a twin used once.
import type { PySymbol } from '../model.js';

const TEST_DIRS = new Set(['test', 'tests', 'testing', 'unittests', 'unit_tests', 'functional_tests']);
const VENDOR_DIRS = new Set(['_vendor', 'vendor', 'vendored', 'third_party', 'thirdparty', 'externals', 'packages', 'node_modules']);

export const TEST_FACTOR = 0.3;
export const TEST_FACTOR_WHEN_ASKED = 0.8;

export function isTestCode(symbol: PySymbol): boolean {
  const parts = symbol.file.split('/');
  const file = parts.at(-1) ?? '';
  if (parts.slice(0, -1).some((p) => TEST_DIRS.has(p))) return true;
  if (/^test_.*\.py$|_tests?\.py$|^conftest\.py$|^tests?\.py$/.test(file)) return true;
  // A test function outside test files (doctest-style modules); a `Test*` class name alone is no sign
  // (pytest's own TestReport is library code).
  return symbol.kind !== 'class' && /^test_/.test(symbol.name.split('.').at(-1) ?? '');
}

export function isVendored(file: string): boolean {
  const parts = file.split('/');
  return parts.slice(0, -1).some((p) => VENDOR_DIRS.has(p)) || /_pb2(_grpc)?\.py$/.test(file);
}

/** Whether a question is about tests: then tests keep most of their weight. */
export function asksAboutTests(query: string): boolean {
  return /\b(tests?|testing|unittests?|fixtures?|conftest|pytest|test_\w+|Test[A-Z]\w*)\b/.test(query);
}

/** The query-independent factor of a symbol (the test factor applies later, per query). */
export function staticPrior(symbol: PySymbol, callers: number): number {
  let prior = 1;
  if (symbol.kind === 'module') prior *= 0.35;
  else if (symbol.kind === 'class') prior *= 0.8;
  if (isVendored(symbol.file)) prior *= 0.2;
  return prior * (1 + 0.05 * Math.log2(1 + callers));
}
