// Definition details read from captured text rather than by walking child nodes: every node-API
// call crosses into WASM, and a def has a dozen children. The parameter list is one `text` read,
// split here; the docstring is found in the source at the body's first statement.
import type { Param, ParamKind } from '../model.js';
import { closingBracket, docstringAt, firstStatementIndex, splitTopLevel, topLevelIndex } from './extractText.js';

/** `(a, /, b: int = 3, *args, c, **kw)` as written, parentheses included. */
export function paramsFromText(text: string): Param[] {
  const inner = text.replace(/^\s*\(/, '').replace(/\)\s*$/, '');
  const out: Param[] = [];
  let afterStar = false;
  for (const rawPiece of splitTopLevel(inner, ',')) {
    const piece = trimContinuations(rawPiece);
    if (piece === '') continue;
    if (piece === '/') {
      for (const p of out) if (p.kind === 'regular') p.kind = 'positional_only';
      continue;
    }
    if (piece === '*') {
      afterStar = true;
      continue;
    }
    const param = paramFromPiece(piece, afterStar);
    if (param.kind === 'var_positional') afterStar = true;
    out.push(param);
  }
  return out;
}

/** Trims whitespace and backslash line continuations at both ends. */
function trimContinuations(text: string): string {
  let start = 0;
  let end = text.length;
  for (;;) {
    if (start < end && /\s/.test(text[start]!)) start++;
    else if (text[start] === '\\' && text[start + 1] === '\n') start += 2;
    else break;
  }
  for (;;) {
    if (end > start && /\s/.test(text[end - 1]!)) end--;
    else if (end - 2 >= start && text[end - 1] === '\n' && text[end - 2] === '\\') end -= 2;
    else break;
  }
  return text.slice(start, end);
}

function paramFromPiece(piece: string, afterStar: boolean): Param {
  const eq = topLevelIndex(piece, '=');
  const head = eq < 0 ? piece : piece.slice(0, eq);
  const colon = topLevelIndex(head, ':');
  const nameText = (colon < 0 ? head : head.slice(0, colon)).trim();
  let name = nameText;
  let kind: ParamKind = afterStar ? 'keyword_only' : 'regular';
  if (nameText.startsWith('**')) {
    name = nameText.slice(2).trim();
    kind = 'var_keyword';
  } else if (nameText.startsWith('*')) {
    name = nameText.slice(1).trim();
    kind = 'var_positional';
  }
  const annotation = colon >= 0 ? head.slice(colon + 1).trim() : undefined;
  const value = eq >= 0 ? piece.slice(eq + 1).trim() : undefined;
  // One literal per shape: a property added to an object after it is made goes to a backing store of its
  // own (one more allocation per parameter on a large tree).
  if (annotation === undefined) return value === undefined ? { name, kind } : { name, kind, default: value };
  return value === undefined ? { name, kind, annotation } : { name, kind, annotation, default: value };
}

/** Positional class arguments as written; keyword arguments (metaclass=, total=) are not bases. */
export function basesFromText(argumentList: string): string[] {
  const inner = argumentList.replace(/^\s*\(/, '').replace(/\)\s*$/, '');
  const out: string[] = [];
  for (const rawPiece of splitTopLevel(inner, ',')) {
    const piece = rawPiece.trim();
    if (piece === '' || piece.startsWith('**')) continue;
    if (/^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*\s*=(?!=)/u.test(piece)) continue;
    out.push(piece);
  }
  return out;
}

export interface Docstring {
  /** The literal as written (quotes included), for signatures. */
  source: string;
  /** The content, cleaned like inspect.cleandoc. */
  text: string;
}

/** The docstring of a body whose first statement starts at `bodyStart`. */
export function docstringOfBody(source: string, bodyStart: number): Docstring | undefined {
  const found = docstringAt(source, bodyStart);
  return found ? { source: found.source, text: cleanDocstring(found.raw) } : undefined;
}

/** The module docstring: its first statement after blank and comment lines, when a plain string. */
export function moduleDocstring(source: string): (Docstring & { line: number }) | undefined {
  const at = firstStatementIndex(source);
  const doc = docstringOfBody(source, at);
  if (!doc) return undefined;
  let line = 1;
  for (let i = source.indexOf('\n'); i !== -1 && i < at; i = source.indexOf('\n', i + 1)) line++;
  return { ...doc, line };
}

/** str.expandtabs(8): a tab advances to the next multiple of 8 columns. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const c of line) out += c === '\t' ? ' '.repeat(8 - (out.length % 8)) : c;
  return out;
}

/**
 * inspect.cleandoc: expand tabs, strip the first line, dedent the rest by their common indent, drop
 * blank lines at both ends. One deliberate difference: trailing whitespace on every line is dropped
 * (Python keeps it, and keeps a whitespace-only last line when nothing else is indented).
 */
export function cleanDocstring(raw: string): string {
  const lines = raw.split('\n').map(expandTabs);
  let indent = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const stripped = line.trimStart();
    if (stripped) indent = Math.min(indent, line.length - stripped.length);
  }
  const out = lines.map((line, i) =>
    i === 0 || indent === Infinity ? line.trim() : line.slice(indent).trimEnd(),
  );
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}


export interface DefHeaderText {
  name: string;
  isAsync: boolean;
  /** `(...)` as written, for functions. */
  params?: string;
  returns?: string;
  /** `(...)` as written, for classes with arguments. */
  bases?: string;
  /** Source index of the header's `:`. */
  colon: number;
}

const NAME = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

/**
 * Reads `[async] def name[T](params) -> R:` or `class Name[T](bases):` starting at `start`, from the
 * source text alone. Undefined when the text does not have that shape (error recovery), in which
 * case the definition is not reported and its contents belong to the enclosing scope.
 */
export function readHeader(source: string, start: number, kind: 'def' | 'class'): DefHeaderText | undefined {
  let i = start;
  let isAsync = false;
  if (kind === 'def' && source.startsWith('async', i)) {
    isAsync = true;
    i = skipBlank(source, i + 5);
  }
  if (!source.startsWith(kind, i)) return undefined;
  i = skipBlank(source, i + kind.length);
  NAME.lastIndex = i;
  const name = NAME.exec(source)?.[0];
  if (!name) return undefined;
  i = skipBlank(source, i + name.length);
  if (source[i] === '[') {
    const close = closingBracket(source, i);
    if (close < 0) return undefined;
    i = skipBlank(source, close);
  }
  const header: DefHeaderText = { name, isAsync, colon: -1 };
  if (source[i] === '(') {
    const close = closingBracket(source, i);
    if (close < 0) return undefined;
    if (kind === 'def') header.params = source.slice(i, close);
    else header.bases = source.slice(i, close);
    i = skipBlank(source, close);
  } else if (kind === 'def') {
    return undefined;
  }
  if (kind === 'def' && source.startsWith('->', i)) {
    const from = i + 2;
    const rel = topLevelIndex(source.slice(from, headerScanEnd(source, from)), ':');
    if (rel < 0) return undefined;
    header.returns = source.slice(from, from + rel).trim();
    i = from + rel;
  }
  if (source[i] !== ':') return undefined;
  header.colon = i;
  return header;
}

/** Where a return annotation's search for the header colon may stop: the end of its logical line. */
function headerScanEnd(source: string, from: number): number {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === '\n' && depth <= 0 && source[i - 1] !== '\\') return i;
  }
  return source.length;
}

/** Skips spaces, tabs and backslash continuations. */
function skipBlank(source: string, from: number): number {
  let i = from;
  for (;;) {
    const c = source[i];
    if (c === ' ' || c === '\t') i++;
    else if (c === '\\' && source[i + 1] === '\n') i += 2;
    else return i;
  }
}
