/** A module pytest collects tests from by default: `test_*.py` or `*_test.py`. */
export declare function isTestModule(path: string): boolean;
/** A `conftest.py`: pytest's fixtures and hooks for the folder it sits in. */
export declare function isConftest(path: string): boolean;
/** A file of the test suite: a test module, a conftest, a tests module, or anything under a test folder. */
export declare function isTestPath(path: string): boolean;
