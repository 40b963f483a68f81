// Reduces an expression to a RefExpr (see model.ts), from its source text (refFromText: one WASM
// call for the text instead of one per link) or, as a fallback, by walking its nodes (refExprOf).
// Both are iterative on purpose: a 10,000-link attribute chain must not overflow the stack. Chains
// longer than MAX_CHAIN links become `other`: no resolver can follow them usefully, and the cap
// bounds the work per call site.
import type { RefExpr } from '../model.js';
import { closingBracket, MAX_NESTED_BRACKETS, stringEnd } from './extractText.js';
import type { SyntaxNode } from './treeSitter.js';

export const MAX_CHAIN = 64;

const OTHER: RefExpr = Object.freeze({ t: 'other' }) as RefExpr;

type Link = { kind: 'attr'; attr: string } | { kind: 'call' } | { kind: 'subscript' };

const DOTTED = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*(?:[ \t]*\.[ \t]*[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)*$/u;

/**
 * Fast path: `a.b.c` written as plain dotted names becomes a RefExpr from its text alone, with no
 * further WASM calls. Anything else (calls, subscripts, comments, line breaks) returns undefined and
 * goes through refExprOf.
 */
export function refFromDottedText(text: string): RefExpr | undefined {
  if (text.length > 4096 || !DOTTED.test(text)) return undefined;
  const parts = text.split('.');
  if (parts.length > MAX_CHAIN + 1) return OTHER;
  let ref: RefExpr = { t: 'name', name: parts[0]!.trim() };
  for (let i = 1; i < parts.length; i++) ref = { t: 'attr', object: ref, attr: parts[i]!.trim() };
  return ref;
}

const IDENT = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const STRING_START = /[rRuUbBfF]{0,2}["']/y;
const CONSTANTS = new Set(['None', 'True', 'False']);
const NOT_NAMES = new Set(['lambda', 'not', 'await', 'yield', 'if', 'else', 'and', 'or', 'in', 'is']);

/**
 * The RefExpr of an expression from its source text alone: a primary (name, literal, bracket) and
 * then `.attr`, `(...)` and `[...]` links, as tree-sitter would parse them. One text read replaces a
 * WASM call per link. Returns undefined only for a parenthesized primary followed by links
 * (`(a or b).m`), where the caller may fall back to the node walk.
 */
export function refFromText(text: string): RefExpr | undefined {
  let i = skipSpace(text, 0);
  let end = text.length;
  while (end > i && /\s/.test(text[end - 1]!)) end--;
  // `(expr)` around the whole text: unwrap, iteratively. Each level scans to its closing bracket, so
  // the levels are capped where Python stops (MAX_NESTED_BRACKETS): past that the text is no code.
  let levels = 0;
  while (text[i] === '(' && closingBracket(text, i) === end) {
    if (++levels > MAX_NESTED_BRACKETS) return OTHER;
    i = skipSpace(text, i + 1);
    end = trimEnd(text, end - 1);
  }
  let base: RefExpr = OTHER;
  STRING_START.lastIndex = i;
  const isString = STRING_START.test(text); // before names: `r"..."` and `f"..."` start like one
  IDENT.lastIndex = i;
  const ident = isString ? null : IDENT.exec(text);
  if (ident) {
    if (NOT_NAMES.has(ident[0])) return OTHER;
    // None/True/False are constants, not names; links may still follow, as for any literal.
    if (!CONSTANTS.has(ident[0])) base = { t: 'name', name: ident[0] };
    i += ident[0].length;
  } else {
    if (isString) {
      // One literal or several implicitly concatenated ones: the base is `other`, links may follow.
      for (;;) {
        STRING_START.lastIndex = i;
        const m = STRING_START.exec(text);
        if (!m) break;
        const close = stringEnd(text, i + m[0].length - 1);
        if (close < 0) return OTHER;
        i = skipSpace(text, close);
      }
    } else if (text[i] === '[' || text[i] === '{') {
      i = closingBracket(text, i);
      if (i < 0) return OTHER;
    } else if (text[i] === '(') {
      return undefined;
    } else {
      return OTHER;
    }
  }
  let ref = base;
  let links = 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i >= end) return ref;
    if (++links > MAX_CHAIN) return OTHER;
    const c = text[i];
    if (c === '.') {
      i = skipSpace(text, i + 1);
      IDENT.lastIndex = i;
      const attr = IDENT.exec(text);
      if (!attr) return OTHER;
      ref = { t: 'attr', object: ref, attr: attr[0] };
      i += attr[0].length;
    } else if (c === '(') {
      const close = closingBracket(text, i);
      if (close < 0) return OTHER;
      ref = ref.t === 'name' && ref.name === 'super' ? { t: 'super' } : { t: 'call', callee: ref };
      i = close;
    } else if (c === '[') {
      // A subscript: the key is not kept (every element is a candidate); on `other` it stays `other`.
      const close = closingBracket(text, i);
      if (close < 0) return OTHER;
      ref = ref.t === 'other' ? OTHER : { t: 'subscript', object: ref };
      i = close;
    } else {
      return OTHER; // an operator: not a primary chain
    }
  }
}

/** Skips whitespace, backslash continuations and comments. */
function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') i++;
    else if (c === '\\' && text[i + 1] === '\n') i += 2;
    else if (c === '#') {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return text.length;
      i = nl + 1;
    } else return i;
  }
}

function trimEnd(text: string, end: number): number {
  let e = end;
  while (e > 0 && /\s/.test(text[e - 1]!)) e--;
  return e;
}

/** A RefExpr for a node whose text is already known: from the text, the node walk only as a fallback. */
export function refOf(node: SyntaxNode, text: string): RefExpr {
  return refFromText(text) ?? refExprOf(node);
}

export function refExprOf(start: SyntaxNode): RefExpr {
  const links: Link[] = [];
  let node: SyntaxNode | null = start;
  let base: RefExpr = OTHER;
  while (node) {
    if (links.length > MAX_CHAIN) return OTHER;
    const type = node.type;
    if (type === 'identifier') {
      base = { t: 'name', name: node.text };
      break;
    }
    if (type === 'attribute') {
      const attr = node.childForFieldName('attribute');
      if (!attr) return OTHER;
      links.push({ kind: 'attr', attr: attr.text });
      node = node.childForFieldName('object');
      continue;
    }
    if (type === 'call') {
      const fn = node.childForFieldName('function');
      if (fn && fn.type === 'identifier' && fn.text === 'super') {
        base = { t: 'super' };
        break;
      }
      links.push({ kind: 'call' });
      node = fn;
      continue;
    }
    if (type === 'subscript') {
      links.push({ kind: 'subscript' });
      node = node.childForFieldName('value');
      continue;
    }
    if (type === 'parenthesized_expression' && node.namedChildCount === 1) {
      node = node.namedChild(0);
      continue;
    }
    break;
  }
  let ref = base;
  for (let i = links.length - 1; i >= 0; i--) {
    const link = links[i]!;
    if (link.kind === 'subscript') ref = ref.t === 'other' ? OTHER : { t: 'subscript', object: ref };
    else ref = link.kind === 'attr' ? { t: 'attr', object: ref, attr: link.attr } : { t: 'call', callee: ref };
  }
  return ref;
}

/** True when the expression is a name/super/attribute/call chain with no `other` or subscript inside. */
export function isPlainChain(ref: RefExpr): boolean {
  let cur: RefExpr = ref;
  for (;;) {
    if (cur.t === 'attr') cur = cur.object;
    else if (cur.t === 'call') cur = cur.callee;
    else return cur.t === 'name' || cur.t === 'super';
  }
}
