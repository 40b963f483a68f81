// The two text renderings of a symbol, built from source lines and positions only.
//
// full      verbatim lines startLine..endLine (decorators included). For the module symbol it is the
//           file minus the lines of its own definitions (every def/class whose parent is the module,
//           also those inside module-level if/try blocks): each of those is packed as its own symbol,
//           so repeating it here would pay for the same code twice. Nothing is invented in their place;
//           the only edits are that runs of blank lines (mostly left behind by the removals) shrink to
//           one blank line and blank lines at either end are dropped.
// signature decorators + header exactly as written (up to and including its `:`) + the docstring
//           statement verbatim + `...` at the body's indentation. A class adds, instead of `...`, the
//           stub of every def/class defined in its body, each at its source indentation (`...` only
//           when it has neither docstring nor members). The module's signature is an outline: its
//           docstring, its top-level imports and the decorator+header lines of its top-level
//           definitions (each closed by `...`), in source order.

/** 1-based inclusive line range, verbatim. */
export function sliceLines(lines: readonly string[], startLine: number, endLine: number): string {
  return lines.slice(Math.max(0, startLine - 1), Math.max(0, endLine)).join('\n');
}

export interface HeaderSpan {
  /** 1-based first line (first decorator). */
  startLine: number;
  /** 0-based row and column just after the header's `:`. */
  endRow: number;
  endColumn: number;
}

/** Decorators + header exactly as written, cut after the header's `:` (a same-line body is dropped). */
export function headerText(lines: readonly string[], span: HeaderSpan): string {
  const out = lines.slice(span.startLine - 1, span.endRow);
  out.push((lines[span.endRow] ?? '').slice(0, span.endColumn));
  return out.join('\n');
}

export interface StubParts {
  header: string;
  /** Indentation of the body statements. */
  indent: string;
  /** The docstring statement as written (quotes included), first line without indentation. */
  docSource?: string;
}

export function functionStub(parts: StubParts): string {
  return [parts.header, ...docLines(parts), `${parts.indent}...`].join('\n');
}

export function classStub(parts: StubParts, memberStubs: readonly string[]): string {
  const body = [...docLines(parts), ...memberStubs];
  if (memberStubs.length === 0) body.push(`${parts.indent}...`);
  return [parts.header, ...body].join('\n');
}

function docLines(parts: StubParts): string[] {
  return parts.docSource === undefined ? [] : [`${parts.indent}${parts.docSource}`];
}

/** The module's own lines: everything outside the given 1-based inclusive ranges. */
export function moduleFull(lines: readonly string[], removed: readonly (readonly [number, number])[]): string {
  const drop = new Uint8Array(lines.length + 2);
  for (const [start, end] of removed) for (let l = start; l <= end && l <= lines.length; l++) drop[l] = 1;
  const out: string[] = [];
  let previousBlank = true;
  for (let l = 1; l <= lines.length; l++) {
    if (drop[l]) continue;
    const line = lines[l - 1]!;
    const blank = line.trim() === '';
    if (blank && previousBlank) continue;
    out.push(line);
    previousBlank = blank;
  }
  while (out.length > 0 && out[out.length - 1]!.trim() === '') out.pop();
  return out.join('\n');
}

export interface OutlinePart {
  line: number;
  text: string;
}

/** The module outline: parts (docstring, imports, headers) in source order. */
export function moduleOutline(parts: readonly OutlinePart[]): string {
  return [...parts]
    .sort((a, b) => a.line - b.line)
    .map((p) => p.text)
    .join('\n');
}
