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

/** A top-level definition cut out of the module's own code: 1-based inclusive lines, and its name. */
export type CutDefinition = readonly [start: number, end: number, name: string];

/** Where moduleFull cut a definition: its index in the kept lines, its indentation and name. */
interface Cut {
  at: number;
  indent: string;
  name: string;
}

// No regular expressions on the file's lines here: the last string a RegExp matched stays reachable
// (RegExp.input), and with it the whole file's text, which a scan without text must let go.
function indentOf(text: string): number {
  let i = 0;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return i;
}

/** A line that opens a block (`if …:`, `else:`, `try:`), a trailing comment aside (a `#` inside a string is rare on such a line). */
function opensBlock(text: string): boolean {
  const hash = text.indexOf('#');
  return (hash < 0 ? text : text.slice(0, hash)).trimEnd().endsWith(':');
}

function isCode(text: string): boolean {
  const t = text.trim();
  return t !== '' && !t.startsWith('#');
}

const CUT_PREFIX = '...  # defines ';
const ownSuffix = (count: number): string => (count === 1 ? ' (a symbol of its own)' : ' (symbols of their own)');

/** The line standing for definitions cut out of a block that holds nothing else. */
export function cutDefinitionsLine(names: readonly string[]): string {
  return `${CUT_PREFIX}${names.join(', ')}${ownSuffix(names.length)}`;
}

/** The names a trimmed line written by cutDefinitionsLine stands for; undefined for any other line. */
export function cutDefinitionsNames(line: string): string[] | undefined {
  if (!line.startsWith(CUT_PREFIX)) return undefined;
  const suffix = [ownSuffix(1), ownSuffix(2)].find((end) => line.endsWith(end));
  if (suffix === undefined) return undefined;
  const names = line.slice(CUT_PREFIX.length, -suffix.length).split(', ');
  return suffix === ownSuffix(names.length) ? names : undefined;
}

/**
 * The module's own lines: everything outside the given definitions (ascending, nested allowed), runs
 * of blank lines folded. A block whose body held only definitions (`if sys.version_info >= …:` around a
 * `def`) keeps one `...` line naming them: a header with nothing under it reads as code cut short.
 */
export function moduleFull(src: SourceLines, removed: readonly CutDefinition[]): string {
  const total = src.text.endsWith('\n') ? src.lineStarts.length - 1 : src.lineStarts.length;
  const out: string[] = [];
  const cuts: Cut[] = [];
  let previousBlank = true;
  let r = 0;
  for (let line = 1; line <= total; line++) {
    while (r < removed.length && removed[r]![1] < line) r++;
    const range = removed[r];
    if (range && range[0] <= line) {
      const first = lineText(src, range[0] - 1);
      cuts.push({ at: out.length, indent: first.slice(0, indentOf(first)), name: range[2] });
      line = range[1]; // skip the whole definition
      continue;
    }
    const text = lineText(src, line - 1);
    const blank = text.trim() === '';
    if (blank && previousBlank) continue;
    out.push(text);
    previousBlank = blank;
  }
  const placeholders = emptyBlocks(out, cuts);
  const lines: string[] = [];
  for (let i = 0; i <= out.length; i++) {
    const stand = placeholders.get(i);
    if (stand) {
      while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
      lines.push(`${stand.indent}${cutDefinitionsLine(stand.names)}`);
    }
    if (i < out.length) lines.push(out[i]!);
  }
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.join('\n');
}

/** The cuts that leave a block with no code under its header, by the index they are written at (the first of the block's cuts). */
function emptyBlocks(out: readonly string[], cuts: readonly Cut[]): Map<number, { indent: string; names: string[] }> {
  const byHeader = new Map<number, { at: number; indent: string; names: string[] }>();
  for (const cut of cuts) {
    let header = cut.at - 1;
    while (header >= 0 && !isCode(out[header]!)) header--;
    if (header < 0 || !opensBlock(out[header]!) || indentOf(out[header]!) >= cut.indent.length) continue;
    let next = cut.at;
    while (next < out.length && !isCode(out[next]!)) next++;
    if (next < out.length && indentOf(out[next]!) > indentOf(out[header]!)) continue;
    const block = byHeader.get(header);
    if (block) block.names.push(cut.name);
    else byHeader.set(header, { at: cut.at, indent: cut.indent, names: [cut.name] });
  }
  return new Map([...byHeader.values()].map((b) => [b.at, { indent: b.indent, names: b.names }]));
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
