import type { Binding, ImportRecord, RefExpr } from '../model.js';
import type { SyntaxNode } from './treeSitter.js';
export interface BindingScope {
    /** `self` of the enclosing method (its first parameter as written), when the scope is a method. */
    selfName?: string;
}
/**
 * Source positions where an attribute is written (`self.x = ...`): an attribute node starting there
 * is a store, not a read, and must not be reported as an access.
 */
export type WrittenAttributes = Set<number>;
/**
 * `x = v`, `x: T = v`, `x: T`, `self.a = v`, `a, (b, *c) = v`, `a = b = v`, from the statement's text
 * (one WASM call). The text is split at its first top-level `=`; a second one means a chain
 * (`a = b = C()`) or a lambda default, and those go through the syntax tree.
 */
export declare function assignmentBindings(node: SyntaxNode, scope: BindingScope, written: WrittenAttributes): Binding[];
/** `(x := f())`. */
export declare function walrusBinding(node: SyntaxNode): Binding[];
/** with targets: what the context manager's `__enter__` returns (`ctxText`: the expression before `as`), unpacked as for assignments. */
export declare function unpackedBindings(target: SyntaxNode, scope: BindingScope, ctxText?: string): Binding[];
/**
 * `for x in P:` binds x to iter(P) (an element of P); unpacking targets (`for k, v in ...`) bind
 * every name to `other`, as for assignments. `source` is the file text, to read the iterable from.
 */
export declare function forBindings(target: SyntaxNode, scope: BindingScope, source: string, iterable?: RefExpr): Binding[];
/** `except E as err` binds err with annotation E (`A | B` for a tuple of types). */
export declare function exceptBinding(asPattern: SyntaxNode): Binding[];
/** Every imported name of one import statement, at the statement's first line. */
export declare function importRecords(node: SyntaxNode): ImportRecord[];
/** Strings of a literal list/tuple (`__all__ = [...]`); undefined when it is anything else. */
export declare function literalStrings(node: SyntaxNode | null, source: string): string[] | undefined;
