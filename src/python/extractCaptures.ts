// The one pass over the extraction query's captures (queries.ts), in source order: each capture
// fills the symbol of the scope that encloses it (extractScope.ts). Pairings between captures that
// may start at the same position (a decorator's callee and a call, an attribute and a callee) are
// settled after the pass, by the call sites and plain reads steps.
import type { CallSite, PySymbol } from '../model.js';
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
import { type Decorator, nameScope, newScope, newSymbol, type Scope, ScopeStack, selfNameOf } from './extractScope.js';
import { callShapeFromText } from './extractShape.js';
import { callArgumentsFromText, returnValueFromText, valueFromText } from './extractValues.js';
import { pythonName } from './identifiers.js';
import { type OutlinePart, positionOf, type SourceLines } from './render.js';
import type { SyntaxNode } from './treeSitter.js';

interface Pending {
  node: SyntaxNode;
  scope: Scope;
}

export class CapturePass {
  readonly moduleSym: PySymbol;
  readonly moduleScope: Scope;
  /** Every definition's scope, in source order. */
  readonly defScopes: Scope[] = [];
  /** The module's docstring and top-level imports, for its outline. */
  readonly outline: OutlinePart[] = [];
  private readonly scopes: ScopeStack;
  private current: Scope | undefined; // the most recently opened definition (see queries.ts)
  private pendingDecorators: Decorator[] = [];
  private readonly decoratorCalleeIds = new Set<number>();
  private readonly decoratorCalleeStarts = new Set<number>();
  private readonly calleeIds = new Set<number>();
  private readonly innerLinks = new Set<number>();
  private readonly writtenAt: WrittenAttributes = new Set();
  private readonly callees: Pending[] = [];
  private readonly attrs: Pending[] = [];
  /** Disjoint [start, end) source ranges of annotations, ascending. */
  private readonly annotations: [number, number][] = [];
  private withValue: string | undefined; // the `ctx as x` text of the with item whose target comes next
  private compTarget: Pending | undefined;

  constructor(
    private readonly relPath: string,
    private readonly module: string,
    private readonly text: string,
    private readonly src: SourceLines,
    lineCount: number,
  ) {
    this.moduleSym = newSymbol(relPath, module, 'module', 1);
    this.moduleSym.id = module;
    this.moduleSym.endLine = Math.max(1, lineCount);
    this.moduleScope = newScope(this.moduleSym, 0, Infinity, 0);
    this.scopes = new ScopeStack(this.moduleScope);
    const moduleDoc = moduleDocstring(text);
    if (moduleDoc) {
      this.moduleSym.docstring = moduleDoc.text;
      this.outline.push({ line: moduleDoc.line, text: moduleDoc.source });
    }
  }

  capture(capture: string, node: SyntaxNode): void {
    switch (capture) {
      case 'def':
      case 'class':
        this.definition(node, capture);
        break;
      case 'def.body':
      case 'class.body':
        this.definitionBody(node);
        break;
      case 'decorator':
        this.decorator(node);
        break;
      case 'callee':
        this.calleeIds.add(node.id);
        this.callees.push({ node, scope: this.scopes.at(node.startIndex) });
        break;
      case 'attr':
        this.attrs.push({ node, scope: this.scopes.at(node.startIndex) });
        break;
      case 'noaccess':
        this.innerLinks.add(node.id);
        break;
      case 'type':
        this.annotation(node);
        break;
      case 'assign':
        this.assignment(node);
        break;
      case 'augall':
        this.allExtended(node);
        break;
      case 'walrus':
        appendAll(this.scopes.at(node.startIndex).sym.bindings, walrusBinding(node));
        break;
      case 'fortarget':
        this.forTarget(node);
        break;
      case 'withvalue':
        this.withValue = node.text;
        break;
      case 'withtarget':
        this.withTarget(node);
        break;
      case 'comptarget':
        this.compTarget = { node, scope: this.scopes.at(node.startIndex) };
        break;
      case 'compiter':
        this.comprehensionIter(node);
        break;
      case 'yield':
        this.yieldExpression(node);
        break;
      case 'raise': {
        const site = raiseSite(node.text, node.startPosition.row + 1);
        if (site) this.scopes.at(node.startIndex).sym.calls.push(site);
        break;
      }
      case 'except':
        appendAll(this.scopes.at(node.startIndex).sym.bindings, exceptBinding(node));
        break;
      case 'return':
        this.returnStatement(node);
        break;
      case 'import':
        this.importStatement(node);
        break;
    }
  }

  /** After the pass: the call sites, then the plain attribute reads. */
  finish(): void {
    this.callSites();
    this.plainReads();
  }

  private definition(node: SyntaxNode, capture: 'def' | 'class'): void {
    const text = this.text;
    this.current = undefined;
    const header = readHeader(text, node.startIndex, capture);
    if (!header) {
      this.pendingDecorators = [];
      return;
    }
    const parent = this.scopes.at(node.startIndex);
    const kind = capture === 'class' ? 'class' : parent.sym.kind === 'class' ? 'method' : 'function';
    const sym = newSymbol(this.relPath, this.module, kind, node.startPosition.row + 1);
    sym.isAsync = header.isAsync;
    if (header.params !== undefined) sym.params = paramsFromText(header.params);
    if (header.returns !== undefined) sym.returns = header.returns;
    if (header.bases !== undefined) sym.bases = basesFromText(header.bases);
    const end = node.endPosition;
    sym.endLine = end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
    const scope = newScope(sym, header.colon + 1, node.endIndex, node.startPosition.row);
    scope.headerEndRow = positionOf(this.src, header.colon).row;
    scope.outerColumn = node.startPosition.column;
    const decorators = this.pendingDecorators;
    if (decorators.length > 0 && decoratesNext(text, decorators, node.startIndex)) {
      scope.decorators = decorators;
      sym.decorators = decorators.map((d) => d.text);
      sym.startLine = decorators[0]!.row + 1;
      scope.outerColumn = decorators[0]!.column;
    }
    this.pendingDecorators = [];
    // Python's name for it (identifiers.ts); a different spelling is kept to be shown.
    const name = pythonName(header.name);
    if (name !== header.name) sym.spelledAs = header.name;
    nameScope(scope, parent, name);
    scope.selfName = selfNameOf(scope);
    parent.members.push(scope);
    this.defScopes.push(scope);
    this.scopes.push(scope);
    this.current = scope;
  }

  private definitionBody(node: SyntaxNode): void {
    const current = this.current;
    if (!current) return;
    current.bodyRow = node.startPosition.row;
    current.bodyColumn = node.startPosition.column;
    const doc = docstringOfBody(this.text, node.startIndex);
    if (doc) {
      current.sym.docstring = doc.text;
      current.docSource = doc.source;
    }
  }

  private decorator(node: SyntaxNode): void {
    const read = readDecorator(node);
    this.pendingDecorators.push(read.decorator);
    if (read.calleeStart !== undefined) this.decoratorCalleeStarts.add(read.calleeStart);
    if (read.calleeId !== undefined) this.decoratorCalleeIds.add(read.calleeId);
    if (read.callee) {
      this.scopes.at(node.startIndex).sym.calls.push({ callee: read.callee, line: node.startPosition.row + 1, via: 'decorator', ...(read.shape ? { shape: read.shape } : {}) });
    }
  }

  /** An annotation's source range, merged into the last one when nested in it. */
  private annotation(node: SyntaxNode): void {
    const annotations = this.annotations;
    const end = node.startIndex + node.text.length;
    const last = annotations[annotations.length - 1];
    if (last && node.startIndex < last[1]) last[1] = Math.max(last[1], end);
    else annotations.push([node.startIndex, end]);
  }

  private assignment(node: SyntaxNode): void {
    const scope = this.scopes.at(node.startIndex);
    if (scope.sym.kind === 'class') recordField(scope, node);
    const bindings = assignmentBindings(node, scope, this.writtenAt);
    appendAll(scope.sym.bindings, bindings);
    if (scope === this.moduleScope && bindings.length === 1 && bindings[0]!.target[0] === '__all__') {
      const names = literalStrings(node.childForFieldName('right'), this.text);
      if (names) this.moduleSym.all = names;
    }
  }

  /** `__all__ += [...]` at module level. */
  private allExtended(node: SyntaxNode): void {
    if (this.scopes.at(node.startIndex) !== this.moduleScope || node.childForFieldName('operator')?.text !== '+=') return;
    const names = literalStrings(node.childForFieldName('right'), this.text);
    if (names) this.moduleSym.all = [...(this.moduleSym.all ?? []), ...names];
  }

  private forTarget(node: SyntaxNode): void {
    const scope = this.scopes.at(node.startIndex);
    const bindings = forBindings(node, scope, this.text);
    appendAll(scope.sym.bindings, bindings);
    appendAll(scope.sym.calls, iterationSites(bindings, node.startPosition.row + 1));
  }

  private withTarget(node: SyntaxNode): void {
    const scope = this.scopes.at(node.startIndex);
    const withValue = this.withValue;
    const asAt = withValue === undefined ? -1 : withValue.lastIndexOf(node.text);
    const ctx = asAt < 0 ? undefined : withoutTrailingAs(withValue!.slice(0, asAt));
    this.withValue = undefined;
    appendAll(scope.sym.bindings, unpackedBindings(node, scope, ctx));
  }

  private comprehensionIter(node: SyntaxNode): void {
    if (!this.compTarget) return;
    const { node: target, scope } = this.compTarget;
    appendAll(scope.sym.bindings, forBindings(target, scope, this.text, valueFromText(node.text)));
    this.compTarget = undefined;
  }

  private yieldExpression(node: SyntaxNode): void {
    const sym = this.scopes.at(node.startIndex).sym;
    if (sym.kind !== 'function' && sym.kind !== 'method') return;
    const value = yieldValue(node.text, valueFromText);
    if (value) (sym.yieldValues ??= []).push(value);
    else sym.yieldValues ??= [];
  }

  private returnStatement(node: SyntaxNode): void {
    const sym = this.scopes.at(node.startIndex).sym;
    if (sym.kind !== 'function' && sym.kind !== 'method') return; // error recovery: `return` outside a def
    const value = returnValueFromText(node.text);
    if (value) (sym.returnValues ??= []).push(value);
  }

  private importStatement(node: SyntaxNode): void {
    const scope = this.scopes.at(node.startIndex);
    appendAll(scope.sym.imports, importRecords(node));
    if (scope === this.moduleScope && node.startPosition.column === 0) {
      this.outline.push({ line: node.startPosition.row + 1, text: node.text });
    }
  }

  /** Every callee that is not a decorator's, with its arguments, and the binding facts calls make. */
  private callSites(): void {
    const text = this.text;
    for (const { node, scope } of this.callees) {
      if (this.decoratorCalleeIds.has(node.id) || this.decoratorCalleeStarts.has(node.startIndex)) continue;
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
  }

  /**
   * Plain reads: attributes that are not inner chain links, callees, decorators, store targets
   * or parts of annotations (annotations are not evaluated as code: PEP 563/649).
   */
  private plainReads(): void {
    const annotations = this.annotations;
    let annotation = 0;
    for (const { node, scope } of this.attrs) {
      const id = node.id;
      const start = node.startIndex;
      while (annotation < annotations.length && annotations[annotation]![1] <= start) annotation++;
      if (annotation < annotations.length && annotations[annotation]![0] <= start) continue;
      if (this.innerLinks.has(id) || this.calleeIds.has(id) || this.decoratorCalleeIds.has(id)) continue;
      if (this.decoratorCalleeStarts.has(start) || this.writtenAt.has(start)) continue;
      const site = callSite(node, 'access').call;
      if (site.callee.t === 'attr' && isPlainChain(site.callee)) scope.sym.calls.push(site);
    }
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

/** `expr as` -> `expr` (a with item's context expression): linear, where `/\s+as\s*$/` retried every space run. */
function withoutTrailingAs(text: string): string {
  const end = text.trimEnd();
  if (!end.endsWith('as')) return text;
  const before = end.slice(0, -2);
  const trimmed = before.trimEnd();
  return trimmed.length < before.length ? trimmed : text;
}
