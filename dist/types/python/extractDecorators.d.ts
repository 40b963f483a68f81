import type { CallShape, RefExpr } from '../model.js';
import type { Decorator } from './extractScope.js';
import type { SyntaxNode } from './treeSitter.js';
export interface DecoratorRead {
    decorator: Decorator;
    callee?: RefExpr;
    /** Where the callee's node starts, when read from text: the `@callee` capture there is this decorator's. */
    calleeStart?: number;
    /** The callee's node id, when read from the tree. */
    calleeId?: number;
    /** How a factory decorator's call passes its arguments (`@attrs(slots=True)`), for binding it. */
    shape?: CallShape;
}
export declare function readDecorator(node: SyntaxNode): DecoratorRead;
/** Decorators apply to the next definition only when nothing but blank lines and comments sits between. */
export declare function decoratesNext(source: string, decorators: readonly Decorator[], defStart: number): boolean;
