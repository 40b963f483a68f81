// Scopes during extraction: one per definition (plus the module), each owning the PySymbol it fills.
//
// Attribution without parent lookups: captures arrive in source order, so a stack of open scopes
// (def/class bodies, by source index) tells which scope encloses a position. A scope starts after
// its header's `:`; decorators, defaults, annotations and class arguments sit before it and so belong
// to the scope that defines the symbol, which is where Python evaluates them. Lambdas and
// comprehensions open no scope: what they call is charged to the enclosing symbol.
import type { PySymbol } from '../model.js';

export interface Decorator {
  /** The expression as written, without `@` and trailing comments. */
  text: string;
  row: number;
  column: number;
  /** Source index just after the decorator. */
  end: number;
}

export interface Scope {
  sym: PySymbol;
  /** Source-index range of the body: captures inside it belong to this scope. */
  bodyStart: number;
  bodyEnd: number;
  parent?: Scope;
  /** How often each name was defined directly in this scope, for `#2` ids. */
  childCounts: Map<string, number>;
  /** Definitions made directly in this scope, in source order. */
  members: Scope[];
  /** First parameter of a method as written (`self`), for `self.attr = ...` bindings. */
  selfName?: string;
  /** 0-based row of the header's `:`. */
  headerEndRow: number;
  /** 0-based row and column of the body's first statement. */
  bodyRow: number;
  bodyColumn: number;
  /** 0-based row of the `def`/`class` keyword (decorators come before it). */
  defRow: number;
  /** Column of the first line (decorator or keyword): 0 for a top-level statement. */
  outerColumn: number;
  decorators: Decorator[];
  /** The docstring statement as written, for signatures. */
  docSource?: string;
  /** A class's own assignments (fields, constants, Django model fields), for its signature. */
  fields?: ClassField[];
}

export interface ClassField {
  /** 0-based row and column where the assignment starts. */
  row: number;
  column: number;
  /** Source index just past the assignment. */
  end: number;
  /** The assignment as written (`name: int = 0`), without indentation or trailing comment. */
  text: string;
}

export function newSymbol(file: string, module: string, kind: PySymbol['kind'], startLine: number): PySymbol {
  return {
    id: '',
    file,
    module,
    name: '',
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

export function newScope(sym: PySymbol, bodyStart: number, bodyEnd: number, defRow: number): Scope {
  return {
    sym,
    bodyStart,
    bodyEnd,
    childCounts: new Map(),
    members: [],
    headerEndRow: defRow,
    bodyRow: defRow,
    bodyColumn: 0,
    defRow,
    outerColumn: 0,
    decorators: [],
  };
}

/** Ids: parent id + name, `#2`, `#3` for later definitions of the same name in the same scope. */
export function nameScope(scope: Scope, parent: Scope, name: string): void {
  const count = (parent.childCounts.get(name) ?? 0) + 1;
  parent.childCounts.set(name, count);
  scope.parent = parent;
  scope.sym.parent = parent.sym.id;
  scope.sym.id = `${parent.sym.id}.${name}${count > 1 ? `#${count}` : ''}`;
  scope.sym.name = parent.sym.name ? `${parent.sym.name}.${name}` : name;
}

/** The receiver name of a method (`self`, `cls`, or whatever its first parameter is called). */
export function selfNameOf(scope: Scope): string | undefined {
  if (scope.sym.kind !== 'method') return undefined;
  if (scope.decorators.some((d) => d.text === 'staticmethod' || d.text.endsWith('.staticmethod'))) return undefined;
  const first = scope.sym.params[0];
  return first && (first.kind === 'regular' || first.kind === 'positional_only') ? first.name : undefined;
}

/** Open scopes by source position; positions must be asked for in ascending order. */
export class ScopeStack {
  private readonly open: Scope[];

  constructor(readonly module: Scope) {
    this.open = [module];
  }

  /** The innermost scope whose body contains `pos`. */
  at(pos: number): Scope {
    const open = this.open;
    while (open.length > 1 && open[open.length - 1]!.bodyEnd <= pos) open.pop();
    for (let i = open.length - 1; i > 0; i--) if (open[i]!.bodyStart <= pos) return open[i]!;
    return this.module;
  }

  push(scope: Scope): void {
    this.open.push(scope);
  }
}
