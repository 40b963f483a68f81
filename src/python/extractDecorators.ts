// Decorators, read from their text: what they say (for `decorators`) and what they call (a CallSite
// with via 'decorator', charged to the scope that defines the decorated symbol). A decorator with
// arguments keeps its call (`@retry(3)` -> call(retry)): the resolver follows what the factory returns.
import type { CallShape, RefExpr } from '../model.js';
import { refExprOf, refFromDottedText } from './extractRef.js';
import type { Decorator } from './extractScope.js';
import { callShapeFromText } from './extractShape.js';
import { closingBracket, withoutComments } from './extractText.js';
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

export function readDecorator(node: SyntaxNode): DecoratorRead {
  const source = node.text;
  const afterAt = source.replace(/^@\s*/, '');
  const expr = withoutComments(afterAt);
  const decorator: Decorator = {
    text: expr,
    row: node.startPosition.row,
    column: node.startPosition.column,
    end: node.startIndex + source.length,
  };
  const fromText = calleeFromText(expr);
  if (fromText) {
    const shape = fromText.t === 'call' ? callShapeFromText(expr, expr.indexOf('(')) : undefined;
    return { decorator, callee: fromText, calleeStart: node.startIndex + (source.length - afterAt.length), ...(shape ? { shape } : {}) };
  }
  // Unusual shapes (`@a(x).b`, `@x[0]`): walk the nodes.
  const exprNode = node.firstNamedChild;
  const isCall = exprNode?.type === 'call';
  const fn = isCall ? exprNode.childForFieldName('function') : exprNode;
  if (!fn) return { decorator };
  const ref = refExprOf(fn);
  return { decorator, callee: isCall ? { t: 'call', callee: ref } : ref, calleeId: fn.id };
}

/**
 * `@name`, `@a.b`: the callee is the dotted name; `@a.b(args)`: call(a.b), since the factory is
 * called and what it returns is then applied; undefined for other shapes.
 */
function calleeFromText(expr: string): RefExpr | undefined {
  const plain = refFromDottedText(expr);
  if (plain) return plain;
  const open = expr.indexOf('(');
  if (open <= 0) return undefined;
  const head = refFromDottedText(expr.slice(0, open).trimEnd());
  return head && closingBracket(expr, open) === expr.length ? { t: 'call', callee: head } : undefined;
}

/** Decorators apply to the next definition only when nothing but blank lines and comments sits between. */
export function decoratesNext(source: string, decorators: readonly Decorator[], defStart: number): boolean {
  const gap = source.slice(decorators[decorators.length - 1]!.end, defStart);
  return /^(?:\s|#[^\n]*(?:\n|$))*$/.test(gap);
}
