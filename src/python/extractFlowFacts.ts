// Facts for the constructs a plain `name = value` binding misses, read from text that
// extraction already holds: which element of a value an unpacking target takes, the builtins that
// only pass a value through (`partial(f, x)` calls f, `next(it)` is an element of it), containers
// filled after they were made (`X.append(f)`, `X[k] = f`), `isinstance` narrowing, `raise C`, and
// the `__enter__` value of a `with ... as`.
//
// Decision: builtins are recognised by name as written (`partial`, `functools.partial`, `next`,
// `enumerate`, ...), not through the resolver: the value must be known at extraction, where imports
// are not resolved yet. A project function that shadows one of these names is read as the builtin;
// the cost is a wrong element, never a crash, and shadowing these names is rare.
import type { Binding, CallSite, KeywordArg, RefExpr } from '../model.js';
import { refFromDottedText, refFromText } from './extractRef.js';
import { closingBracket, splitTopLevel } from './extractText.js';

const OTHER: RefExpr = Object.freeze({ t: 'other' }) as RefExpr;
/** Unpacking targets nested deeper than this bind `other` (text is input: no unbounded recursion). */
const MAX_UNPACK_DEPTH = 8;

const PASS_THROUGH = new Set(['list', 'tuple', 'set', 'frozenset', 'sorted', 'reversed', 'iter']);
const CALLS_FIRST = new Set(['partial', 'functools.partial', 'staticmethod', 'classmethod']);
const CALL_HEAD = /^\s*([A-Za-z_][\w.]*)\s*\(/;

/** `name(args)` as a whole text -> [name, argument texts]; undefined for any other shape. */
function callOf(text: string): [string, string[]] | undefined {
  const m = CALL_HEAD.exec(text);
  if (!m) return undefined;
  const open = m[0].length - 1;
  const close = closingBracket(text, open);
  if (close < 0 || text.slice(close).trim() !== '') return undefined;
  const args = splitTopLevel(text.slice(open + 1, close - 1), ',').map((a) => a.trim()).filter((a) => a !== '');
  return [m[1]!.replace(/\s+/g, ''), args];
}

const KEYWORD = /^([A-Za-z_]\w*)\s*=(?!=)/;

/**
 * The value of a call of a builtin that passes a value through, or undefined when `text` is not one:
 * `partial(f, ...)`, `staticmethod(f)` -> f; `next(it)` -> iter(it); `list(x)`, `sorted(x)` -> x;
 * `dict(a=f)` -> elements(f) as a dict; `enumerate(x)` -> a sequence of (other, element of x);
 * `zip(a, b)` -> a sequence of (element of a, element of b).
 */
export function builtinValue(text: string, read: (t: string) => RefExpr): RefExpr | undefined {
  const call = callOf(text);
  if (!call) return undefined;
  const [name, args] = call;
  const first = args[0];
  const positional = args.filter((a) => !a.startsWith('*') && !KEYWORD.test(a));
  if (CALLS_FIRST.has(name)) return first && !KEYWORD.test(first) ? read(first) : undefined;
  if (name === 'next') return first ? { t: 'iter', object: read(first) } : undefined;
  if (PASS_THROUGH.has(name)) return args.length === 1 && first && !KEYWORD.test(first) ? read(first) : undefined;
  if (name === 'dict') {
    const items: RefExpr[] = [];
    for (const a of args) {
      const kw = KEYWORD.exec(a);
      const value = kw ? read(a.slice(kw[0].length)) : OTHER;
      if (value.t !== 'other') items.push(value);
    }
    return items.length > 0 ? { t: 'elements', items, dict: true } : undefined;
  }
  if (name === 'enumerate' && positional[0]) {
    const element: RefExpr = { t: 'iter', object: read(positional[0]) };
    return { t: 'elements', items: [{ t: 'elements', items: [element], positions: [1], size: 2 }] };
  }
  if (name === 'zip' && positional.length > 0 && positional.length === args.length) {
    const items: RefExpr[] = [];
    const positions: number[] = [];
    positional.forEach((a, i) => {
      const v = read(a);
      if (v.t === 'other') return;
      items.push({ t: 'iter', object: v });
      positions.push(i);
    });
    if (items.length === 0) return undefined;
    const pair: RefExpr = items.length === positional.length ? { t: 'elements', items } : { t: 'elements', items, positions, size: positional.length };
    return { t: 'elements', items: [pair] };
  }
  return undefined;
}

/**
 * One binding per name of an unpacking target (`a, (b, *c) = value`), each with the element it
 * takes: iter(value) with `at` (from the end when negative) and, for the starred name, `star`.
 * `value` undefined or `other`: every name is bound to `other`.
 */
export function unpackBindings(
  targetText: string,
  value: RefExpr | undefined,
  line: number,
  targetOf: (piece: string) => string[] | undefined,
): Binding[] {
  const out: Binding[] = [];
  const work: { text: string; value: RefExpr; depth: number }[] = [{ text: targetText, value: value ?? OTHER, depth: 0 }];
  while (work.length > 0) {
    const { text, value: whole, depth } = work.shift()!;
    let inner = text.trim();
    while ((inner[0] === '(' || inner[0] === '[') && closingBracket(inner, 0) === inner.length) inner = inner.slice(1, -1).trim();
    const pieces = splitTopLevel(inner, ',').map((p) => p.trim()).filter((p) => p !== '');
    const starAt = pieces.findIndex((p) => p.startsWith('*'));
    const nested: typeof work = [];
    pieces.forEach((raw, i) => {
      const piece = raw.replace(/^\*\s*/, '');
      let element: RefExpr = OTHER;
      if (whole.t !== 'other' && depth < MAX_UNPACK_DEPTH) {
        const after = pieces.length - 1 - i;
        if (starAt < 0 || i < starAt) element = { t: 'iter', object: whole, at: i };
        else if (i === starAt) element = { t: 'iter', object: whole, at: i, star: after };
        else element = { t: 'iter', object: whole, at: -(after + 1) };
      }
      if ((piece[0] === '(' || piece[0] === '[') && closingBracket(piece, 0) === piece.length) {
        nested.push({ text: piece, value: element, depth: depth + 1 });
        return;
      }
      const target = targetOf(piece);
      if (target) out.push({ target, line, value: element });
    });
    work.unshift(...nested); // depth-first, source order
  }
  return out;
}

/** `X[k] = v` (X a dotted name): the binding that adds v to X, or undefined for any other target. */
export function subscriptStore(targetText: string, value: RefExpr | undefined, line: number, targetOf: (piece: string) => string[] | undefined): Binding | undefined {
  const t = targetText.trim();
  if (!t.endsWith(']') || !value || value.t === 'other') return undefined;
  const open = t.indexOf('[');
  if (open <= 0 || closingBracket(t, open) !== t.length) return undefined;
  const base = refFromDottedText(t.slice(0, open).trim());
  if (!base) return undefined;
  const target = targetOf(t.slice(0, open).trim());
  if (!target) return undefined;
  return { target, adds: true, line, value: { t: 'elements', items: [value], dict: true } };
}

const ADD_METHODS = new Set(['append', 'add', 'insert', 'appendleft', 'extend', 'update', 'setdefault']);

/**
 * `X.append(v)`, `X.add(v)`, `X.insert(i, v)`, `X.extend([v, w])`, `X.setdefault(k, v)`,
 * `X.update(k=v)` on a dotted name X: the binding that adds the values to X.
 */
export function containerAdd(site: CallSite, targetOf: (ref: RefExpr) => string[] | undefined): Binding | undefined {
  const callee = site.callee;
  if (callee.t !== 'attr' || !ADD_METHODS.has(callee.attr) || (!site.args && !site.keywords)) return undefined;
  const target = targetOf(callee.object);
  if (!target) return undefined;
  const args = site.args ?? [];
  let items: RefExpr[] = [];
  let dict = false;
  switch (callee.attr) {
    case 'append':
    case 'add':
    case 'appendleft':
      items = args.slice(0, 1);
      break;
    case 'insert':
    case 'setdefault':
      items = args.slice(1, 2);
      dict = callee.attr === 'setdefault';
      break;
    case 'extend': {
      const first = args[0];
      if (first?.t === 'elements') items = first.items;
      else if (first) items = [{ t: 'iter', object: first }];
      break;
    }
    case 'update': {
      dict = true;
      items = (site.keywords ?? []).map((k: KeywordArg) => k.value);
      const first = args[0];
      if (first?.t === 'elements' && first.dict) items = [...first.items, ...items];
      break;
    }
  }
  items = items.filter((i) => i.t !== 'other');
  if (items.length === 0) return undefined;
  return { target, adds: true, line: site.line, value: dict ? { t: 'elements', items, dict: true } : { t: 'elements', items } };
}

/** `isinstance(x, C)` / `isinstance(x, (A, b.B))` with x a plain name: x may be an instance of those classes. */
export function isinstanceBinding(site: CallSite): Binding | undefined {
  const callee = site.callee;
  if (callee.t !== 'name' || callee.name !== 'isinstance' || !site.args || site.args.length !== 2) return undefined;
  const [subject, types] = site.args as [RefExpr, RefExpr];
  if (subject.t !== 'name') return undefined;
  const names = (types.t === 'elements' && !types.dict ? types.items : [types]).map(dottedOf).filter((n): n is string => n !== undefined);
  if (names.length === 0) return undefined;
  return { target: [subject.name], annotation: names.join(' | '), line: site.line };
}

function dottedOf(ref: RefExpr): string | undefined {
  if (ref.t === 'name') return ref.name;
  if (ref.t === 'attr') {
    const base = dottedOf(ref.object);
    return base === undefined ? undefined : `${base}.${ref.attr}`;
  }
  return undefined;
}

/** `raise C` / `raise mod.C from e` (no call): a site that instantiates C. `raise C(...)` is a call site already. */
export function raiseSite(statement: string, line: number): CallSite | undefined {
  const m = /^raise\s+([\s\S]*)$/.exec(statement.trim());
  if (!m) return undefined;
  const fromAt = splitTopLevel(m[1]!, '\u0000')[0]!.search(/\sfrom\s/);
  const raised = (fromAt < 0 ? m[1]! : m[1]!.slice(0, fromAt)).trim();
  const ref = refFromDottedText(raised);
  return ref && ref.t !== 'other' ? { callee: ref, line, via: 'call' } : undefined;
}

/** `yield v` -> v, `yield from g` -> iter(g); undefined for a bare yield or a value that reduces to `other`. */
export function yieldValue(expression: string, read: (t: string) => RefExpr): RefExpr | undefined {
  const m = /^yield\b\s*(from\b)?([\s\S]*)$/.exec(expression.trim());
  if (!m || m[2]!.trim() === '') return undefined;
  const value = read(m[2]!);
  if (value.t === 'other') return undefined;
  return m[1] ? { t: 'iter', object: value } : value;
}

/** What `with <ctx> as target` binds: the value `ctx.__enter__()` returns. */
export function enterValue(ctxText: string): RefExpr {
  const ctx = refFromText(ctxText) ?? OTHER;
  if (ctx.t === 'other') return OTHER;
  return { t: 'call', callee: { t: 'attr', object: ctx, attr: '__enter__' } };
}
