// Signature diff of one function or method between base and head (pure).
//
// Decisions:
// - A change is `breaking` when a call that bound under the base signature can fail (or mean
//   something else) under the head one: a parameter removed, renamed (keyword callers), moved to
//   another position, made required, made keyword-only or positional-only, `*args`/`**kwargs`
//   removed, `async` added or removed, a function turned into a property (or back), a staticmethod /
//   classmethod / plain method switch. Defaults changed, annotations and return annotations are
//   listed but are not breaking: every call still binds.
// - A rename is only inferred for a positional slot whose old name is gone and whose new name is new,
//   of the same kind; anything else is a removal plus an addition, which is what a keyword caller sees.
// - The bare `*` separator is not a parameter (extractDefs.ts records only what follows it as
//   keyword-only), so `*args` added/removed means a real var-positional.
import type { Param, PySymbol } from '../model.js';

export type SignatureChangeKind =
  | 'removed'
  | 'renamed'
  | 'reordered'
  | 'added-required'
  | 'added-optional'
  | 'default-added'
  | 'default-removed'
  | 'default-changed'
  | 'became-keyword-only'
  | 'no-longer-keyword-only'
  | 'became-positional-only'
  | 'no-longer-positional-only'
  | 'var-positional-added'
  | 'var-positional-removed'
  | 'var-keyword-added'
  | 'var-keyword-removed'
  | 'annotation-changed'
  | 'returns-changed'
  | 'async-added'
  | 'async-removed'
  | 'became-property'
  | 'no-longer-property'
  | 'binding-changed';

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

export type SignatureSide = Pick<PySymbol, 'params' | 'isAsync' | 'decorators'> & { returns?: string | undefined };

const PROPERTY = /(?:^|\.)(?:property|cached_property)$|\.(?:getter|setter|deleter)$/;

/** Whether the decorators make a definition an `@overload` stub (a type checker's view of the function). */
export function isOverload(decorators: readonly string[]): boolean {
  return decorators.some((d) => /^@?\s*(typing\.|t\.|typing_extensions\.)?overload\s*$/.test(d.trim()));
}

/** `staticmethod`, `classmethod`, `property` or `method`, from the decorators as written (no `@`). */
export function bindingOf(decorators: readonly string[]): 'staticmethod' | 'classmethod' | 'property' | 'plain' {
  for (const raw of decorators) {
    const d = raw.replace(/^@/, '').replace(/\(.*$/s, '').trim();
    if (d === 'staticmethod' || d.endsWith('.staticmethod')) return 'staticmethod';
    if (d === 'classmethod' || d.endsWith('.classmethod')) return 'classmethod';
    if (PROPERTY.test(d)) return 'property';
  }
  return 'plain';
}

/** `(a, /, b=1, *args, c, **kw) -> T`, with `async` when the function is. */
export function renderSignature(side: SignatureSide): string {
  const parts: string[] = [];
  const params = side.params;
  const lastPosOnly = params.map((p) => p.kind).lastIndexOf('positional_only');
  const hasVarPos = params.some((p) => p.kind === 'var_positional');
  let starWritten = hasVarPos;
  params.forEach((p, i) => {
    if (p.kind === 'keyword_only' && !starWritten) {
      parts.push('*');
      starWritten = true;
    }
    const prefix = p.kind === 'var_positional' ? '*' : p.kind === 'var_keyword' ? '**' : '';
    const annotation = p.annotation !== undefined ? `: ${p.annotation}` : '';
    const value = p.default !== undefined ? (annotation ? ` = ${p.default}` : `=${p.default}`) : '';
    parts.push(`${prefix}${p.name}${annotation}${value}`);
    if (i === lastPosOnly) parts.push('/');
  });
  const returns = side.returns !== undefined ? ` -> ${side.returns}` : '';
  return `${side.isAsync ? 'async ' : ''}(${parts.join(', ')})${returns}`;
}

function isPositional(p: Param): boolean {
  return p.kind === 'positional_only' || p.kind === 'regular';
}

function isNamed(p: Param): boolean {
  return p.kind !== 'var_positional' && p.kind !== 'var_keyword';
}

const KIND_WORDS: Record<Param['kind'], string> = {
  positional_only: 'positional-only',
  regular: 'positional-or-keyword',
  var_positional: '*args',
  keyword_only: 'keyword-only',
  var_keyword: '**kwargs',
};

/** The changes from `base` to `head`; undefined when the signature did not change. */
export function diffSignature(base: SignatureSide, head: SignatureSide): SignatureDiff | undefined {
  const changes: SignatureChange[] = [];
  const add = (kind: SignatureChangeKind, text: string, breaking: boolean, param?: string): void => {
    changes.push({ kind, text, breaking, ...(param !== undefined ? { param } : {}) });
  };
  const baseNamed = base.params.filter(isNamed);
  const headNamed = head.params.filter(isNamed);
  const baseNames = new Map(baseNamed.map((p) => [p.name, p]));
  const headNames = new Map(headNamed.map((p) => [p.name, p]));

  // Renames: the same positional slot, old name gone, new name new, same kind.
  const basePos = base.params.filter(isPositional);
  const headPos = head.params.filter(isPositional);
  const renamedFrom = new Map<string, string>(); // head name -> base name
  for (let i = 0; i < Math.min(basePos.length, headPos.length); i++) {
    const b = basePos[i]!;
    const h = headPos[i]!;
    if (b.name !== h.name && !headNames.has(b.name) && !baseNames.has(h.name) && b.kind === h.kind) renamedFrom.set(h.name, b.name);
  }
  const renamedBase = new Set(renamedFrom.values());
  for (const [to, from] of renamedFrom) {
    const kind = headNames.get(to)!.kind;
    add('renamed', `\`${from}\` renamed to \`${to}\``, kind !== 'positional_only', to);
  }

  for (const b of baseNamed) {
    if (headNames.has(b.name) || renamedBase.has(b.name)) continue;
    add('removed', `\`${b.name}\` removed`, true, b.name);
  }
  for (const h of headNamed) {
    if (baseNames.has(h.name) || renamedFrom.has(h.name)) continue;
    if (h.default === undefined) add('added-required', `\`${h.name}\` added (required${h.kind === 'keyword_only' ? ', keyword-only' : ''})`, true, h.name);
    else add('added-optional', `\`${h.name}\` added (optional)`, false, h.name);
  }

  // Positions: a parameter both sides pass positionally that now sits elsewhere.
  const baseIndex = new Map(basePos.map((p, i) => [p.name, i]));
  const moved: string[] = [];
  headPos.forEach((h, i) => {
    const from = renamedFrom.get(h.name) ?? h.name;
    const was = baseIndex.get(from);
    if (was !== undefined && was !== i) moved.push(`\`${h.name}\` ${was + 1} -> ${i + 1}`);
  });
  if (moved.length > 0) add('reordered', `positional order changed: ${moved.join(', ')}`, true);

  for (const h of headNamed) {
    const b = baseNames.get(renamedFrom.get(h.name) ?? h.name);
    if (!b) continue;
    if (b.kind !== h.kind) {
      if (h.kind === 'keyword_only') add('became-keyword-only', `\`${h.name}\` is now keyword-only`, true, h.name);
      else if (b.kind === 'keyword_only') add('no-longer-keyword-only', `\`${h.name}\` is no longer keyword-only (now ${KIND_WORDS[h.kind]})`, false, h.name);
      else if (h.kind === 'positional_only') add('became-positional-only', `\`${h.name}\` is now positional-only`, true, h.name);
      else add('no-longer-positional-only', `\`${h.name}\` is no longer positional-only`, false, h.name);
    }
    if (b.default === undefined && h.default !== undefined) add('default-added', `\`${h.name}\` now optional`, false, h.name);
    else if (b.default !== undefined && h.default === undefined) add('default-removed', `\`${h.name}\` now required (its default was removed)`, true, h.name);
    else if (b.default !== undefined && h.default !== undefined && b.default !== h.default) {
      add('default-changed', `\`${h.name}\` default changed`, false, h.name);
    }
    if ((b.annotation ?? '') !== (h.annotation ?? '')) {
      add('annotation-changed', `\`${h.name}\` annotation changed`, false, h.name);
    }
  }

  for (const kind of ['var_positional', 'var_keyword'] as const) {
    const b = base.params.find((p) => p.kind === kind);
    const h = head.params.find((p) => p.kind === kind);
    const star = kind === 'var_positional' ? '*' : '**';
    const what = kind === 'var_positional' ? 'var-positional' : 'var-keyword';
    if (b && !h) add(`${what}-removed`, `\`${star}${b.name}\` removed`, true, b.name);
    else if (!b && h) add(`${what}-added`, `\`${star}${h.name}\` added`, false, h.name);
  }

  if ((base.returns ?? '') !== (head.returns ?? '')) {
    add('returns-changed', 'return annotation changed', false);
  }
  if (!base.isAsync && head.isAsync) add('async-added', 'now `async`: callers get a coroutine and must await it', true);
  if (base.isAsync && !head.isAsync) add('async-removed', 'no longer `async`: awaiting its result fails', true);

  const was = bindingOf(base.decorators);
  const now = bindingOf(head.decorators);
  if (was !== now) {
    if (now === 'property') add('became-property', 'now a property: `obj.f()` calls its value', true);
    else if (was === 'property') add('no-longer-property', `no longer a property (now ${now === 'plain' ? 'a method' : `a ${now}`}): \`obj.f\` is a bound method, not its value`, true);
    else add('binding-changed', `${was === 'plain' ? 'plain method' : was} -> ${now === 'plain' ? 'plain method' : now}`, true);
  }

  if (changes.length === 0) return undefined;
  return { before: renderSignature(base), after: renderSignature(head), changes, breaking: changes.some((c) => c.breaking) };
}
