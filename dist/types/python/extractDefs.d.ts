import type { Param } from '../model.js';
/** `(a, /, b: int = 3, *args, c, **kw)` as written, parentheses included. */
export declare function paramsFromText(text: string): Param[];
/** Positional class arguments as written; keyword arguments (metaclass=, total=) are not bases. */
export declare function basesFromText(argumentList: string): string[];
export interface Docstring {
    /** The literal as written (quotes included), for signatures. */
    source: string;
    /** The content, cleaned like inspect.cleandoc. */
    text: string;
}
/** The docstring of a body whose first statement starts at `bodyStart`. */
export declare function docstringOfBody(source: string, bodyStart: number): Docstring | undefined;
/** The module docstring: its first statement after blank and comment lines, when a plain string. */
export declare function moduleDocstring(source: string): (Docstring & {
    line: number;
}) | undefined;
/**
 * inspect.cleandoc: expand tabs, strip the first line, dedent the rest by their common indent, drop
 * blank lines at both ends. One deliberate difference: trailing whitespace on every line is dropped
 * (Python keeps it, and keeps a whitespace-only last line when nothing else is indented).
 */
export declare function cleanDocstring(raw: string): string;
export interface DefHeaderText {
    name: string;
    isAsync: boolean;
    /** `(...)` as written, for functions. */
    params?: string;
    returns?: string;
    /** `(...)` as written, for classes with arguments. */
    bases?: string;
    /** Source index of the header's `:`. */
    colon: number;
}
/**
 * Reads `[async] def name[T](params) -> R:` or `class Name[T](bases):` starting at `start`, from the
 * source text alone. Undefined when the text does not have that shape (error recovery), in which
 * case the definition is not reported and its contents belong to the enclosing scope.
 */
export declare function readHeader(source: string, start: number, kind: 'def' | 'class'): DefHeaderText | undefined;
