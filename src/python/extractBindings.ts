
import type { Binding, ImportRecord, RefExpr } from '../model.js';
import { enterValue, subscriptStore, unpackBindings } from './extractFlowFacts.js';
import { refFromDottedText, refFromText, refOf } from './extractRef.js';
import { topLevelIndex } from './extractText.js';
import { containerFromText, exceptTargetFromText, forIterableFromText, valueFromText } from './extractValues.js';
import type { SyntaxNode } from './treeSitter.js';

const OTHER: RefExpr = { t: 'other' };

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
export function assignmentBindings(node: SyntaxNode, scope: BindingScope, written: WrittenAttributes): Binding[] {
  const source = node.text;
  const line = node.startPosition.row + 1;
  const eq = topLevelIndex(source, '=');
  const left = eq < 0 ? source : source.slice(0, eq);
  const rest = eq < 0 ? undefined : source.slice(eq + 1);
  if (rest !== undefined && topLevelIndex(rest, '=') >= 0) return chainedBindings(node, scope, written);
  const colon = topLevelIndex(left, ':');
  const targetText = colon < 0 ? left : left.slice(0, colon);
  const value = rest === undefined ? undefined : valueFromText(rest);
  const bindings = targetBindings(targetText, scope, line, value, () => written.add(node.startIndex));
  if (colon >= 0 && bindings.length === 1) bindings[0]!.annotation = left.slice(colon + 1).trim();
  return bindings;
}

/** `a = b = C()`: every target gets the innermost value; each inner assignment is captured on its own. */
function chainedBindings(node: SyntaxNode, scope: BindingScope, written: WrittenAttributes): Binding[] {
  const left = node.childForFieldName('left');
  let right = node.childForFieldName('right');
  let hops = 0;
  while (right && right.type === 'assignment' && hops++ < 10_000) right = right.childForFieldName('right');
  if (!left) return [];
  let value: RefExpr | undefined;
  if (right) {
    const text = right.text;
    value = containerFromText(text) ?? valueFromText(text);
    if (value.t === 'other') value = refOf(right, text);
  }
  return targetBindings(left.text, scope, node.startPosition.row + 1, value, () => written.add(node.startIndex));
}

/** `(x := f())`. */
export function walrusBinding(node: SyntaxNode): Binding[] {
  const source = node.text;
  const op = source.indexOf(':=');
  if (op < 0) return [];
  const binding: Binding = { target: [source.slice(0, op).trim()], line: node.startPosition.row + 1 };
  binding.value = refFromText(source.slice(op + 2)) ?? OTHER;
  return [binding];
}

/** with targets: what the context manager's `__enter__` returns (`ctxText`: the expression before `as`), unpacked as for assignments. */
export function unpackedBindings(target: SyntaxNode, scope: BindingScope, ctxText?: string): Binding[] {
  return targetBindings(target.text, scope, target.startPosition.row + 1, ctxText === undefined ? OTHER : enterValue(ctxText), () => {});
}

/**
 * `for x in P:` binds x to iter(P) (an element of P); unpacking targets (`for k, v in ...`) bind
 * every name to `other`, as for assignments. `source` is the file text, to read the iterable from.
 */
export function forBindings(target: SyntaxNode, scope: BindingScope, source: string, iterable?: RefExpr): Binding[] {
  const text = target.text;
  const from = iterable ?? forIterableFromText(source, target.startIndex + text.length);
  return targetBindings(text, scope, target.startPosition.row + 1, from.t === 'other' ? OTHER : { t: 'iter', object: from }, () => {});
}

/** `except E as err` binds err with annotation E (`A | B` for a tuple of types). */
export function exceptBinding(asPattern: SyntaxNode): Binding[] {
  const read = exceptTargetFromText(asPattern.text);
  return read ? [{ target: [read.name], annotation: read.annotation, line: asPattern.startPosition.row + 1 }] : [];
}

/**
 * One binding for a single name or `self.attr` target, with the value; for unpacking targets one
 * binding per name, value `other`, since which element lands where is not something a static
 * resolver can rely on. Subscript and foreign-attribute targets bind nothing.
 */
function targetBindings(
  targetText: string,
  scope: BindingScope,
  line: number,
  value: RefExpr | undefined,
  onAttributeTarget: () => void,
): Binding[] {
  const single = refFromDottedText(targetText.trim());
  const targetOfPiece = (piece: string): string[] | undefined => {
    const ref = refFromDottedText(piece);
    return ref && targetOf(ref, scope);
  };
  if (single) {
    if (single.t !== 'name') onAttributeTarget();
    const target = targetOf(single, scope);
    if (!target) return [];
    const b: Binding = { target, line };
    if (value) b.value = value;
    return [b];
  }
  const store = subscriptStore(targetText, value, line, targetOfPiece);
  if (store) return [store];
  return unpackBindings(targetText, value, line, targetOfPiece);
}

function targetOf(ref: RefExpr, scope: BindingScope): string[] | undefined {
  if (ref.t === 'name') return [ref.name];
  if (ref.t === 'attr' && ref.object.t === 'name' && scope.selfName && ref.object.name === scope.selfName) {
    return [scope.selfName, ref.attr];
  }
  return undefined;
}

/** Every imported name of one import statement, at the statement's first line. */
export function importRecords(node: SyntaxNode): ImportRecord[] {
  const line = node.startPosition.row + 1;
  const out: ImportRecord[] = [];
  if (node.type === 'import_statement') {
    for (const child of node.namedChildren) {
      if (!child) continue;
      const named = aliased(child);
      if (!named) continue;
      const rec: ImportRecord = { kind: 'import', module: named.name, line };
      if (named.alias !== undefined) rec.alias = named.alias;
      out.push(rec);
    }
    return out;
  }
  let level = 0;
  let module = '__future__';
  let first = true;
  for (const child of node.namedChildren) {
    if (!child || child.type === 'comment') continue;
    if (first && node.type === 'import_from_statement') {
      first = false;
      if (child.type === 'relative_import') {
        for (const part of child.namedChildren) {
          if (part?.type === 'import_prefix') level = part.text.replace(/[^.]/g, '').length;
          else if (part?.type === 'dotted_name') module = dottedText(part);
        }
        if (!child.namedChildren.some((p) => p?.type === 'dotted_name')) module = '';
      } else {
        module = dottedText(child);
      }
      continue;
    }
    if (child.type === 'wildcard_import') {
      out.push({ kind: 'from', level, module, name: '*', line });
      continue;
    }
    const named = aliased(child);
    if (!named) continue;
    const rec: ImportRecord = { kind: 'from', level, module, name: named.name, line };
    if (named.alias !== undefined) rec.alias = named.alias;
    out.push(rec);
  }
  return out;
}

function aliased(node: SyntaxNode): { name: string; alias?: string } | undefined {
  if (node.type === 'dotted_name') return { name: dottedText(node) };
  if (node.type === 'aliased_import') {
    const name = node.childForFieldName('name');
    const alias = node.childForFieldName('alias');
    if (!name) return undefined;
    return alias ? { name: dottedText(name), alias: alias.text } : { name: dottedText(name) };
  }
  return undefined;
}

function dottedText(node: SyntaxNode): string {
  return node.text.replace(/\s+/g, '');
}

/** Strings of a literal list/tuple (`__all__ = [...]`); undefined when it is anything else. */
export function literalStrings(node: SyntaxNode | null, source: string): string[] | undefined {
  if (!node) return undefined;
  let list = node;
  while (list.type === 'parenthesized_expression' && list.namedChildCount === 1) list = list.namedChild(0)!;
  if (list.type !== 'list' && list.type !== 'tuple') return undefined;
  const out: string[] = [];
  for (const item of list.namedChildren) {
    if (!item || item.type === 'comment') continue;
    if (item.type !== 'string') return undefined;
    const start = item.firstChild;
    const end = item.lastChild;
    if (!start || !end || start.type !== 'string_start' || end.type !== 'string_end') return undefined;
    if (item.namedChildren.some((c) => c?.type === 'interpolation')) return undefined;
    out.push(source.slice(start.endIndex, end.startIndex));
  }
  return out;
}
