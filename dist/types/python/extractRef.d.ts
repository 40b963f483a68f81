import type { RefExpr } from '../model.js';
import type { SyntaxNode } from './treeSitter.js';
export declare const MAX_CHAIN = 64;
/**
 * Fast path: `a.b.c` written as plain dotted names becomes a RefExpr from its text alone, with no
 * further WASM calls. Anything else (calls, subscripts, comments, line breaks) returns undefined and
 * goes through refExprOf.
 */
export declare function refFromDottedText(text: string): RefExpr | undefined;
/**
 * The RefExpr of an expression from its source text alone: a primary (name, literal, bracket) and
 * then `.attr`, `(...)` and `[...]` links, as tree-sitter would parse them. One text read replaces a
 * WASM call per link. Returns undefined only for a parenthesized primary followed by links
 * (`(a or b).m`), where the caller may fall back to the node walk.
 */
export declare function refFromText(text: string): RefExpr | undefined;
/** A RefExpr for a node whose text is already known: from the text, the node walk only as a fallback. */
export declare function refOf(node: SyntaxNode, text: string): RefExpr;
export declare function refExprOf(start: SyntaxNode): RefExpr;
/** True when the expression is a name/super/attribute/call chain with no `other` or subscript inside. */
export declare function isPlainChain(ref: RefExpr): boolean;
