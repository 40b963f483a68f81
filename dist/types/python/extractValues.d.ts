import type { KeywordArg, RefExpr } from '../model.js';
/** Containers with more kept items than this are `other`: a 300-entry table is not a dispatch a digest should fan out to. */
export declare const MAX_ELEMENTS = 64;
/** Argument lists longer than this are not read. */
export declare const MAX_ARGS_TEXT = 1000;
/** The value of an assignment or `return`: a container literal's elements, alternatives (`a if c else b`), else the RefExpr chain. */
export declare function valueFromText(text: string): RefExpr;
/**
 * `[a, b]`, `(a, b)`, `a, b`, `{a, b}`, `{"k": a}` -> elements (dict values for a dict); undefined
 * when the text is not a container literal (then it is an ordinary expression).
 */
export declare function containerFromText(text: string, depth?: number): RefExpr | undefined;
/** `return <expr>` -> its value, or undefined for a bare `return` or a value that reduces to `other`. */
export declare function returnValueFromText(statement: string): RefExpr | undefined;
/** The iterable of `for <target> in <iterable>:`, from the text just after the target. */
export declare function forIterableFromText(source: string, afterTarget: number): RefExpr;
export interface CallArguments {
    args: RefExpr[];
    keywords: KeywordArg[];
}
/**
 * The arguments of the call whose callee ends at `calleeEnd` in `source`, or undefined when none
 * could name a project symbol (literals only, no arguments, too long, a generator argument).
 */
export declare function callArgumentsFromText(source: string, calleeEnd: number): CallArguments | undefined;
/** `except (A, b.B) as err` -> ['err', 'A | b.B']; undefined for any other shape. */
export declare function exceptTargetFromText(asPattern: string): {
    name: string;
    annotation: string;
} | undefined;
