import type { PySymbol } from '../model.js';
export type SignatureChangeKind = 'removed' | 'renamed' | 'reordered' | 'added-required' | 'added-optional' | 'default-added' | 'default-removed' | 'default-changed' | 'became-keyword-only' | 'no-longer-keyword-only' | 'became-positional-only' | 'no-longer-positional-only' | 'var-positional-added' | 'var-positional-removed' | 'var-keyword-added' | 'var-keyword-removed' | 'annotation-changed' | 'returns-changed' | 'async-added' | 'async-removed' | 'became-property' | 'no-longer-property' | 'binding-changed';
export interface SignatureChange {
    kind: SignatureChangeKind;
    /** The parameter concerned (head name for a rename), when there is one. */
    param?: string;
    /**
     * One line for a person: "`ctx` added (required)". Only identifiers go in its code spans: defaults
     * and annotations are arbitrary (hostile) expressions and are shown in `before` / `after` only.
     */
    text: string;
    breaking: boolean;
}
export interface SignatureDiff {
    /** `(self, exc_info) -> None` as in base and head. */
    before: string;
    after: string;
    changes: SignatureChange[];
    /** Whether any change can break a call that bound before. */
    breaking: boolean;
}
export type SignatureSide = Pick<PySymbol, 'params' | 'isAsync' | 'decorators'> & {
    returns?: string | undefined;
};
/** Whether the decorators make a definition an `@overload` stub (a type checker's view of the function). */
export declare function isOverload(decorators: readonly string[]): boolean;
/** `staticmethod`, `classmethod`, `property` or `method`, from the decorators as written (no `@`). */
export declare function bindingOf(decorators: readonly string[]): 'staticmethod' | 'classmethod' | 'property' | 'plain';
/** `(a, /, b=1, *args, c, **kw) -> T`, with `async` when the function is. */
export declare function renderSignature(side: SignatureSide): string;
/** The changes from `base` to `head`; undefined when the signature did not change. */
export declare function diffSignature(base: SignatureSide, head: SignatureSide): SignatureDiff | undefined;
