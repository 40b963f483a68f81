// The shape of a call's argument list, for binding it against a signature (review/callBinding.ts):
// how many positional arguments, which keyword names, whether `*x` / `**x` appear. Read from the
// source text after the callee, one bounded scan per call.
//
// Memory: a call with no arguments gets no shape at all, and the common shapes (1-8 positional
// arguments, nothing else) are shared frozen objects, so a large project's call sites add a few
// hundred small objects, not one per site.
import type { CallShape } from '../model.js';
import { closingBracket, splitTopLevel, stringEnd } from './extractText.js';

/** Argument lists longer than this are not read: the shape is `unread` (binding says "check"). */
export const MAX_SHAPE_TEXT = 4000;

const KEYWORD = /^([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)\s*=(?!=)/u;
const UNREAD: CallShape = Object.freeze({ positional: 0, unread: true }) as CallShape;
const POSITIONAL_ONLY: readonly CallShape[] = Array.from({ length: 9 }, (_, n) => Object.freeze({ positional: n }) as CallShape);

/** The shape of the call whose callee ends at `calleeEnd`; undefined when it passes no arguments (or is not a call). */
export function callShapeFromText(source: string, calleeEnd: number): CallShape | undefined {
  let open = calleeEnd;
  while (open < source.length && /\s/.test(source[open]!)) open++;
  if (source[open] !== '(') return undefined;
  const close = closingBracket(source, open, open + MAX_SHAPE_TEXT);
  if (close < 0) return UNREAD;
  let positional = 0;
  let star = false;
  let doubleStar = false;
  let keywords: string[] | undefined;
  for (const piece of withLambdasWhole(splitTopLevel(source.slice(open + 1, close - 1), ','))) {
    const text = piece.trim();
    if (text === '') continue;
    if (text.startsWith('**')) doubleStar = true;
    else if (text.startsWith('*')) star = true;
    else {
      const kw = KEYWORD.exec(text);
      if (kw) (keywords ??= []).push(kw[1]!);
      else positional++;
    }
  }
  if (positional === 0 && !star && !doubleStar && !keywords) return undefined;
  if (!star && !doubleStar && !keywords && positional < POSITIONAL_ONLY.length) return POSITIONAL_ONLY[positional];
  return { positional, ...(keywords ? { keywords } : {}), ...(star ? { star: true } : {}), ...(doubleStar ? { doubleStar: true } : {}) };
}

const WORD_CHAR = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

/** Whether `text` ends inside a depth-0 lambda's parameter list (`key=lambda a`: its `, b: ...` follows). */
function opensLambda(text: string): boolean {
  let depth = 0;
  let open = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end < 0) return false;
      i = end - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && c === ':') open = false;
    else if (depth === 0 && c === 'l' && text.startsWith('lambda', i) && !WORD_CHAR.test(text[i - 1] ?? ' ') && !WORD_CHAR.test(text[i + 6] ?? ' ')) {
      open = true;
      i += 5;
    }
  }
  return open;
}

/**
 * Argument pieces with a lambda's own parameters joined back: `eq=lambda a, b: a == b` is one keyword
 * argument, not a keyword and a positional one.
 */
function withLambdasWhole(pieces: string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out.length - 1;
    if (last >= 0 && opensLambda(out[last]!)) out[last] = `${out[last]},${piece}`;
    else out.push(piece);
  }
  return out;
}
