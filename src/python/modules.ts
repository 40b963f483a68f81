// Dotted module names come from the path relative to the scan root alone, so the same file always
// gets the same id no matter which source roots the resolver later discovers (`src/` layouts are
// mapped by graph/sourceRoots.ts, not here).

const SOURCE_SUFFIX = /\.pyi?$/;

/**
 * `pkg/mod.py` -> `pkg.mod`, `pkg/__init__.py` -> `pkg`, a root `__init__.py` -> `__init__`
 * (a package needs a parent directory to be named after; keeping `__init__` keeps the id non-empty).
 */
export function moduleNameForPath(relPath: string): string {
  const parts = relPath.replace(SOURCE_SUFFIX, '').split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length > 1 && parts[parts.length - 1] === '__init__') parts.pop();
  return parts.join('.');
}
