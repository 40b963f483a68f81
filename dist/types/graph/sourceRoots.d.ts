import type { FileRecord } from '../model.js';
export declare function dirOf(path: string): string;
export declare function dirToDotted(dir: string): string;
/** `prefix` + `name` as a module id: root `src` and `flask.app` give `src.flask.app`. */
export declare function joinModuleId(prefix: string, name: string): string;
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
export declare function detectSourceRoots(paths: readonly string[]): string[];
export declare function buildModuleTable(files: readonly FileRecord[]): ModuleTable;
export declare function moduleExists(table: ModuleTable, id: string): boolean;
