/**
 * `pkg/mod.py` -> `pkg.mod`, `pkg/__init__.py` -> `pkg`, a root `__init__.py` -> `__init__`
 * (a package needs a parent directory to be named after; keeping `__init__` keeps the id non-empty).
 */
export declare function moduleNameForPath(relPath: string): string;
