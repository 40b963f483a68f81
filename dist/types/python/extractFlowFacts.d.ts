import type { Binding, CallSite, RefExpr } from '../model.js';
/**
 * The value of a call of a builtin that passes a value through, or undefined when `text` is not one:
 * `partial(f, ...)`, `staticmethod(f)` -> f; `next(it)` -> iter(it); `list(x)`, `sorted(x)` -> x;
 * `dict(a=f)` -> elements(f) as a dict; `enumerate(x)` -> a sequence of (other, element of x);
 * `zip(a, b)` -> a sequence of (element of a, element of b).
 */
export declare function builtinValue(text: string, read: (t: string) => RefExpr): RefExpr | undefined;
/**
 * One binding per name of an unpacking target (`a, (b, *c) = value`), each with the element it
 * takes: iter(value) with `at` (from the end when negative) and, for the starred name, `star`.
 * `value` undefined or `other`: every name is bound to `other`.
 */
export declare function unpackBindings(targetText: string, value: RefExpr | undefined, line: number, targetOf: (piece: string) => string[] | undefined): Binding[];
/** `X[k] = v` (X a dotted name): the binding that adds v to X, or undefined for any other target. */
export declare function subscriptStore(targetText: string, value: RefExpr | undefined, line: number, targetOf: (piece: string) => string[] | undefined): Binding | undefined;
/**
 * `X.append(v)`, `X.add(v)`, `X.insert(i, v)`, `X.extend([v, w])`, `X.setdefault(k, v)`,
 * `X.update(k=v)` on a dotted name X: the binding that adds the values to X.
 */
export declare function containerAdd(site: CallSite, targetOf: (ref: RefExpr) => string[] | undefined): Binding | undefined;
/** `isinstance(x, C)` / `isinstance(x, (A, b.B))` with x a plain name: x may be an instance of those classes. */
export declare function isinstanceBinding(site: CallSite): Binding | undefined;
/** `raise C` / `raise mod.C from e` (no call): a site that instantiates C. `raise C(...)` is a call site already. */
export declare function raiseSite(statement: string, line: number): CallSite | undefined;
/** `yield v` -> v, `yield from g` -> iter(g); undefined for a bare yield or a value that reduces to `other`. */
export declare function yieldValue(expression: string, read: (t: string) => RefExpr): RefExpr | undefined;
/** What `with <ctx> as target` binds: the value `ctx.__enter__()` returns. */
export declare function enterValue(ctxText: string): RefExpr;
