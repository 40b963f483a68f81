import type { PySymbol } from '../model.js';
export interface Decorator {
    /** The expression as written, without `@` and trailing comments. */
    text: string;
    row: number;
    column: number;
    /** Source index just after the decorator. */
    end: number;
}
export interface Scope {
    sym: PySymbol;
    /** Source-index range of the body: captures inside it belong to this scope. */
    bodyStart: number;
    bodyEnd: number;
    parent?: Scope;
    /** How often each name was defined directly in this scope, for `#2` ids. */
    childCounts: Map<string, number>;
    /** Definitions made directly in this scope, in source order. */
    members: Scope[];
    /** First parameter of a method as written (`self`), for `self.attr = ...` bindings. */
    selfName?: string;
    /** 0-based row of the header's `:`. */
    headerEndRow: number;
    /** 0-based row and column of the body's first statement. */
    bodyRow: number;
    bodyColumn: number;
    /** 0-based row of the `def`/`class` keyword (decorators come before it). */
    defRow: number;
    /** Column of the first line (decorator or keyword): 0 for a top-level statement. */
    outerColumn: number;
    decorators: Decorator[];
    /** The docstring statement as written, for signatures. */
    docSource?: string;
    /** A class's own assignments (fields, constants, Django model fields), for its signature. */
    fields?: ClassField[];
}
export interface ClassField {
    /** 0-based row and column where the assignment starts. */
    row: number;
    column: number;
    /** Source index just past the assignment. */
    end: number;
    /** The assignment as written (`name: int = 0`), without indentation or trailing comment. */
    text: string;
}
export declare function newSymbol(file: string, module: string, kind: PySymbol['kind'], startLine: number): PySymbol;
export declare function newScope(sym: PySymbol, bodyStart: number, bodyEnd: number, defRow: number): Scope;
/** Ids: parent id + name, `#2`, `#3` for later definitions of the same name in the same scope. */
export declare function nameScope(scope: Scope, parent: Scope, name: string): void;
/** The receiver name of a method (`self`, `cls`, or whatever its first parameter is called). */
export declare function selfNameOf(scope: Scope): string | undefined;
/** Open scopes by source position; positions must be asked for in ascending order. */
export declare class ScopeStack {
    readonly module: Scope;
    private readonly open;
    constructor(module: Scope);
    /** The innermost scope whose body contains `pos`. */
    at(pos: number): Scope;
    push(scope: Scope): void;
}
