// Where absolute imports start looking.
//
// Module ids stay path-based from the scan root (`src/flask/app.py` is `src.flask.app`), but Python
// finds `flask.app` through sys.path. We do not run the project, so we guess sys.path from the tree:
// the scan root; `src/`; and the parent of every top-level package (a directory with `__init__.py`
// whose parent has none), which covers `src/` layouts, `lib/pkg`, and several packages side by side.
// Namespace packages (directories without `__init__.py`) need no root of their own: any directory
// holding Python files below a root is importable, as in Python 3.3+.
import type { FileRecord } from '../model.js';

export function dirOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function dirToDotted(dir: string): string {
  return dir.split('/').join('.');
}

/** `prefix` + `name` as a module id: root `src` and `flask.app` give `src.flask.app`. */
export function joinModuleId(prefix: string, name: string): string {
  if (!prefix) return name;
  if (!name) return prefix;
  return `${prefix}.${name}`;
}

export interface ModuleTable {
  /** Module id -> its file; `pkg/__init__.py` wins over a sibling `pkg.py`, as in Python. */
  files: Map<string, FileRecord>;
  /** Dotted ids of every directory that holds Python files at any depth (importable as packages). */
  dirs: Set<string>;
  /** POSIX directories that contain an `__init__.py`. */
  packageDirs: Set<string>;
  /** Source roots as POSIX directories, sorted, `''` (the scan root) first. */
  roots: string[];
}

function isInit(path: string): boolean {
  return path === '__init__.py' || path.endsWith('/__init__.py');
}

export function detectSourceRoots(paths: readonly string[]): string[] {
  const packageDirs = new Set(paths.filter(isInit).map(dirOf));
  const roots = new Set<string>(['']);
  for (const path of paths) {
    if (path.startsWith('src/') && !packageDirs.has('src')) roots.add('src');
  }
  for (const dir of packageDirs) {
    const parent = dirOf(dir);
    if (dir !== '' && !packageDirs.has(parent)) roots.add(parent);
  }
  return [...roots].sort();
}

export function buildModuleTable(files: readonly FileRecord[]): ModuleTable {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const byId = new Map<string, FileRecord>();
  for (const file of sorted) {
    const existing = byId.get(file.module);
    if (!existing || (isInit(file.path) && !isInit(existing.path))) byId.set(file.module, file);
  }
  const dirs = new Set<string>();
  for (const file of sorted) {
    let dir = dirOf(file.path);
    while (dir !== '' && !dirs.has(dirToDotted(dir))) {
      dirs.add(dirToDotted(dir));
      dir = dirOf(dir);
    }
  }
  const paths = sorted.map((f) => f.path);
  return {
    files: byId,
    dirs,
    packageDirs: new Set(paths.filter(isInit).map(dirOf)),
    roots: detectSourceRoots(paths),
  };
}

export function moduleExists(table: ModuleTable, id: string): boolean {
  return table.files.has(id) || table.dirs.has(id);
}
