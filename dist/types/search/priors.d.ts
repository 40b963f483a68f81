import type { PySymbol } from '../model.js';
import type { RetrievalTuning } from './tuning.js';
export declare function isTestCode(symbol: PySymbol): boolean;
export declare function isVendored(file: string): boolean;
/**
 * Whether a question is about tests: then tests keep most of their weight. `broad` also reads the words
 * only test work uses (flaky, xfail, parametrize, assert, mock, coverage, CI, regression test) and a test
 * file's path (`tests/...`, `test_x.py`, `x_test.py`). A question naming pytest reads pytest's own words
 * (fixture, conftest, xfail, skipif, parametrize, monkeypatch, assert) as its features (decision above).
 */
export declare function asksAboutTests(query: string, broad?: boolean): boolean;
/** The query-independent factor of a symbol apart from its kind (kind and tests apply per query, by the tuning). */
export declare function staticPrior(symbol: PySymbol, callers: number): number;
export declare const KIND_FUNCTION = 0;
export declare const KIND_CLASS = 1;
export declare const KIND_MODULE = 2;
export declare function kindCode(symbol: PySymbol): number;
/** Per-document factor for one question: kind, and tests by whether the question is about tests. */
export declare function queryPriors(prior: Float64Array, kinds: Uint8Array, isTest: Uint8Array, tuning: RetrievalTuning, aboutTests: boolean): Float64Array;
