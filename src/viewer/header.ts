// The side panel shows a symbol's header (decorators and the def/class lines, a class's own fields)
// and its docstring apart. PySymbol.signature holds decorators + header + docstring + `...`, and for a
// class every method as a stub: that would repeat each method's text in its class and make a large
// project's payload several times larger, so the header stops before the docstring and before the first method.
// Both texts are capped (MAX_LINES / MAX_CHARS) with a visible ellipsis: the viewer is a map, the
// digest and the source hold the full text.
import type { PySymbol } from '../model.js';

const MAX_LINES = 24;
const MAX_CHARS = 1600;
const STRING_START = /^[rRbBuUfF]{0,2}("""|'''|"|')/;

export function symbolHeader(symbol: PySymbol): string {
  if (symbol.kind === 'module' || symbol.signature === '') return '';
  const lines = dedent(symbol.signature.split('\n'));
  const keyword = lines.findIndex((l) => /^(async\s+def|def|class)\b/.test(l));
  if (keyword < 0) return cap(lines.join('\n'));
  const kept: string[] = lines.slice(0, keyword + 1);
  let inDoc: string | undefined;
  let docSeen = false;
  for (const line of lines.slice(keyword + 1)) {
    const body = line.trimStart();
    const deeper = line.length > body.length;
    if (inDoc !== undefined) {
      if (body.includes(inDoc)) inDoc = undefined;
      continue;
    }
    if (!deeper) {
      kept.push(line);
      continue;
    }
    if (body === '...') break;
    const quote = STRING_START.exec(body)?.[1];
    if (quote && !docSeen) {
      docSeen = true;
      // Closed on its own line: `"""One line."""`. Else skip to the closing delimiter.
      const rest = body.slice(body.indexOf(quote) + quote.length);
      if (!rest.includes(quote)) inDoc = quote;
      continue;
    }
    if (symbol.kind !== 'class') {
      // A function's header ends at its colon; only continuation lines of the parameters follow.
      if (/:\s*(?:#[\s\S]*)?$/.test(kept[kept.length - 1] ?? '') && kept.length > keyword) break;
      kept.push(line);
      continue;
    }
    if (/^(async\s+def|def|@)/.test(body)) break;
    kept.push(line);
  }
  return cap(kept.join('\n').trimEnd());
}

export function symbolDoc(symbol: PySymbol): string {
  return symbol.docstring ? cap(symbol.docstring.trim()) : '';
}

function dedent(lines: string[]): string[] {
  const widths = lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length);
  const cut = widths.length > 0 ? Math.min(...widths.slice(0, 1)) : 0;
  return lines.map((l) => (l.slice(0, cut).trim() === '' ? l.slice(cut) : l));
}

function cap(text: string): string {
  let lines = text.split('\n');
  let capped = false;
  if (lines.length > MAX_LINES) {
    lines = lines.slice(0, MAX_LINES);
    capped = true;
  }
  let out = lines.join('\n');
  if (out.length > MAX_CHARS) {
    out = out.slice(0, MAX_CHARS);
    capped = true;
  }
  return capped ? `${out}\n…` : out;
}
