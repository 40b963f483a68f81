// extractFile: one parse, one compiled query, one pass over its captures (extractCaptures.ts), tree freed.
//
// Why a query and not a JS-driven walk: tree-sitter runs the query's matching inside WASM and only
// the nodes we ask for cross into JS, each with its start already unmarshalled. Every further
// node-API call is a WASM round trip, so handlers read a node's text once and parse that (dotted
// names, parameters, headers, docstrings, assignments: extractText.ts) instead of walking children.
// Scope attribution is by source position (extractScope.ts), never by asking nodes for parents.
// What extraction costs beyond the parse is mostly the captures themselves (web-tree-sitter builds a
// JS object per capture) and the rendered text every symbol carries.
// Kept out because they cost more: `node.parent` (quadratic, see queries.ts), one pattern per detail
// (dearer captures), node-API walks for params and assignments (slower per definition); querying in
// ranges to bound live objects gained nothing.

import type { FileRecord, PySymbol } from '../model.js';
import { refuseTooDeepTrees } from './depthGuard.js';
import { CapturePass } from './extractCaptures.js';
import { renderDefinitions, renderModule } from './extractRender.js';
import { MAX_NESTED_BRACKETS } from './extractText.js';
import { hasNonAscii, normaliseNames } from './identifiers.js';
import { MAX_SCANNER_INDENT } from './indentGuard.js';
import { moduleNameForPath } from './modules.js';
import { ERROR_QUERY, EXTRACT_QUERY } from './queries.js';
import { indexLines } from './render.js';
import type { PythonParser, SyntaxNode } from './treeSitter.js';

const MAX_ERROR_LINES_NOTED = 10;

export function extractFile(parser: PythonParser, relPath: string, text: string): FileRecord {
  try {
    return extractOnce(parser, relPath, text);
  } catch (error) {
    // A trap inside WASM during a query: the shared WASM memory is suspect, as after a trap in the
    // parse (treeSitter.ts); this file and every later one fail with the reason.
    if (!(error instanceof Error) || error.name !== 'RuntimeError') throw error;
    throw parser.poison(error);
  }
}

function extractOnce(parser: PythonParser, relPath: string, text: string): FileRecord {
  const module = moduleNameForPath(relPath);
  const src = indexLines(text);
  const lineCount = text === '' ? 0 : text.endsWith('\n') ? src.lineStarts.length - 1 : src.lineStarts.length;
  let narrowed: readonly number[] = [];
  const tree = parser.parse(text, (lines) => (narrowed = lines));
  try {
    const root = tree.rootNode;
    if (root.hasError) refuseUnqueryableErrors(root);
    refuseTooDeepTrees(root);
    const pass = new CapturePass(relPath, module, text, src, lineCount);
    for (const { name, node } of parser.query(EXTRACT_QUERY).captures(root)) pass.capture(name, node);
    pass.finish();

    renderDefinitions(pass.defScopes, src);
    renderModule(pass.moduleScope, src, pass.outline);

    const symbols = [pass.moduleSym, ...pass.defScopes.map((s) => s.sym)];
    for (const sym of symbols) finishSymbol(sym);

    // Narrowed indentation (treeSitter.ts) parses cleanly, so nesting deeper than Python accepts is
    // looked for there too; tree-sitter alone gave up past 512 levels (an ERROR node from line 1).
    const partial = root.hasError || (narrowed.length > 0 && tooDeepLine(text) !== undefined);
    const notes = partial ? syntaxNotes(root.hasError ? errorRangesOf(parser, root) : [], text) : [];
    if (narrowed.length > 0) notes.push(narrowedNote(narrowed));
    const record: FileRecord = { path: relPath, module, symbols, partial, lineCount, notes };
    if (hasNonAscii(text)) normaliseNames(record);
    return record;
  } finally {
    tree.delete();
  }
}

/** Deterministic order for everything a symbol lists (stable sort keeps capture order within a line). */
function finishSymbol(sym: PySymbol): void {
  sym.calls.sort((a, b) => a.line - b.line);
  sym.bindings.sort((a, b) => a.line - b.line);
  sym.imports.sort((a, b) => a.line - b.line);
}

/** 1-based [first, last] lines of every ERROR node. */
function errorRangesOf(parser: PythonParser, root: SyntaxNode): [number, number][] {
  return parser.query(ERROR_QUERY).captures(root).map(({ node }) => [node.startPosition.row + 1, node.endPosition.row + 1]);
}

/** CPython's tokenizer keeps at most MAXINDENT (100) indentation widths, level 0 included: 99 nested levels. */
const PYTHON_MAX_INDENT = 100;

/**
 * The first line whose indentation level is the 100th, which CPython refuses, counted as Python's
 * tokenizer does (a stack of indent widths; blank and comment-only lines do not count). tree-sitter
 * gives up past 512 levels and wraps the whole file in one ERROR node starting at line 1, so without
 * this the note would point at line 1 instead of where the nesting goes too deep.
 */
function tooDeepLine(text: string): number | undefined {
  const stack = [0];
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const body = raw.trimStart();
    if (body === '' || body.startsWith('#')) continue;
    const indent = raw.length - body.length;
    if (indent > stack[stack.length - 1]!) {
      stack.push(indent);
      if (stack.length >= PYTHON_MAX_INDENT + 1) return line;
    } else while (indent < stack[stack.length - 1]!) stack.pop();
  }
  return undefined;
}

function syntaxNotes(ranges: readonly [number, number][], text: string): string[] {
  const deep = tooDeepLine(text);
  // An error region that spans the too-deep line is its consequence: the deep line is named instead.
  const lines = new Set(ranges.filter(([first, last]) => deep === undefined || !(first <= deep && deep <= last)).map(([first]) => first));
  if (deep !== undefined) lines.add(deep);
  const notes = [syntaxNote(lines)];
  if (deep !== undefined) notes.push(`line ${deep}: ${PYTHON_MAX_INDENT} nested indentation levels, which Python refuses ("too many levels of indentation")`);
  return notes;
}

function narrowedNote(lines: readonly number[]): string {
  const shown = lines.slice(0, MAX_ERROR_LINES_NOTED).join(', ');
  const more = lines.length > MAX_ERROR_LINES_NOTED ? ` and ${lines.length - MAX_ERROR_LINES_NOTED} more` : '';
  return `indentation over ${MAX_SCANNER_INDENT} columns read as ${MAX_SCANNER_INDENT} (line${lines.length > 1 ? 's' : ''} ${shown}${more}): the Python grammar cannot hold deeper indentation`;
}

function syntaxNote(errorLines: ReadonlySet<number>): string {
  const sorted = [...errorLines].sort((a, b) => a - b);
  if (sorted.length === 0) return 'syntax errors: partially parsed';
  const shown = sorted.slice(0, MAX_ERROR_LINES_NOTED).join(', ');
  const more = sorted.length > MAX_ERROR_LINES_NOTED ? ` and ${sorted.length - MAX_ERROR_LINES_NOTED} more` : '';
  return `syntax errors: partially parsed (lines ${shown}${more})`;
}

const OPENING = new Set(['(', '[', '{']);
const CLOSING = new Set([')', ']', '}']);

/**
 * A syntax error that leaves thousands of brackets open (`x = ((((…`) is one ERROR node with a
 * child per bracket, and tree-sitter's query matching over it grows with the square of their count
 * (minutes for 100 KB). Python itself refuses past MAX_NESTED_BRACKETS, so such a file cannot be code
 * anyone runs: it is skipped with that reason before any query, deterministically (a count, not a
 * clock). Only trees with an error are walked.
 */
function refuseUnqueryableErrors(root: SyntaxNode): void {
  const cursor = root.walk();
  try {
    const frames: { error: boolean; open: number }[] = [{ error: cursor.nodeType === 'ERROR', open: 0 }];
    if (!cursor.gotoFirstChild()) return;
    for (;;) {
      const parent = frames[frames.length - 1]!;
      const type = cursor.nodeType;
      if (parent.error && OPENING.has(type) && ++parent.open > MAX_NESTED_BRACKETS) {
        throw new Error(`a syntax error leaves more than ${MAX_NESTED_BRACKETS} brackets open (Python's own limit of nested brackets); not queried`);
      }
      if (parent.error && CLOSING.has(type) && parent.open > 0) parent.open--;
      if (cursor.gotoFirstChild()) {
        frames.push({ error: type === 'ERROR', open: 0 });
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return;
        frames.pop();
        if (frames.length === 0) return;
      }
    }
  } finally {
    cursor.delete();
  }
}
