// The records every stage passes along. Extraction (python/) fills them from one
// tree-sitter parse per file; graph/, search/, pack/ and render/ only read them.
// Lines are 1-based and inclusive. Paths are POSIX, relative to the scan root.

export type SymbolKind = 'module' | 'class' | 'function' | 'method';
/** `references`: a function or method used as a value (passed, stored, returned, assigned) without being called there. */
export type EdgeKind = 'calls' | 'contains' | 'imports' | 'inherits' | 'references';
/**
 * `resolved`: proved by the rules; `dispatch`: an override in a project subclass that a call through
 * a receiver typed as its base (annotation, isinstance, return type, `self`) may run at runtime;
 * `heuristic`: a same-named definition, with a `confidence`. Strength order: resolved, dispatch,
 * heuristic. A "resolved only" filter keeps resolved and dispatch (both are facts of the program, the
 * second one about its class hierarchy), and drops heuristic.
 */
export type Resolution = 'resolved' | 'heuristic' | 'dispatch';

export type ParamKind =
  | 'positional_only'
  | 'regular'
  | 'var_positional'
  | 'keyword_only'
  | 'var_keyword';

export interface Param {
  name: string;
  kind: ParamKind;
  annotation?: string;
  default?: string;
}

/**
 * A value expression, reduced to what call resolution can use.
 * `a.b.c()` is call(attr(attr(name a, b), c)); `make().m` is attr(call(name make), m).
 * `HANDLERS[k]` is subscript(name HANDLERS) (the key is not kept); the value of `for x in P:` is
 * iter(name P). A list/tuple/set literal bound to a name is `elements` with its items; a dict literal
 * is `elements` with `dict: true` and its values as items (the keys are not kept). Only items that
 * are not `other` are kept, three levels deep; `positions` gives each kept item's position in the literal and `size` the literal's length when
 * some were dropped (absent: items are the literal's elements in order, or the literal had `*splat`s and
 * positions are unknown, which `positions: []` says). Unpacking reads one element: `a, b = P` binds b to
 * iter(P) with `at: 1` (`at: -1` counts from the end), and a starred target `first, *rest = P` binds rest
 * to iter(P) with `at: 1, star: 0` (the elements from `at` to `star` before the end, as a sequence).
 * Anything else (other literals, lambdas, operators) is `other`.
 */
export type RefExpr =
  | { t: 'name'; name: string }
  | { t: 'attr'; object: RefExpr; attr: string }
  | { t: 'call'; callee: RefExpr }
  | { t: 'super' }
  | { t: 'subscript'; object: RefExpr }
  | { t: 'iter'; object: RefExpr; at?: number; star?: number }
  | { t: 'elements'; items: RefExpr[]; dict?: true; positions?: number[]; size?: number }
  | { t: 'other' };

/** A keyword argument of a call: `f(key=value)`. */
export interface KeywordArg {
  name: string;
  value: RefExpr;
}

/**
 * Something the symbol invokes: a call, a decorator application, or a plain attribute read (a property getter is a call).
 * A decorator with arguments, `@retry(3)`, has callee call(name retry): `retry` is called, then what it returns.
 */
export interface CallSite {
  callee: RefExpr;
  line: number;
  via: 'call' | 'decorator' | 'access';
  /**
   * Positional argument values of a call (via 'call' only), up to the first `*splat`; `other` where
   * the value is unknown. Set only when some argument is not `other`, together with `keywords`.
   */
  args?: RefExpr[];
  /** Keyword argument values, `**splat`s left out; set under the same condition as `args`. */
  keywords?: KeywordArg[];
  /** How the call passes its arguments (via 'call', and a factory decorator's own call `@f(x)`); unset when it passes none. */
  shape?: CallShape;
}

/**
 * The argument list of a call, reduced to what binding it against a signature needs: `f(a, b, *c,
 * k=1, **d)` is {positional: 2, star: true, keywords: ['k'], doubleStar: true} (positional counts
 * every plain argument, after a `*x` too). `unread` when the list was too long to read.
 */
export interface CallShape {
  positional: number;
  keywords?: string[];
  star?: true;
  doubleStar?: true;
  unread?: true;
}

/**
 * A name bound in a symbol's own scope: `x = C()`, `x: C = ...`, `g = f`, `for x in P:` (value
 * iter(P) for a single name, other for unpacking), `except E as err` (annotation `E`, `A | B` for a
 * tuple), and, in methods, `self.attr = C()` (target ['self', 'attr']).
 */
export interface Binding {
  target: string[];
  /**
   * The statement adds items to the container the target is bound to, without rebinding it
   * (`X.append(v)`, `X[k] = v`, `X.update(k=v)`): `value` is `elements` of the added values.
   */
  adds?: true;
  value?: RefExpr;
  annotation?: string;
  line: number;
}

/** One imported name: `import a.b as c` -> {kind:'import', module:'a.b', alias:'c'}; `from ..p import f as g` -> {kind:'from', level:2, module:'p', name:'f', alias:'g'}. */
export type ImportRecord =
  | { kind: 'import'; module: string; alias?: string; line: number }
  | { kind: 'from'; level: number; module: string; name: string; alias?: string; line: number };

export interface PySymbol {
  /** Unique: module dotted name + nesting, e.g. `pkg.mod.Class.method`; a repeated definition in one scope gets `#2`, `#3`. */
  id: string;
  file: string;
  /** Dotted module name of the file: `pkg/mod.py` -> `pkg.mod`, `pkg/__init__.py` -> `pkg`. */
  module: string;
  /** Qualified name inside the file: `Class.method`, `outer.inner`, `func`; `""` for the module. */
  name: string;
  /** The definition's name as written, when Python reads it as another (NFKC: `ｈelper` is `helper`; python/identifiers.ts). */
  spelledAs?: string;
  kind: SymbolKind;
  /** id of the enclosing symbol (the module for top-level definitions); undefined for the module. */
  parent?: string;
  /** First line, counting decorators. */
  startLine: number;
  endLine: number;
  decorators: string[];
  docstring?: string;
  params: Param[];
  returns?: string;
  /**
   * The values of the function's own `return <expr>` statements (not those of nested definitions or
   * lambdas), in source order; only those that are not `other`. Unset when there are none.
   */
  returnValues?: RefExpr[];
  /** Values of the function's own `yield <expr>` (and `yield from <expr>` as iter(expr)), like returnValues. */
  yieldValues?: RefExpr[];
  /** Base-class expressions as written (classes only). */
  bases: string[];
  isAsync: boolean;
  /** Verbatim source, from the first decorator line. */
  full: string;
  /** Decorators + header + docstring + `...`; for a class, every method as such a stub. */
  signature: string;
  calls: CallSite[];
  bindings: Binding[];
  /** Imports executed in this symbol's own scope (module level for the module symbol). */
  imports: ImportRecord[];
  /** Names a literal `__all__ = [...]` lists (module symbols only). */
  all?: string[];
}

export interface FileRecord {
  path: string;
  module: string;
  /** The module symbol first, then every definition in source order. */
  symbols: PySymbol[];
  /** tree-sitter recovered from syntax errors: what it parsed is kept. */
  partial: boolean;
  /** Lines of the file (after BOM strip and CRLF normalisation). */
  lineCount: number;
  notes: string[];
}

export interface Edge {
  from: string;
  to: string;
  kind: EdgeKind;
  resolution: Resolution;
  /** Call-site lines in `from`'s file (calls and references edges), ascending. */
  lines?: number[];
  /**
   * Heuristic edges: how likely the name match is the real target, 0..1 (graph/resolver/confidence.ts).
   * Resolved calls edges whose every site picks the target from a container of n functions
   * (`HANDLERS[k](x)`): 1/n (graph/resolver/calls.ts). Absent on a resolved edge: certain.
   */
  confidence?: number;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

export interface RepoIndex {
  root: string;
  files: FileRecord[];
  /** Every symbol, sorted by id. */
  symbols: PySymbol[];
  byId: Map<string, PySymbol>;
  edges: Edge[];
  skippedFiles: SkippedFile[];
  /**
   * Secret values found in the code and in file names, value -> kind (set by redaction): every output
   * text passes through this table last, so a name holding a credential is never printed.
   */
  secrets?: ReadonlyMap<string, string>;
}
