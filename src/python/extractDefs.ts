// Definition details read from captured text rather than by walking child nodes: every node-API
// call crosses into WASM, and a def has a dozen children. The parameter list is one `text` read,
// split here; the docstring is found in the source at the body's first statement.
import type { Param } from '../model.js';
import { docstringAt, firstStatementIndex, splitTopLevel, topLevelIndex } from './extractText.js';

/** `(a, /, b: int = 3, *args, c, **kw)` as written, parentheses included. */
export function paramsFromText(text: string): Param[] {
  const inner = text.replace(/^\s*\(/, '').replace(/\)\s*$/, '');
  const out: Param[] = [];
  let afterStar = false;
  for (const rawPiece of splitTopLevel(inner, ',')) {
    const piece = rawPiece.trim();
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

function paramFromPiece(piece: string, afterStar: boolean): Param {
  const eq = topLevelIndex(piece, '=');
  const head = eq < 0 ? piece : piece.slice(0, eq);
  const colon = topLevelIndex(head, ':');
  const nameText = (colon < 0 ? head : head.slice(0, colon)).trim();
  const param: Param = nameText.startsWith('**')
    ? { name: nameText.slice(2).trim(), kind: 'var_keyword' }
    : nameText.startsWith('*')
      ? { name: nameText.slice(1).trim(), kind: 'var_positional' }
      : { name: nameText, kind: afterStar ? 'keyword_only' : 'regular' };
  if (colon >= 0) param.annotation = head.slice(colon + 1).trim();
  if (eq >= 0) param.default = piece.slice(eq + 1).trim();
  return param;
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

/** inspect.cleandoc: strip the first line, dedent the rest by their common indent, drop blank edges. */
export function cleanDocstring(raw: string): string {
  const lines = raw.replace(/\t/g, '        ').split('\n');
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

