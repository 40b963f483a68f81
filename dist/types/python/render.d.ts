/** The source and the index of each line's first character (0-based rows). */
export interface SourceLines {
    text: string;
    lineStarts: readonly number[];
}
export declare function indexLines(text: string): SourceLines;
export declare function lineText(src: SourceLines, row: number): string;
/** 0-based row and column (UTF-16 units, as tree-sitter reports them for JS strings) of an index. */
export declare function positionOf(src: SourceLines, index: number): {
    row: number;
    column: number;
};
/** 1-based inclusive line range, verbatim. */
export declare function sliceLines(src: SourceLines, startLine: number, endLine: number): string;
/** Decorators + header exactly as written: from the first decorator's line through the header's `:`. */
export declare function headerText(src: SourceLines, startLine: number, colonIndex: number): string;
export interface StubParts {
    header: string;
    /** Indentation of the body statements. */
    indent: string;
    /** The docstring statement as written (quotes included), first line without indentation. */
    docSource?: string;
}
export declare function functionStub(parts: StubParts): string;
/** A class-level assignment for a class signature: verbatim when short, else `target = ...`. */
export declare function fieldStub(text: string, indent: string): string;
export declare function classStub(parts: StubParts, memberStubs: readonly string[]): string;
/** A top-level definition cut out of the module's own code: 1-based inclusive lines, and its name. */
export type CutDefinition = readonly [start: number, end: number, name: string];
/** The line standing for definitions cut out of a block that holds nothing else. */
export declare function cutDefinitionsLine(names: readonly string[]): string;
/** The names a trimmed line written by cutDefinitionsLine stands for; undefined for any other line. */
export declare function cutDefinitionsNames(line: string): string[] | undefined;
/**
 * The module's own lines: everything outside the given definitions (ascending, nested allowed), runs
 * of blank lines folded. A block whose body held only definitions (`if sys.version_info >= …:` around a
 * `def`) keeps one `...` line naming them: a header with nothing under it reads as code cut short.
 */
export declare function moduleFull(src: SourceLines, removed: readonly CutDefinition[]): string;
export interface OutlinePart {
    line: number;
    text: string;
}
/** The module outline: parts (docstring, imports, headers) in source order. */
export declare function moduleOutline(parts: readonly OutlinePart[]): string;
