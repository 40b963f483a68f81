// Python source as a list of tokens, for telling a change's kind (changeClass.ts; pure).
//
// Decisions:
// - A small lexer, not tree-sitter: it reads fragments (a symbol's own lines cut out of its file, a
//   function without its class) that need not parse, and what it must tell apart is layout, comments
//   and strings from code, which is lexical.
// - Layout is not a token: spaces, line breaks inside brackets, backslash continuations and the
//   indentation of continuation lines. A line break at bracket depth 0 ends a statement and is kept
//   (`NL`), and so is the indentation of a statement's first line (`IND:n`): both change behaviour.
// - A string's quotes and prefix case are layout (`'a'` and `"a"` are one value); a trailing comma
//   before a closing bracket on a later line is layout (formatters add and remove it).

export type CodeTokenKind = 'name' | 'number' | 'string' | 'comment' | 'op' | 'nl' | 'indent';

export interface CodeToken {
  kind: CodeTokenKind;
  text: string;
}

const STRING_START = /^([rRbBuUfF]{0,2})('''|"""|'|")/;
const NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/u;
const NUMBER = /^(?:0[xXoObB][\da-fA-F_]+|\d[\d_]*(?:\.[\d_]*)?(?:[eE][+-]?\d+)?[jJ]?|\.\d[\d_]*(?:[eE][+-]?\d+)?[jJ]?)/;
const OPERATORS = ['**=', '//=', '>>=', '<<=', '...', '->', ':=', '**', '//', '<<', '>>', '<=', '>=', '==', '!=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@='];

/** The string literal starting at `i` (prefix and quotes included); unterminated ones run to the end. */
function stringAt(src: string, i: number, prefix: string, quote: string): number {
  let j = i + prefix.length + quote.length;
  while (j < src.length) {
    // A backslash always keeps the next character in the string, raw strings included (`r'\''`).
    if (src[j] === '\\') {
      j += 2;
      continue;
    }
    if (src.startsWith(quote, j)) return j + quote.length;
    if (quote.length === 1 && src[j] === '\n') return j;
    j++;
  }
  return src.length;
}

/** A string literal's value as written, without prefix case or quote style. */
function normalString(text: string, prefix: string, quote: string): string {
  const body = text.slice(prefix.length + quote.length, text.endsWith(quote) ? text.length - quote.length : text.length);
  return `${prefix.toLowerCase()}"${body}"`;
}

/** Tokens of `src` (see the top of the file). */
export function codeTokens(src: string): CodeToken[] {
  const out: CodeToken[] = [];
  let depth = 0;
  let atLineStart = true;
  // A line broke since the last token: a comma then closing bracket is a formatter's trailing comma,
  // not a one-element tuple's `(a,)`.
  let broke = false;
  let i = 0;
  const push = (kind: CodeTokenKind, text: string) => {
    if (kind === 'op' && broke && (text === ')' || text === ']' || text === '}')) {
      const last = out[out.length - 1];
      if (last?.kind === 'op' && last.text === ',') out.pop();
    }
    broke = false;
    out.push({ kind, text });
  };
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\n') {
      broke = true;
      if (depth === 0 && out.length > 0 && out[out.length - 1]!.kind !== 'nl') out.push({ kind: 'nl', text: '' });
      atLineStart = depth === 0;
      i++;
      continue;
    }
    if (atLineStart) {
      let j = i;
      while (j < src.length && (src[j] === ' ' || src[j] === '\t')) j++;
      if (j < src.length && src[j] !== '\n' && src[j] !== '#') out.push({ kind: 'indent', text: String(src.slice(i, j).replace(/\t/g, '        ').length) });
      atLineStart = false;
      i = j;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f') {
      i++;
      continue;
    }
    if (ch === '\\' && src[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (ch === '#') {
      const end = src.indexOf('\n', i);
      push('comment', src.slice(i, end < 0 ? src.length : end).trimEnd());
      i = end < 0 ? src.length : end;
      continue;
    }
    const rest = src.slice(i, i + 8);
    const s = STRING_START.exec(rest);
    if (s && (s[1] === '' || !NAME.test(src.slice(i - 1, i)))) {
      const end = stringAt(src, i, s[1]!, s[2]!);
      push('string', normalString(src.slice(i, end), s[1]!, s[2]!));
      i = end;
      continue;
    }
    const name = NAME.exec(src.slice(i, i + 200));
    if (name) {
      push('name', name[0]);
      i += name[0].length;
      continue;
    }
    const number = NUMBER.exec(src.slice(i, i + 100));
    if (number && number[0] !== '.') {
      push('number', number[0]);
      i += number[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i)) ?? ch;
    if (op === '(' || op === '[' || op === '{') depth++;
    if ((op === ')' || op === ']' || op === '}') && depth > 0) depth--;
    push('op', op);
    i += op.length;
  }
  return out;
}

/**
 * The tokens without comments and without strings that are statements of their own (docstrings and
 * other bare string expressions: no-ops when run); the indentation before such a statement goes too.
 */
export function withoutDocs(tokens: readonly CodeToken[]): CodeToken[] {
  const out: CodeToken[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'comment') continue;
    if (t.kind === 'string' && statementStart(tokens, i)) {
      let j = i;
      while (tokens[j + 1]?.kind === 'string' || tokens[j + 1]?.kind === 'comment') j++;
      const next = tokens[j + 1];
      if (next === undefined || next.kind === 'nl') {
        if (out[out.length - 1]?.kind === 'indent') out.pop();
        i = next === undefined ? j : j + 1;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** Whether token `i` starts a statement (after a line's indentation, or right after a block's `:` on its line). */
function statementStart(tokens: readonly CodeToken[], i: number): boolean {
  const prev = tokens[i - 1];
  return prev === undefined || prev.kind === 'indent' || prev.kind === 'nl' || (prev.kind === 'op' && prev.text === ';');
}

export function sameTokens(a: readonly CodeToken[], b: readonly CodeToken[]): boolean {
  return a.length === b.length && a.every((t, i) => t.kind === b[i]!.kind && t.text === b[i]!.text);
}
