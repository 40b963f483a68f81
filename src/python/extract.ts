// extractFile: one parse, one compiled query, one pass over its captures, tree freed.
//
// Why a query and not a JS-driven walk: tree-sitter runs the query's matching inside WASM and only
// the nodes we ask for cross into JS, each with its start already unmarshalled. Every further
// node-API call is a WASM round trip, so handlers read a node's text once and parse that (dotted
// names, parameters, docstrings) instead of walking its children. See MEASURED at the bottom.
//
// Scope attribution without parent lookups: captures arrive in source order, so a stack of open
// scopes (def/class bodies, by source index) tells which scope encloses a position. A def's scope
// starts after its header's `:`; decorators, defaults, annotations and class arguments sit before
// it and so belong to the scope that defines the symbol, which is where Python evaluates them.
// Lambdas and comprehensions open no scope: what they call is charged to the enclosing symbol.
import type { Binding, CallSite, FileRecord, PySymbol, RefExpr } from '../model.js';
import { moduleNameForPath } from '../graph/modules.js';
import { assignmentBindings, importRecords, literalStrings, unpackedBindings, walrusBinding } from './extractBindings.js';
import { basesFromText, docstringOfBody, moduleDocstring, paramsFromText } from './extractDefs.js';
import { isPlainChain, refExprOf, refFromDottedText, refOf } from './extractRef.js';
import { closingBracket } from './extractText.js';
import { ERROR_QUERY, EXTRACT_QUERY } from './queries.js';
import { classStub, functionStub, headerText, moduleFull, moduleOutline, sliceLines, type OutlinePart } from './render.js';
import type { PythonParser, SyntaxNode } from './treeSitter.js';

interface Scope {
  sym: PySymbol;
  /** Source-index range of the body: captures inside it belong to this scope. */
  bodyStart: number;
  bodyEnd: number;
  parent?: Scope;
  childCounts: Map<string, number>;
  members: Scope[];
  /** First parameter of a method as written (`self`), for `self.attr = ...` bindings. */
  selfName?: string;
  /** 0-based row/column just after the header's `:`. */
  headerEndRow: number;
  headerEndColumn: number;
  /** 0-based row and column of the body's first statement. */
  bodyRow: number;
  bodyColumn: number;
  /** 0-based row of the `def`/`class` keyword line (decorators come before it). */
  defRow: number;
  decorators: Decorator[];
  docSource?: string;
  outerColumn: number;
}

interface Pending {
  node: SyntaxNode;
  scope: Scope;
}

interface Decorator {
  text: string;
  row: number;
  column: number;
  /** Source index just after the decorator. */
  end: number;
}

const MAX_ERROR_LINES_NOTED = 10;

export function extractFile(parser: PythonParser, relPath: string, text: string): FileRecord {
  const module = moduleNameForPath(relPath);
  const lines = text.split('\n');
  const lineCount = text === '' ? 0 : text.endsWith('\n') ? lines.length - 1 : lines.length;
  const tree = parser.parse(text);
  try {
    const root = tree.rootNode;
    const moduleSym = newSymbol(module, relPath, module, '', 'module', 1);
    moduleSym.endLine = Math.max(1, lineCount);
    const moduleScope = newScope(moduleSym, 0, Infinity, 0);
    const outline: OutlinePart[] = [];
    const moduleDoc = moduleDocstring(text);
    if (moduleDoc) {
      moduleSym.docstring = moduleDoc.text;
      outline.push({ line: moduleDoc.line, text: moduleDoc.source });
    }

    const defScopes: Scope[] = [];
    const stack: Scope[] = [moduleScope];
    const scopeAt = (pos: number): Scope => {
      while (stack.length > 1 && stack[stack.length - 1]!.bodyEnd <= pos) stack.pop();
      for (let i = stack.length - 1; i > 0; i--) if (stack[i]!.bodyStart <= pos) return stack[i]!;
      return moduleScope;
    };
    let current: Scope | undefined; // the most recently opened definition (see queries.ts)
    let pendingDecorators: Decorator[] = [];
    const decoratorFnIds = new Set<number>();
    const decoratorExprStarts = new Set<number>();
    const calleeIds = new Set<number>();
    const noAccess = new Set<number>();
    const callees: Pending[] = [];
    const attrs: Pending[] = [];
    /** Disjoint [start, end) source ranges of annotations, ascending. */
    const annotations: [number, number][] = [];
    let lastAssign: Binding[] = [];

    for (const { name: capture, node } of parser.query(EXTRACT_QUERY).captures(root)) {
      switch (capture) {
        case 'def':
        case 'class': {
          const parent = scopeAt(node.startIndex);
          const kind = capture === 'class' ? 'class' : parent.sym.kind === 'class' ? 'method' : 'function';
          const sym = newSymbol('', relPath, module, '', kind, node.startPosition.row + 1);
          sym.parent = parent.sym.id;
          sym.isAsync = capture === 'def' && text.startsWith('async', node.startIndex);
          const end = node.endPosition;
          sym.endLine = end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
          const scope = newScope(sym, Infinity, node.endIndex, node.startPosition.row);
          scope.parent = parent;
          scope.outerColumn = node.startPosition.column;
          if (pendingDecorators.length > 0 && decoratesNext(text, pendingDecorators, node.startIndex)) {
            scope.decorators = pendingDecorators;
            sym.decorators = pendingDecorators.map((d) => d.text);
            sym.startLine = pendingDecorators[0]!.row + 1;
            scope.outerColumn = pendingDecorators[0]!.column;
          }
          pendingDecorators = [];
          parent.members.push(scope);
          defScopes.push(scope);
          stack.push(scope);
          current = scope;
          break;
        }
        case 'def.name':
        case 'class.name':
          if (current) nameScope(current, node.text);
          break;
        case 'def.params':
          if (current) current.sym.params = paramsFromText(node.text);
          break;
        case 'def.returns':
          if (current) current.sym.returns = node.text;
          break;
        case 'class.bases':
          if (current) current.sym.bases = basesFromText(node.text);
          break;
        case 'def.colon':
        case 'class.colon':
          if (current) {
            current.bodyStart = node.startIndex + 1;
            current.headerEndRow = node.startPosition.row;
            current.headerEndColumn = node.startPosition.column + 1;
            current.selfName = selfNameOf(current);
          }
          break;
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
          const source = node.text;
          const expr = source.replace(/^@\s*/, '');
          const exprStart = node.startIndex + (source.length - expr.length);
          const decorator = { text: expr.trimEnd(), row: node.startPosition.row, column: node.startPosition.column, end: node.startIndex + source.length };
          pendingDecorators.push(decorator);
          const fromText = decoratorCallee(expr);
          let callee = fromText?.ref;
          if (fromText) {
            decoratorExprStarts.add(exprStart);
          } else {
            // Unusual shapes (`@a(x).b`, `@x[0]`): walk the nodes.
            const exprNode = node.firstNamedChild;
            const fn = exprNode?.type === 'call' ? exprNode.childForFieldName('function') : exprNode;
            if (fn && exprNode) {
              if (fn !== exprNode) decoratorFnIds.add(fn.id);
              else decoratorFnIds.add(exprNode.id);
              callee = refExprOf(fn);
            }
          }
          if (callee) {
            scopeAt(node.startIndex).sym.calls.push({ callee, line: node.startPosition.row + 1, via: 'decorator' });
          }
          break;
        }
        case 'callee':
          calleeIds.add(node.id);
          callees.push({ node, scope: scopeAt(node.startIndex) });
          break;
        case 'attr':
          attrs.push({ node, scope: scopeAt(node.startIndex) });
          break;
        case 'noaccess':
          noAccess.add(node.id);
          break;
        case 'type': {
          const end = node.startIndex + node.text.length;
          const last = annotations[annotations.length - 1];
          if (last && node.startIndex < last[1]) last[1] = Math.max(last[1], end);
          else annotations.push([node.startIndex, end]);
          break;
        }
        case 'assign': {
          const scope = scopeAt(node.startIndex);
          const bindings = assignmentBindings(node, scope, noAccess);
          scope.sym.bindings.push(...bindings);
          lastAssign = bindings;
          if (scope === moduleScope && bindings.length === 1 && bindings[0]!.target[0] === '__all__') {
            const names = literalStrings(node.childForFieldName('right'), text);
            if (names) moduleSym.all = names;
          }
          break;
        }
        case 'assign.type':
          // Annotated assignments never chain or unpack, so the annotation is the last assignment's.
          if (lastAssign.length === 1) lastAssign[0]!.annotation = node.text;
          break;
        case 'augall': {
          if (scopeAt(node.startIndex) !== moduleScope || node.childForFieldName('operator')?.text !== '+=') break;
          const names = literalStrings(node.childForFieldName('right'), text);
          if (names) moduleSym.all = [...(moduleSym.all ?? []), ...names];
          break;
        }
        case 'walrus':
          scopeAt(node.startIndex).sym.bindings.push(...walrusBinding(node));
          break;
        case 'fortarget':
        case 'withtarget': {
          const scope = scopeAt(node.startIndex);
          scope.sym.bindings.push(...unpackedBindings(node, scope, noAccess));
          break;
        }
        case 'import': {
          const scope = scopeAt(node.startIndex);
          scope.sym.imports.push(...importRecords(node));
          if (scope === moduleScope && node.startPosition.column === 0) {
            outline.push({ line: node.startPosition.row + 1, text: node.text });
          }
          break;
        }
      }
    }

    for (const { node, scope } of callees) {
      if (decoratorFnIds.has(node.id) || decoratorExprStarts.has(node.startIndex)) continue;
      scope.sym.calls.push(callSite(node, 'call'));
    }
    let annotation = 0;
    for (const { node, scope } of attrs) {
      const id = node.id;
      const start = node.startIndex;
      while (annotation < annotations.length && annotations[annotation]![1] <= start) annotation++;
      if (annotation < annotations.length && annotations[annotation]![0] <= start) continue;
      if (noAccess.has(id) || calleeIds.has(id) || decoratorFnIds.has(id) || decoratorExprStarts.has(start)) continue;
      const site = callSite(node, 'access');
      if (site.callee.t === 'attr' && isPlainChain(site.callee)) scope.sym.calls.push(site);
    }

    renderSignatures(defScopes, lines);
    renderModule(moduleScope, lines, outline);

    const symbols = [moduleSym, ...defScopes.map((s) => s.sym)];
    for (const sym of symbols) finishSymbol(sym);

    const partial = root.hasError;
    const notes = partial ? [syntaxNote(errorLinesOf(parser, root))] : [];
    return { path: relPath, module, symbols, partial, lineCount, notes };
  } finally {
    tree.delete();
  }
}

function newSymbol(id: string, file: string, module: string, name: string, kind: PySymbol['kind'], startLine: number): PySymbol {
  return {
    id,
    file,
    module,
    name,
    kind,
    startLine,
    endLine: startLine,
    decorators: [],
    params: [],
    bases: [],
    isAsync: false,
    full: '',
    signature: '',
    calls: [],
    bindings: [],
    imports: [],
  };
}

function newScope(sym: PySymbol, bodyStart: number, bodyEnd: number, defRow: number): Scope {
  return {
    sym,
    bodyStart,
    bodyEnd,
    childCounts: new Map(),
    members: [],
    headerEndRow: defRow,
    headerEndColumn: 0,
    bodyRow: defRow,
    bodyColumn: 0,
    defRow,
    decorators: [],
    outerColumn: 0,
  };
}

/** Ids: parent id + name, `#2`, `#3` for later definitions of the same name in the same scope. */
function nameScope(scope: Scope, name: string): void {
  const parent = scope.parent!;
  const count = (parent.childCounts.get(name) ?? 0) + 1;
  parent.childCounts.set(name, count);
  scope.sym.id = `${parent.sym.id}.${name}${count > 1 ? `#${count}` : ''}`;
  scope.sym.name = parent.sym.name ? `${parent.sym.name}.${name}` : name;
}

function selfNameOf(scope: Scope): string | undefined {
  if (scope.sym.kind !== 'method') return undefined;
  if (scope.decorators.some((d) => d.text === 'staticmethod' || d.text.endsWith('.staticmethod'))) return undefined;
  const first = scope.sym.params[0];
  return first && (first.kind === 'regular' || first.kind === 'positional_only') ? first.name : undefined;
}

/** Decorators apply to the next definition only when nothing but blank lines and comments sits between. */
function decoratesNext(source: string, decorators: readonly Decorator[], defStart: number): boolean {
  const gap = source.slice(decorators[decorators.length - 1]!.end, defStart);
  return /^(?:\s|#[^\n]*)*$/.test(gap);
}

/** `@name`, `@a.b`, `@a.b(args)`: the decorator's callee from its text; undefined for other shapes. */
function decoratorCallee(expr: string): { ref: RefExpr } | undefined {
  const trimmed = expr.trimEnd();
  const plain = refFromDottedText(trimmed);
  if (plain) return { ref: plain };
  const open = trimmed.indexOf('(');
  if (open <= 0) return undefined;
  const head = refFromDottedText(trimmed.slice(0, open).trimEnd());
  if (!head || closingBracket(trimmed, open) !== trimmed.length) return undefined;
  return { ref: head };
}

function errorLinesOf(parser: PythonParser, root: SyntaxNode): Set<number> {
  const lines = new Set<number>();
  for (const { node } of parser.query(ERROR_QUERY).captures(root)) lines.add(node.startPosition.row + 1);
  return lines;
}

function callSite(node: SyntaxNode, via: CallSite['via']): CallSite {
  const source = node.text;
  let newlines = 0;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) newlines++;
  // The line of the callee's last name: `.filter(` in a multi-line chain is reported where it is written.
  return { callee: refOf(node, source), line: node.startPosition.row + 1 + newlines, via };
}

/** Children before parents, so a class can embed its members' finished stubs. */
function renderSignatures(defScopes: readonly Scope[], lines: readonly string[]): void {
  for (let i = defScopes.length - 1; i >= 0; i--) {
    const scope = defScopes[i]!;
    const sym = scope.sym;
    sym.full = sliceLines(lines, sym.startLine, sym.endLine);
    const parts = {
      header: headerText(lines, { startLine: sym.startLine, endRow: scope.headerEndRow, endColumn: scope.headerEndColumn }),
      indent: bodyIndent(scope, lines),
      ...(scope.docSource !== undefined ? { docSource: scope.docSource } : {}),
    };
    sym.signature = sym.kind === 'class' ? classStub(parts, scope.members.map((m) => m.sym.signature)) : functionStub(parts);
  }
}

function bodyIndent(scope: Scope, lines: readonly string[]): string {
  if (scope.bodyRow > scope.headerEndRow) return ' '.repeat(scope.bodyColumn);
  const defLine = lines[scope.defRow] ?? '';
  return `${defLine.slice(0, defLine.length - defLine.trimStart().length)}    `;
}

function renderModule(moduleScope: Scope, lines: readonly string[], outline: OutlinePart[]): void {
  const sym = moduleScope.sym;
  const members = moduleScope.members.filter((m) => m.sym.id !== '');
  sym.full = moduleFull(lines, members.map((m) => [m.sym.startLine, m.sym.endLine] as const));
  for (const member of members) {
    if (member.outerColumn !== 0) continue;
    const head = headerText(lines, { startLine: member.sym.startLine, endRow: member.headerEndRow, endColumn: member.headerEndColumn });
    outline.push({ line: member.sym.startLine, text: `${head}\n    ...` });
  }
  sym.signature = moduleOutline(outline);
}

/** Deterministic order for everything a symbol lists (stable sort keeps capture order within a line). */
function finishSymbol(sym: PySymbol): void {
  sym.calls.sort((a, b) => a.line - b.line);
  sym.bindings.sort((a, b) => a.line - b.line);
  sym.imports.sort((a, b) => a.line - b.line);
}

function syntaxNote(errorLines: ReadonlySet<number>): string {
  const sorted = [...errorLines].sort((a, b) => a - b);
  if (sorted.length === 0) return 'syntax errors: partially parsed';
  const shown = sorted.slice(0, MAX_ERROR_LINES_NOTED).join(', ');
  const more = sorted.length > MAX_ERROR_LINES_NOTED ? ` and ${sorted.length - MAX_ERROR_LINES_NOTED} more` : '';
  return `syntax errors: partially parsed (lines ${shown}${more})`;
}

// MEASURED: see the report of the latest run in __tests__/python/extractSpeed (filled in below).
