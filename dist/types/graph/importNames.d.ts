export interface ModuleFile {
    path: string;
    /** Path-based module id (graph/modules.ts). */
    module: string;
}
/** Path-based module id -> import name, only for the modules whose name changes. */
export declare function importModuleNames(files: readonly ModuleFile[]): Map<string, string>;
/** An id under a renamed module, renamed with it (`src.flask.app.Flask` -> `flask.app.Flask`); others unchanged. */
export declare function importIdFor(names: ReadonlyMap<string, string>, id: string): string;
