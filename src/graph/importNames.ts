// Path-based module ids -> the names Python imports them by, for the ids every output shows.
//
// Decisions:
// - Resolution works on path-based ids (`src/flask/app.py` is `src.flask.app`; imports.ts walks source
//   roots as prefixes), so names are changed once, after the call graph is built (indexRepository.ts
//   assembleIndex): graph, search, pack, pr and JSON then all read the same import-name ids; files keep
//   their paths.
// - A file takes the import name of the source root that holds it (sourceRoots.ts, longest root first):
//   under a `src/` root every file (`src/flask/app.py` -> `flask.app`, `src/tool.py` -> `tool`); under
//   any other detected root only files inside a top-level package there (`examples/tutorial/flaskr/db.py`
//   -> `flaskr.db`), since a loose file of a folder that also holds a package (`testing/conftest.py`) is
//   found by path, not by that name.
// - Never merge two modules: a name that another file already has (by path or by this rule) keeps both
//   files' path-based ids.
import { detectSourceRoots, dirOf, dirToDotted } from './sourceRoots.js';

export interface ModuleFile {
  path: string;
  /** Path-based module id (graph/modules.ts). */
  module: string;
}

function isInit(path: string): boolean {
  return path === '__init__.py' || path.endsWith('/__init__.py');
}

/** Path-based module id -> import name, only for the modules whose name changes. */
export function importModuleNames(files: readonly ModuleFile[]): Map<string, string> {
  const paths = files.map((f) => f.path);
  const roots = detectSourceRoots(paths)
    .filter((r) => r !== '')
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const packageDirs = new Set(paths.filter(isInit).map(dirOf));
  const candidates = new Map<string, string>();
  for (const f of files) {
    const root = roots.find((r) => f.path.startsWith(`${r}/`));
    if (root === undefined) continue;
    const below = f.path.slice(root.length + 1);
    const top = below.includes('/') ? `${root}/${below.slice(0, below.indexOf('/'))}` : undefined;
    const isSrc = root === 'src' || root.endsWith('/src');
    if (!isSrc && (top === undefined || !packageDirs.has(top))) continue;
    const prefix = `${dirToDotted(root)}.`;
    if (!f.module.startsWith(prefix) || f.module.length === prefix.length) continue;
    candidates.set(f.module, f.module.slice(prefix.length));
  }
  // A name owned by another module (by path, or by two different renamings) is not taken.
  const originals = new Set(files.map((f) => f.module));
  const claims = new Map<string, Set<string>>();
  for (const [from, to] of candidates) claims.set(to, (claims.get(to) ?? new Set()).add(from));
  const names = new Map<string, string>();
  for (const [from, to] of [...candidates].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (originals.has(to) || claims.get(to)!.size > 1) continue;
    names.set(from, to);
  }
  return names;
}

/** An id under a renamed module, renamed with it (`src.flask.app.Flask` -> `flask.app.Flask`); others unchanged. */
export function importIdFor(names: ReadonlyMap<string, string>, id: string): string {
  if (names.size === 0) return id;
  let end = id.length;
  while (end > 0) {
    const prefix = id.slice(0, end);
    const to = names.get(prefix);
    if (to !== undefined) return to + id.slice(end);
    end = id.lastIndexOf('.', end - 1);
  }
  return id;
}
