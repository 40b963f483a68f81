// extractFile: one parse, one compiled query, one pass over its captures, tree freed.
//
// Why a query and not a JS-driven walk: tree-sitter runs the query's matching inside WASM and only
// the nodes we ask for cross into JS, each with its start already unmarshalled. Every further
// node-API call is a WASM round trip, so handlers read a node's text once and parse that (dotted
// names, parameters, headers, docstrings, assignments: extractText.ts) instead of walking children.
// Scope attribution is by source position (extractScope.ts), never by asking nodes for parents.
//
// Measured (web-tree-sitter 0.25.10, Node 20, 2 shared cores; best of 4-8 runs):
// - generated file, 5,000 decorated functions (35k lines, 530k nodes): parse 233-245 ms. A bare
//   TreeCursor walk that only reads each node's type id costs 225 ms (0.9x parse) before doing any
//   work; this query's captures cost 168 ms (0.7x); full extraction 434 ms (1.9x: the file is
//   nothing but calls, attributes and definitions, so every line produces several records).
// - real code, CPython 3.11's stdlib (668 files, 11.3M chars): parse 1.48-1.53 s, parse + extract
//   2.16-2.35 s, so extraction costs 0.41-0.56x parse across runs, of which the query's captures
//   alone are 0.28-0.33x. The 0.3x target is not met: what remains is mostly the captures themselves
//   (web-tree-sitter builds a JS object per capture) and the rendered text every symbol carries.
// Dead ends, kept out: `node.parent` (quadratic, see queries.ts), one pattern per detail (40
// patterns: captures 1.3x dearer), node-API walks for params/assignments (2-4x slower per
// definition), querying in 64K-char ranges to bound live objects (no gain).

import type { CallSite, FileRecord, PySymbol } from '../model.js';
import { appendAll } from '../shared/arrays.js';
import {
  assignmentBindings,
  exceptBinding,
  forBindings,
  importRecords,
  literalStrings,
  unpackedBindings,
  type WrittenAttributes,
  walrusBinding,
} from './extractBindings.js';
import { decoratesNext, readDecorator } from './extractDecorators.js';
import { basesFromText, docstringOfBody, moduleDocstring, paramsFromText, readHeader } from './extractDefs.js';
import { containerAdd, isinstanceBinding, raiseSite, yieldValue } from './extractFlowFacts.js';
import { iterationSites } from './extractIteration.js';
import { isPlainChain, refOf } from './extractRef.js';
import { renderDefinitions, renderModule } from './extractRender.js';
import { type Decorator, nameScope, newScope, newSymbol, type Scope, ScopeStack, selfNameOf } from './extractScope.js';
import { callShapeFromText } from './extractShape.js';
import { callArgumentsFromText, returnValueFromText, valueFromText } from './extractValues.js';
import { hasNonAscii, normaliseNames, pythonName } from './identifiers.js';
import { MAX_SCANNER_INDENT } from './indentGuard.js';
import { moduleNameForPath } from './modules.js';
import { ERROR_QUERY, EXTRACT_QUERY } from './queries.js';
import { indexLines, type OutlinePart, positionOf } from './render.js';
import type { PythonParser, SyntaxNode } from './treeSitter.js';

interface Pending {
  node: SyntaxNode;
  scope: Scope;
}

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
    const moduleSym = newSymbol(relPath, module, 'module', 1);
    moduleSym.id = module;
    moduleSym.endLine = Math.max(1, lineCount);
    const moduleScope = newScope(moduleSym, 0, Infinity, 0);
    const scopes = new ScopeStack(moduleScope);
    const outline: OutlinePart[] = [];
    const moduleDoc = moduleDocstring(text);
    if (moduleDoc) {
      moduleSym.docstring = moduleDoc.text;
      outline.push({ line: moduleDoc.line, text: moduleDoc.source });
    }

    const defScopes: Scope[] = [];
    let current: Scope | undefined; // the most recently opened definition (see queries.ts)
    let pendingDecorators: Decorator[] = [];
    // Pairings between captures that may start at the same position are settled after the pass.
    const decoratorCalleeIds = new Set<number>();
    const decoratorCalleeStarts = new Set<number>();
    const calleeIds = new Set<number>();
    const innerLinks = new Set<number>();
    const writtenAt: WrittenAttributes = new Set();
    const callees: Pending[] = [];
    const attrs: Pending[] = [];
    /** Disjoint [start, end) source ranges of annotations, ascending. */
    const annotations: [number, number][] = [];
    let withValue: string | undefined; // the `ctx as x` text of the with item whose target comes next
    let compTarget: { node: SyntaxNode; scope: Scope } | undefined;

    for (const { name: capture, node } of parser.query(EXTRACT_QUERY).captures(root)) {
      switch (capture) {
        case 'def':
        case 'class': {
          current = undefined;
          const header = readHeader(text, node.startIndex, capture);
          if (!header) {
            pendingDecorators = [];
            break;
          }
          const parent = scopes.at(node.startIndex);
          const kind = capture === 'class' ? 'class' : parent.sym.kind === 'class' ? 'method' : 'function';
          const sym = newSymbol(relPath, module, kind, node.startPosition.row + 1);
          sym.isAsync = header.isAsync;
          if (header.params !== undefined) sym.params = paramsFromText(header.params);
          if (header.returns !== undefined) sym.returns = header.returns;
          if (header.bases !== undefined) sym.bases = basesFromText(header.bases);
          const end = node.endPosition;
          sym.endLine = end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
          const scope = newScope(sym, header.colon + 1, node.endIndex, node.startPosition.row);
          scope.headerEndRow = positionOf(src, header.colon).row;
          scope.outerColumn = node.startPosition.column;
          if (pendingDecorators.length > 0 && decoratesNext(text, pendingDecorators, node.startIndex)) {
            scope.decorators = pendingDecorators;
            sym.decorators = pendingDecorators.map((d) => d.text);
            sym.startLine = pendingDecorators[0]!.row + 1;
            scope.outerColumn = pendingDecorators[0]!.column;
          }
          pendingDecorators = [];
          // Python's name for it (identifiers.ts); a different spelling is kept to be shown.
          const name = pythonName(header.name);
          if (name !== header.name) sym.spelledAs = header.name;
          nameScope(scope, parent, name);
          scope.selfName = selfNameOf(scope);
          parent.members.push(scope);
          defScopes.push(scope);
          scopes.push(scope);
          current = scope;
          break;
        }
        case 'def.body':
        case 'class.body':
          if (current) {
            current.bodyRow = node.startPosition.row;
            current.bodyColumn = node.startPosition.column;
            const doc = docstringOfBody(text, node.startIndex);
            if (doc) {
              current.sym.docstring = doc.text;
              current.docSource = doc.source;
            }
          }
          break;
        case 'decorator': {
          const read = readDecorator(node);
          pendingDecorators.push(read.decorator);
          if (read.calleeStart !== undefined) decoratorCalleeStarts.add(read.calleeStart);
          if (read.calleeId !== undefined) decoratorCalleeIds.add(read.calleeId);
          if (read.callee) {
            scopes.at(node.startIndex).sym.calls.push({ callee: read.callee, line: node.startPosition.row + 1, via: 'decorator' });
          }
          break;
        }
        case 'callee':
          calleeIds.add(node.id);
          callees.push({ node, scope: scopes.at(node.startIndex) });
          break;
        case 'attr':
          attrs.push({ node, scope: scopes.at(node.startIndex) });
          break;
        case 'noaccess':
          innerLinks.add(node.id);
          break;
        case 'type': {
          const end = node.startIndex + node.text.length;
          const last = annotations[annotations.length - 1];
          if (last && node.startIndex < last[1]) last[1] = Math.max(last[1], end);
          else annotations.push([node.startIndex, end]);
          break;
        }
        case 'assign': {
          const scope = scopes.at(node.startIndex);
          if (scope.sym.kind === 'class') recordField(scope, node);
          const bindings = assignmentBindings(node, scope, writtenAt);
          appendAll(scope.sym.bindings, bindings);
          if (scope === moduleScope && bindings.length === 1 && bindings[0]!.target[0] === '__all__') {
            const names = literalStrings(node.childForFieldName('right'), text);
            if (names) moduleSym.all = names;
          }
          break;
        }
        case 'augall': {
          if (scopes.at(node.startIndex) !== moduleScope || node.childForFieldName('operator')?.text !== '+=') break;
          const names = literalStrings(node.childForFieldName('right'), text);
          if (names) moduleSym.all = [...(moduleSym.all ?? []), ...names];
          break;
        }
        case 'walrus':
          appendAll(scopes.at(node.startIndex).sym.bindings, walrusBinding(node));
          break;
        case 'fortarget': {
          const scope = scopes.at(node.startIndex);
          const bindings = forBindings(node, scope, text);
          appendAll(scope.sym.bindings, bindings);
          appendAll(scope.sym.calls, iterationSites(bindings, node.startPosition.row + 1));
          break;
        }
        case 'withvalue':
          withValue = node.text;
          break;
        case 'withtarget': {
          const scope = scopes.at(node.startIndex);
          const asAt = withValue === undefined ? -1 : withValue.lastIndexOf(node.text);
          const ctx = asAt < 0 ? undefined : withValue!.slice(0, asAt).replace(/\s+as\s*$/, '');
          withValue = undefined;
          appendAll(scope.sym.bindings, unpackedBindings(node, scope, ctx));
          break;
        }
        case 'comptarget':
          compTarget = { node, scope: scopes.at(node.startIndex) };
          break;
        case 'compiter':
          if (compTarget) {
            const { node: target, scope } = compTarget;
            appendAll(scope.sym.bindings, forBindings(target, scope, text, valueFromText(node.text)));
            compTarget = undefined;
          }
          break;
        case 'yield': {
          const sym = scopes.at(node.startIndex).sym;
          if (sym.kind !== 'function' && sym.kind !== 'method') break;
          const value = yieldValue(node.text, valueFromText);
          if (value) (sym.yieldValues ??= []).push(value);
          else sym.yieldValues ??= [];
          break;
        }
        case 'raise': {
          const site = raiseSite(node.text, node.startPosition.row + 1);
          if (site) scopes.at(node.startIndex).sym.calls.push(site);
          break;
        }
        case 'except':
          appendAll(scopes.at(node.startIndex).sym.bindings, exceptBinding(node));
          break;
        case 'return': {
          const sym = scopes.at(node.startIndex).sym;
          if (sym.kind !== 'function' && sym.kind !== 'method') break; // error recovery: `return` outside a def
          const value = returnValueFromText(node.text);
          if (value) (sym.returnValues ??= []).push(value);
          break;
        }
        case 'import': {
          const scope = scopes.at(node.startIndex);
          appendAll(scope.sym.imports, importRecords(node));
          if (scope === moduleScope && node.startPosition.column === 0) {
            outline.push({ line: node.startPosition.row + 1, text: node.text });
          }
          break;
        }
      }
    }

    for (const { node, scope } of callees) {
      if (decoratorCalleeIds.has(node.id) || decoratorCalleeStarts.has(node.startIndex)) continue;
      const site = callSite(node, 'call');
      const args = callArgumentsFromText(text, node.startIndex + site.text.length);
      const shape = callShapeFromText(text, node.startIndex + site.text.length);
      if (shape) site.call.shape = shape;
      if (args) {
        site.call.args = args.args;
        if (args.keywords.length > 0) site.call.keywords = args.keywords;
      }
      scope.sym.calls.push(site.call);
      const fact = containerAdd(site.call, (ref) => (ref.t === 'name' ? [ref.name] : ref.t === 'attr' && ref.object.t === 'name' && ref.object.name === scope.selfName ? [ref.object.name, ref.attr] : undefined)) ?? isinstanceBinding(site.call);
      if (fact) scope.sym.bindings.push(fact);
    }
    // Plain reads: attributes that are not inner chain links, callees, decorators, store targets
    // or parts of annotations (annotations are not evaluated as code: PEP 563/649).
    let annotation = 0;
    for (const { node, scope } of attrs) {
      const id = node.id;
      const start = node.startIndex;
      while (annotation < annotations.length && annotations[annotation]![1] <= start) annotation++;
      if (annotation < annotations.length && annotations[annotation]![0] <= start) continue;
      if (innerLinks.has(id) || calleeIds.has(id) || decoratorCalleeIds.has(id)) continue;
      if (decoratorCalleeStarts.has(start) || writtenAt.has(start)) continue;
      const site = callSite(node, 'access').call;
      if (site.callee.t === 'attr' && isPlainChain(site.callee)) scope.sym.calls.push(site);
    }

    renderDefinitions(defScopes, src);
    renderModule(moduleScope, src, outline);

    const symbols = [moduleSym, ...defScopes.map((s) => s.sym)];
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

/** A class-level assignment, for the class's signature; the inner part of `a = b = 1` is not a second one. */
function recordField(scope: Scope, node: SyntaxNode): void {
  const fields = (scope.fields ??= []);
  const last = fields[fields.length - 1];
  if (last && node.startIndex < last.end) return;
  const text = node.text;
  fields.push({ row: node.startPosition.row, column: node.startPosition.column, end: node.startIndex + text.length, text });
}

/** The site, and the callee's text (read once: its length locates the argument list). */
function callSite(node: SyntaxNode, via: CallSite['via']): { call: CallSite; text: string } {
  const source = node.text;
  let newlines = 0;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) newlines++;
  // The line of the callee's last name: `.filter(` in a multi-line chain is reported where it is written.
  return { call: { callee: refOf(node, source), line: node.startPosition.row + 1 + newlines, via }, text: source };
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
