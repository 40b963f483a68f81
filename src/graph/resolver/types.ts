// Annotation text -> the dotted names that may denote the annotated value's class.
//
// Only the forms the issue names are understood: `C`, `mod.C`, `'C'` (string annotations, also nested),
// `Optional[C]`, `Union[C, D]`, `C | None`, and the transparent wrappers `Annotated[C, ...]`, `Final[C]`,
// `ClassVar[C]`. Any other subscript `Box[int]` keeps its base (`Box`): a project generic is an
// instance of `Box`, while `list[C]` resolves to a builtin and so yields nothing. A worklist, not
// recursion: annotation text is input.
import type { RefExpr } from '../../model.js';

const UNION_WRAPPERS = new Set(['Optional', 'Union']);
const FIRST_ARG_WRAPPERS = new Set(['Annotated', 'Final', 'ClassVar', 'Required', 'NotRequired', 'ReadOnly']);
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const MAX_PARTS = 64;

/** Split on `sep` at bracket depth 0 (quotes are opaque). */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '[' || ch === '(') depth++;
    else if (ch === ']' || ch === ')') depth--;
    else if (ch === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && (t[0] === '"' || t[0] === "'") && t[t.length - 1] === t[0]) return t.slice(1, -1).trim();
  return t;
}

export function dottedToRef(dotted: string): RefExpr {
  const parts = dotted.split('.');
  let ref: RefExpr = { t: 'name', name: parts[0]! };
  for (const attr of parts.slice(1)) ref = { t: 'attr', object: ref, attr };
  return ref;
}

/** Dotted names the annotation may denote, in source order, without duplicates. */
export function annotationNames(annotation: string): string[] {
  const out: string[] = [];
  const work = [annotation];
  let steps = 0;
  while (work.length > 0 && steps++ < MAX_PARTS) {
    const text = unquote(work.shift()!);
    const alternatives = splitTop(text, '|');
    if (alternatives.length > 1) {
      work.unshift(...alternatives);
      continue;
    }
    const open = text.indexOf('[');
    if (open > 0 && text.endsWith(']')) {
      const base = text.slice(0, open).trim();
      const last = base.split('.').pop() ?? '';
      const args = splitTop(text.slice(open + 1, -1), ',');
      if (UNION_WRAPPERS.has(last)) work.unshift(...args);
      else if (FIRST_ARG_WRAPPERS.has(last)) work.unshift(args[0] ?? '');
      else if (DOTTED.test(base) && !out.includes(base)) out.push(base);
      continue;
    }
    if (text !== 'None' && DOTTED.test(text) && !out.includes(text)) out.push(text);
  }
  return out;
}
