// Name bindings, imports and `__all__`, each read from one captured statement node.
// Targets that unpack (tuples, for/with targets) bind every name with value `other`: which element
// lands where is not something a static resolver can rely on.
import type { Binding, ImportRecord, RefExpr } from '../model.js';
import { refExprOf, refFromDottedText, refOf } from './extractRef.js';
import type { SyntaxNode } from './treeSitter.js';

const OTHER: RefExpr = { t: 'other' };

const UNPACKING = new Set([
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'tuple',
  'list',
  'parenthesized_expression',
  'list_splat_pattern',
  'list_splat',
  'expression_list',
  'as_pattern_target',
]);

export interface BindingScope {
  /** `self` of the enclosing method (its first parameter as written), when the scope is a method. */
  selfName?: string;
}

/** Attribute targets (`self.x = ...`, `a.b, c = ...`) are writes: their ids go here so they are not reported as reads. */
export type WrittenAttributes = Set<number>;

/** `x = v`, `self.a = v`, `a, b = v`; the annotation of `x: T = v` arrives as its own capture. */
export function assignmentBindings(node: SyntaxNode, scope: BindingScope, written: WrittenAttributes): Binding[] {
  const left = node.childForFieldName('left');
  if (!left) return [];
  const line = node.startPosition.row + 1;
  const value = assignedValue(node.childForFieldName('right'));
  return targetBindings(left, scope, line, value, written);
}

/** Text first (one WASM call) and the node walk only when the value is not a dotted name. */
function assignedValue(right: SyntaxNode | null): RefExpr | undefined {
  let hops = 0;
  while (right) {
    const fast = refFromDottedText(right.text);
    if (fast) return fast;
    // `a = b = C()` nests: every target gets the innermost value (the inner assignment is captured too).
    if (right.type !== 'assignment' || hops++ > 10_000) return refExprOf(right);
    right = right.childForFieldName('right');
  }
  return undefined;
}

export function walrusBinding(node: SyntaxNode): Binding[] {
  const name = node.childForFieldName('name');
  const value = node.childForFieldName('value');
  if (!name) return [];
  const binding: Binding = { target: [name.text], line: node.startPosition.row + 1 };
  if (value) binding.value = refOf(value, value.text);
  return [binding];
}

/** for/with targets: every bound name, value other. */
export function unpackedBindings(target: SyntaxNode, scope: BindingScope, written: WrittenAttributes): Binding[] {
  return targetBindings(target, scope, target.startPosition.row + 1, OTHER, written);
}

function targetBindings(
  left: SyntaxNode,
  scope: BindingScope,
  line: number,
  value: RefExpr | undefined,
  written: WrittenAttributes,
): Binding[] {
  const single = singleTarget(left, scope, written);
  if (single) {
    const b: Binding = { target: single, line };
    if (value) b.value = value;
    return [b];
  }
  const out: Binding[] = [];
  // Unpacking: walk the pattern with an explicit stack (patterns can nest arbitrarily deep).
  const stack: SyntaxNode[] = [left];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const target = singleTarget(node, scope, written);
    if (target) {
      out.push({ target, line: node.startPosition.row + 1, value: OTHER });
      continue;
    }
    // Only unpacking patterns are descended: `a[i], b = ...` binds b, not a or i.
    if (!UNPACKING.has(node.type)) continue;
    const kids = node.namedChildren;
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i];
      if (kid) stack.push(kid);
    }
  }
  out.sort((a, b) => a.line - b.line);
  return out;
}

/** A name, or `self.attr` in a method; read from the text so the common case costs one WASM call. */
function singleTarget(node: SyntaxNode, scope: BindingScope, written: WrittenAttributes): string[] | undefined {
  const ref = refFromDottedText(node.text);
  if (!ref) return undefined;
  if (ref.t === 'name') return [ref.name];
  written.add(node.id);
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
