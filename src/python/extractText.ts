// Small scanners over Python source text. Extraction reads a node's text once (one WASM call) and
// splits it here, instead of walking the node's children through the WASM boundary one call each.
// They only need to be right on text tree-sitter already parsed as the construct in question.

// The scanners compare UTF-16 code units (charCodeAt), not one-character strings: they run over every
// call's and assignment's text, and a code unit is read without making a string.
const QUOTE = 0x22; // "
const APOSTROPHE = 0x27; // '
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const HASH = 0x23;
// Brackets: ( [ { are 0x28 0x5b 0x7b, ) ] } are 0x29 0x5d 0x7d.

/** End index (exclusive) of the string literal whose opening quote is at `quoteAt`, or -1. */
export function stringEnd(text: string, quoteAt: number): number {
  const q = text.charCodeAt(quoteAt);
  if (q !== QUOTE && q !== APOSTROPHE) return -1;
  const triple = text.charCodeAt(quoteAt + 1) === q && text.charCodeAt(quoteAt + 2) === q;
  const n = text.length;
  let i = quoteAt + (triple ? 3 : 1);
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i += 2;
    else if (c === q) {
      if (!triple) return i + 1;
      if (text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q) return i + 3;
      i++;
    } else if (c === NEWLINE && !triple) return -1;
    else i++;
  }
  return -1;
}

/**
 * Splits `text` at depth-0 occurrences of `sep`, skipping brackets, strings and comments. Comments at
 * depth 0 are dropped from the pieces (they sit between items); comments inside brackets stay.
 */
export function splitTopLevel(text: string, sep: string): string[] {
  const separator = sep.length === 1 ? sep.charCodeAt(0) : -1;
  const pieces: string[] = [];
  let piece = '';
  let from = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE) {
      const end = stringEnd(text, i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === HASH) {
      const nl = text.indexOf('\n', i);
      const end = nl < 0 ? text.length : nl;
      if (depth === 0) {
        piece += text.slice(from, i);
        from = end;
      }
      i = end - 1;
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) depth--;
    else if (c === separator && depth === 0) {
      pieces.push(piece + text.slice(from, i));
      piece = '';
      from = i + 1;
    }
  }
  pieces.push(piece + text.slice(from));
  return pieces;
}

/** Index of the first depth-0 `ch` outside strings, or -1. For `=`, comparison operators and `:=` are skipped. */
export function topLevelIndex(text: string, ch: ':' | '='): number {
  const wanted = ch.charCodeAt(0);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE) {
      const end = stringEnd(text, i);
      if (end < 0) return -1;
      i = end - 1;
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) depth--;
    else if (c === wanted && depth === 0) {
      if (ch === ':' && text[i + 1] === '=') continue;
      if (ch === '=') {
        const prev = text[i - 1];
        if (text[i + 1] === '=') {
          i++;
          continue;
        }
        if (prev === '<' || prev === '>' || prev === '!' || prev === ':') continue;
      }
      return i;
    }
  }
  return -1;
}

const PREFIX = /[rRuUbBfF]{0,2}/y;

/**
 * The docstring statement starting at `at`: one string literal, or implicitly concatenated literals
 * on one logical line, followed by the end of the statement. Returns the literal source and its
 * value (escapes decoded as Python does, except `\N{...}`, kept as written), or undefined (f-strings
 * and bytes are not docstrings; neither is `"x".format()`).
 */
export function docstringAt(text: string, at: number): { source: string; raw: string } | undefined {
  let i = at;
  let raw = '';
  let pieces = 0;
  for (;;) {
    PREFIX.lastIndex = i;
    const prefix = PREFIX.exec(text)?.[0] ?? '';
    const quoteAt = i + prefix.length;
    const c = text[quoteAt];
    if (c !== '"' && c !== "'") break;
    if (/[bBfF]/.test(prefix)) return undefined;
    const end = stringEnd(text, quoteAt);
    if (end < 0) return undefined;
    const quoteLen = text.startsWith(c + c + c, quoteAt) ? 3 : 1;
    const content = text.slice(quoteAt + quoteLen, end - quoteLen);
    raw += /[rR]/.test(prefix) ? content : decodeEscapes(content);
    pieces++;
    i = end;
    // Another literal may follow on the same logical line (spaces, or a backslash continuation).
    for (;;) {
      const ch = text[i];
      if (ch === ' ' || ch === '\t') i++;
      else if (ch === '\\' && text[i + 1] === '\n') i += 2;
      else break;
    }
  }
  if (pieces === 0) return undefined;
  const next = text[i];
  if (next !== undefined && next !== '\n' && next !== ';' && next !== '#') return undefined;
  return { source: text.slice(at, i).trimEnd(), raw };
}

/** Index of the first statement of a module: after blank lines and comment lines. */
export function firstStatementIndex(text: string): number {
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== '#') return i;
    const nl = text.indexOf('\n', i);
    if (nl < 0) return text.length;
    i = nl + 1;
  }
}

/** Index just after the bracket that closes the one at `open`, or -1 (also when it closes at or after `limit`). */
export function closingBracket(text: string, open: number, limit: number = text.length): number {
  let depth = 0;
  const end = Math.min(limit, text.length);
  for (let i = open; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE || c === APOSTROPHE) {
      const after = stringEnd(text, i);
      if (after < 0) return -1;
      i = after - 1;
    } else if (c === HASH) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return -1;
      i = nl;
    } else if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The text without any comment, inside brackets too; a `#` in a string is kept. Stops removing at an unclosed string. */
export function withoutAnyComments(text: string): string {
  if (!text.includes('#')) return text;
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (end < 0) break;
      i = end - 1;
    } else if (c === '#') {
      out += text.slice(from, i);
      const nl = text.indexOf('\n', i);
      from = nl < 0 ? text.length : nl;
      i = from - 1;
    }
  }
  return out + text.slice(from);
}

/** The text without its depth-0 comments (`@dec  # note` -> `@dec`), trimmed at the end. */
export function withoutComments(text: string): string {
  return text.includes('#') ? splitTopLevel(text, '\u0000').join('').trimEnd() : text.trimEnd();
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '', // a backslash at the end of a line continues the string
};

/** Python's escape sequences in a non-raw str literal; unknown escapes stay as written, like Python. */
export function decodeEscapes(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const n = s[i + 1];
    if (c !== '\\' || n === undefined) {
      out += c;
      continue;
    }
    const simple = SIMPLE_ESCAPES[n];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const digits = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4))?.[0] ?? (n === 'x' ? hex(s, i + 2, 2) : n === 'u' ? hex(s, i + 2, 4) : n === 'U' ? hex(s, i + 2, 8) : undefined);
    if (digits === undefined) {
      out += c; // unknown escape (or \N{...}): kept, backslash included
      continue;
    }
    const octal = n >= '0' && n <= '7';
    const code = parseInt(digits, octal ? 8 : 16);
    out += code <= 0x10ffff ? String.fromCodePoint(code) : '';
    i += octal ? digits.length : digits.length + 1;
  }
  return out;
}

function hex(s: string, from: number, length: number): string | undefined {
  const digits = s.slice(from, from + length);
  return digits.length === length && /^[0-9a-fA-F]+$/.test(digits) ? digits : undefined;
}

/** CPython's tokenizer refuses more nested brackets than this ("too many nested parentheses"). */
export const MAX_NESTED_BRACKETS = 200;
