// The two text renderings of a symbol, built from source positions only.
//
// full      verbatim lines startLine..endLine (decorators included; a comment indented inside the body
//           at its end is part of it, as tree-sitter's block ends there). For the module symbol it is the
//           file minus the lines of its own definitions (every def/class whose parent is the module,
//           also those inside module-level if/try blocks): each of those is packed as its own symbol,
//           so repeating it here would pay for the same code twice. Nothing is invented in their place;
//           the only edits are that runs of blank lines (mostly left behind by the removals) shrink to
//           one blank line and blank lines at either end are dropped.
// signature decorators + header exactly as written (up to and including its `:`) + the docstring
//           statement verbatim + `...` at the body's indentation. A class adds, instead of `...`, the
//           stub of every def/class defined in its body, each at its source indentation (`...` only
//           when it has neither docstring nor members), and its own assignments (dataclass fields,
//           Django model fields, constants) in source order: one of at most FIELD_MAX_LINES lines
//           verbatim, a longer one as its target and annotation with `= ...`. The module's signature is an outline: its
//           docstring, its top-level imports and the decorator+header lines of its top-level
//           definitions (each closed by `...`), in source order.
//
// Text is sliced out of the source string by line-start index rather than split into lines and
// joined again: a slice of a string is O(1) in V8, and a 20,000-file scan renders every symbol.
import { topLevelIndex } from './extractText.js';

/** The source and the index of each line's first character (0-based rows). */
export interface SourceLines {
  text: string;
  lineStarts: readonly number[];
}

export function indexLines(text: string): SourceLines {
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return { text, lineStarts };
}

/** Index just past the last character of a 0-based row (its `\n` excluded). */
function rowEnd(src: SourceLines, row: number): number {
  const next = src.lineStarts[row + 1];
  return next === undefined ? src.text.length : next - 1;
}

export function lineText(src: SourceLines, row: number): string {
  const start = src.lineStarts[row];
  return start === undefined ? '' : src.text.slice(start, rowEnd(src, row));
}

/** 0-based row and column (UTF-16 units, as tree-sitter reports them for JS strings) of an index. */
export function positionOf(src: SourceLines, index: number): { row: number; column: number } {
  const starts = src.lineStarts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return { row: lo, column: index - starts[lo]! };
}

/** 1-based inclusive line range, verbatim. */
export function sliceLines(src: SourceLines, startLine: number, endLine: number): string {
  const last = Math.min(endLine, src.lineStarts.length) - 1;
  const first = Math.max(0, startLine - 1);
  if (last < first) return '';
  return src.text.slice(src.lineStarts[first], rowEnd(src, last));
}

/** Decorators + header exactly as written: from the first decorator's line through the header's `:`. */
export function headerText(src: SourceLines, startLine: number, colonIndex: number): string {
  return src.text.slice(src.lineStarts[startLine - 1] ?? 0, colonIndex + 1);
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

const FIELD_MAX_LINES = 3;

/** A class-level assignment for a class signature: verbatim when short, else `target = ...`. */
export function fieldStub(text: string, indent: string): string {
  let newlines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) newlines++;
  if (newlines < FIELD_MAX_LINES) return `${indent}${text}`;
  const eq = topLevelIndex(text, '=');
  return eq < 0 ? `${indent}${text}` : `${indent}${text.slice(0, eq).trimEnd()} = ...`;
}

export function classStub(parts: StubParts, memberStubs: readonly string[]): string {
  const body = [...docLines(parts), ...memberStubs];
  if (memberStubs.length === 0) body.push(`${parts.indent}...`);
  return [parts.header, ...body].join('\n');
}

function docLines(parts: StubParts): string[] {
  return parts.docSource === undefined ? [] : [`${parts.indent}${parts.docSource}`];
}

/** The module's own lines: everything outside the given 1-based inclusive ranges (ascending, nested allowed). */
export function moduleFull(src: SourceLines, removed: readonly (readonly [number, number])[]): string {
  const total = src.text.endsWith('\n') ? src.lineStarts.length - 1 : src.lineStarts.length;
  const out: string[] = [];
  let previousBlank = true;
  let r = 0;
  for (let line = 1; line <= total; line++) {
    while (r < removed.length && removed[r]![1] < line) r++;
    const range = removed[r];
    if (range && range[0] <= line) {
      line = range[1]; // skip the whole definition
      continue;
    }
    const text = lineText(src, line - 1);
    const blank = text.trim() === '';
    if (blank && previousBlank) continue;
    out.push(text);
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
