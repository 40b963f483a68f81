import type { Ignore } from 'ignore';
/** Never worth scanning: VCS data, caches, installed third-party code. */
export declare const SKIPPED_DIR_NAMES: ReadonlySet<string>;
/** A file any directory can hold that marks it as a virtualenv. */
export declare const VIRTUALENV_MARKER = "pyvenv.cfg";
export interface IgnoreLayer {
    /** Directory holding the .gitignore, relative to the root ('' for the root). */
    base: string;
    rules: Ignore;
    parent: IgnoreLayer | undefined;
}
export declare function addIgnoreLayer(parent: IgnoreLayer | undefined, base: string, content: string): IgnoreLayer;
export declare function isIgnored(layer: IgnoreLayer | undefined, relPath: string, isDir: boolean): boolean;
export declare function createSelector(options: {
    include?: string[];
    exclude?: string[];
}): (relPath: string) => boolean;
