// A value that is one of several expressions: `a if cond else b` and `a or b`. Read as any item of a
// literal of the alternatives (subscript of elements at unknown positions), so the resolver gives a
// call through it an edge to each: `self._add = self._add_safe if safe else self._add_fast` makes
// `self._add(x)` call both, as Python may.
//
// Cost: one scan of the text for depth-0 `if`/`else`/`or` outside strings; at most MAX_ALTERNATIVES
// alternatives are read (a longer chain is `other`), each scanned once more by the caller's reader.
import type { RefExpr } from '../model.js';
import { stringEnd } from './extractText.js';

const MAX_ALTERNATIVES = 8;
const WORD = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]/u;

/** Start offsets of the depth-0 keywords `if`, `else`, `or`, `lambda` outside strings, in order. */
function keywords(text: string): { word: string; at: number }[] {
  const out: { word: string; at: number }[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end < 0) return [];
      i = end - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && (c === 'i' || c === 'e' || c === 'o' || c === 'l') && (i === 0 || !wordBefore(text, i))) {
      const word = keywordAt(text, i);
      if (word !== undefined) {
        out.push({ word, at: i });
        i += word.length - 1;
      }
    }
  }
  return out;
}

/** Whether the code unit before `i` is part of a name (ASCII decided without a regex). */
function wordBefore(text: string, i: number): boolean {
  const c = text.charCodeAt(i - 1);
  return c < 0x80 ? isAsciiWord(c) : WORD.test(text[i - 1]!);
}

function isAsciiWord(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

const KEYWORDS = ['if', 'else', 'or', 'lambda'];
const KEYWORD_AT = /^(?:if|else|or|lambda)(?![\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}])/u;

/** The keyword starting at `i` and not running on into a name, or undefined. */
function keywordAt(text: string, i: number): string | undefined {
  const word = KEYWORDS.find((k) => text.startsWith(k, i));
  if (word === undefined) return undefined;
  const next = text.charCodeAt(i + word.length);
  // End of text, or an ASCII character: decided here; past ASCII, by the name classes Python uses.
  if (Number.isNaN(next)) return word;
  if (next < 0x80) return isAsciiWord(next) ? undefined : word;
  return KEYWORD_AT.exec(text.slice(i, i + 7))?.[0];
}

/** The alternatives' texts, or undefined when `text` is neither a conditional nor an `or` chain. */
function alternativeTexts(text: string): string[] | undefined {
  const found = keywords(text);
  if (found.length === 0 || found.some((k) => k.word === 'lambda')) return undefined;
  const firstIf = found.findIndex((k) => k.word === 'if');
  if (firstIf >= 0) {
    // `body if cond else orelse`: the first depth-0 `else` after the `if` closes it; `orelse` may chain.
    const elseAt = found.findIndex((k, i) => i > firstIf && k.word === 'else');
    if (elseAt < 0) return undefined;
    const body = text.slice(0, found[firstIf]!.at);
    const orelse = text.slice(found[elseAt]!.at + 4);
    if (found.slice(0, firstIf).some((k) => k.word === 'or')) return undefined; // `a or b if c else d`: left as it is
    return [body, ...(alternativeTexts(orelse) ?? [orelse])];
  }
  const ors = found.filter((k) => k.word === 'or');
  if (ors.length === 0 || found.length !== ors.length) return undefined;
  const pieces: string[] = [];
  let from = 0;
  for (const k of ors) {
    pieces.push(text.slice(from, k.at));
    from = k.at + 2;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** `a if c else b`, `a or b` -> any item of [a, b]; undefined when `text` is neither. */
export function alternativesFromText(text: string, read: (text: string) => RefExpr): RefExpr | undefined {
  const texts = alternativeTexts(text);
  if (texts === undefined) return undefined;
  if (texts.length > MAX_ALTERNATIVES) return { t: 'other' };
  const items = texts.map(read).filter((r) => r.t !== 'other');
  if (items.length === 0) return { t: 'other' };
  return { t: 'subscript', object: { t: 'elements', items, positions: [] } };
}
