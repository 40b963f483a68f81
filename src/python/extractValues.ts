// Value expressions beyond a plain RefExpr chain, read from text: container literals bound to names
// (`HANDLERS = {"a": f}`, `PIPELINE = [f, g]`, `STEPS = f, g`), the iterable of a `for` loop, the
// arguments of a call, the value of a `return` and the type of an `except ... as` clause.
//
// Cost is kept flat on purpose: each reader scans text it is handed once, one level deep (items of
// items are not read: `[[f]]` keeps nothing), and only what can name a project symbol is kept (an
// item, argument or return value that reduces to `other` is dropped, and nothing is stored when
// nothing is left). A call's argument list is only read when it closes within MAX_ARGS_TEXT
// characters, so that 10,000 nested calls cost 10,000 bounded scans rather than a quadratic one.
import type { KeywordArg, RefExpr } from '../model.js';
import { alternativesFromText } from './extractAlternatives.js';
import { builtinValue } from './extractFlowFacts.js';
import { refFromText } from './extractRef.js';
import { closingBracket, splitTopLevel, topLevelIndex } from './extractText.js';

/** Containers with more kept items than this are `other`: a 300-entry table is not a dispatch a digest should fan out to. */
export const MAX_ELEMENTS = 64;
/** Argument lists longer than this are not read. */
export const MAX_ARGS_TEXT = 1000;

const OTHER: RefExpr = Object.freeze({ t: 'other' }) as RefExpr;
const KEYWORD = /^([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)\s*=(?!=)/u;

function trimmed(text: string): [number, number] {
  let start = 0;
  let end = text.length;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return [start, end];
}

/** The value of an assignment or `return`: a container literal's elements, alternatives (`a if c else b`), else the RefExpr chain. */
export function valueFromText(text: string): RefExpr {
  return containerFromText(text) ?? alternativesFromText(text, valueFromText) ?? builtinValue(text, valueFromText) ?? refFromText(text) ?? OTHER;
}

/** Containers nest this deep at most (`[("a", f)]` keeps f; deeper items are dropped). */
const MAX_NESTING = 3;

/**
 * `[a, b]`, `(a, b)`, `a, b`, `{a, b}`, `{"k": a}` -> elements (dict values for a dict); undefined
 * when the text is not a container literal (then it is an ordinary expression).
 */
export function containerFromText(text: string, depth = 0): RefExpr | undefined {
  const [start, end] = trimmed(text);
  const open = text[start];
  let inner: string;
  let dict = false;
  if ((open === '[' || open === '{' || open === '(') && closingBracket(text, start) === end) {
    inner = text.slice(start + 1, end - 1);
    const comprehension = comprehensionElement(inner, open === '{');
    if (comprehension) return comprehension;
    if (open === '(' && splitTopLevel(inner, ',').length < 2) return undefined; // `(expr)`, not a tuple
    if (open === '{') {
      const first = splitTopLevel(inner, ',')[0]!.trim();
      dict = first === '' || (!first.startsWith('*') && topLevelIndex(first, ':') >= 0) || first.startsWith('**');
    }
  } else {
    if (open === '[' || open === '{' || open === '(' || splitTopLevel(text, ',').length < 2) return undefined;
    inner = text.slice(start, end); // a bare tuple `f, g`
  }
  const items: RefExpr[] = [];
  const positions: number[] = [];
  let splat = false;
  let size = 0;
  for (const piece of splitTopLevel(inner, ',')) {
    let item = piece.trim();
    if (item === '') continue;
    const at = size++;
    if (item.startsWith('*')) {
      splat = true; // `*rest`, `**other`: not read, and the positions after it are unknown
      continue;
    }
    if (dict) {
      const colon = topLevelIndex(item, ':');
      if (colon < 0) continue;
      item = item.slice(colon + 1);
    }
    const ref = (depth < MAX_NESTING - 1 ? containerFromText(item, depth + 1) : undefined) ?? refFromText(item);
    if (!ref || ref.t === 'other') continue;
    if (items.length === MAX_ELEMENTS) return OTHER;
    items.push(ref);
    positions.push(at);
  }
  if (items.length === 0) return OTHER;
  if (dict) return { t: 'elements', items, dict: true };
  if (splat) return { t: 'elements', items, positions: [] };
  return items.length === size ? { t: 'elements', items } : { t: 'elements', items, positions, size };
}

/**
 * `[f(x) for x in xs]`, `{k: v for ...}`, `(g(x) for ...)`: a container of the element expression, at
 * unknown positions; undefined when `inner` has no top-level `for`.
 */
function comprehensionElement(inner: string, braces: boolean): RefExpr | undefined {
  let depth = 0;
  let at = -1;
  for (let i = 0; i < inner.length && at < 0; i++) {
    const c = inner[i]!;
    if (c === '"' || c === "'") return undefined; // strings in the element: not a plain chain anyway
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && /\s/.test(c) && /^\s(?:async\s+)?for\s/.test(inner.slice(i, i + 12))) at = i;
  }
  if (at < 0) return undefined;
  let element = inner.slice(0, at);
  let dict = false;
  if (braces) {
    const colon = topLevelIndex(element, ':');
    if (colon >= 0) {
      element = element.slice(colon + 1);
      dict = true;
    }
  }
  const ref = refFromText(element);
  if (!ref || ref.t === 'other') return OTHER;
  return dict ? { t: 'elements', items: [ref], dict: true } : { t: 'elements', items: [ref], positions: [] };
}

/** `return <expr>` -> its value, or undefined for a bare `return` or a value that reduces to `other`. */
export function returnValueFromText(statement: string): RefExpr | undefined {
  const rest = statement.replace(/^return\b/, '');
  if (rest.trim() === '') return undefined;
  const ref = valueFromText(rest);
  return ref.t === 'other' ? undefined : ref;
}

/** The iterable of `for <target> in <iterable>:`, from the text just after the target. */
export function forIterableFromText(source: string, afterTarget: number): RefExpr {
  const m = /^\s*in\b/.exec(source.slice(afterTarget, afterTarget + 64));
  if (!m) return OTHER;
  const from = afterTarget + m[0].length;
  // The header ends at the first top-level `:`; read at most one logical line's worth of text.
  let depth = 0;
  let stop = -1;
  for (let i = from; i < source.length && i - from < MAX_ARGS_TEXT; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'" || c === '#') return OTHER; // strings and comments in a header: not a plain iterable
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ':' && depth === 0) {
      stop = i;
      break;
    }
  }
  if (stop < 0) return OTHER;
  return valueFromText(source.slice(from, stop));
}

export interface CallArguments {
  args: RefExpr[];
  keywords: KeywordArg[];
}

/**
 * The arguments of the call whose callee ends at `calleeEnd` in `source`, or undefined when none
 * could name a project symbol (literals only, no arguments, too long, a generator argument).
 */
export function callArgumentsFromText(source: string, calleeEnd: number): CallArguments | undefined {
  let open = calleeEnd;
  while (source[open] === ' ' || source[open] === '\t' || source[open] === '\n') open++;
  if (source[open] !== '(') return undefined;
  const close = closingBracket(source, open, open + MAX_ARGS_TEXT);
  if (close < 0 || close - open <= 2) return undefined;
  const args: RefExpr[] = [];
  const keywords: KeywordArg[] = [];
  let kept = false;
  let positional = true;
  for (const piece of splitTopLevel(source.slice(open + 1, close - 1), ',')) {
    const text = piece.trim();
    if (text === '' || text.startsWith('**')) continue;
    if (text.startsWith('*')) {
      positional = false; // positions after a splat are unknown
      continue;
    }
    const kw = KEYWORD.exec(text);
    if (kw) {
      const value = refFromText(text.slice(kw[0].length)) ?? OTHER;
      if (value.t !== 'other') {
        keywords.push({ name: kw[1]!, value });
        kept = true;
      }
      continue;
    }
    if (!positional) continue;
    const value = refFromText(text) ?? OTHER;
    if (value.t !== 'other') kept = true;
    args.push(value);
  }
  return kept ? { args, keywords } : undefined;
}

/** `except (A, b.B) as err` -> ['err', 'A | b.B']; undefined for any other shape. */
export function exceptTargetFromText(asPattern: string): { name: string; annotation: string } | undefined {
  const m = /^([\s\S]*\S)\s+as\s+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)\s*$/u.exec(asPattern);
  if (!m) return undefined;
  let type = m[1]!.trim();
  if (type.startsWith('(') && closingBracket(type, 0) === type.length) {
    type = splitTopLevel(type.slice(1, -1), ',').map((p) => p.trim()).filter((p) => p !== '').join(' | ');
  }
  return type === '' ? undefined : { name: m[2]!, annotation: type };
}
