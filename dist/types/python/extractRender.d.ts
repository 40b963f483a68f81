import type { Scope } from './extractScope.js';
import type { OutlinePart, SourceLines } from './render.js';
/** Children before parents, so a class can embed its members' finished stubs. */
export declare function renderDefinitions(defScopes: readonly Scope[], src: SourceLines): void;
/** The module's full text and outline; `outline` already holds its docstring and top-level imports. */
export declare function renderModule(moduleScope: Scope, src: SourceLines, outline: OutlinePart[]): void;
