// What a definition's decorators say about it, read from their dotted names (no evaluation).
import type { PySymbol } from '../../model.js';

/** Decorator text as written (`@functools.cached_property`, `app.route("/")`) -> its dotted name. */
export function decoratorName(text: string): string {
  let t = text.trim();
  if (t.startsWith('@')) t = t.slice(1).trim();
  const paren = t.indexOf('(');
  return (paren < 0 ? t : t.slice(0, paren)).trim();
}

const decoratorSets = new WeakMap<PySymbol, Set<string>>();

/** Each decorator's dotted name and its last segment (`functools.cached_property`, `cached_property`). */
function decoratorSet(symbol: PySymbol): Set<string> {
  let set = decoratorSets.get(symbol);
  if (!set) {
    set = new Set();
    for (const d of symbol.decorators) {
      const name = decoratorName(d);
      set.add(name);
      set.add(name.slice(name.lastIndexOf('.') + 1));
    }
    decoratorSets.set(symbol, set);
  }
  return set;
}

export function hasDecorator(symbol: PySymbol, ...names: string[]): boolean {
  if (symbol.decorators.length === 0) return false;
  const set = decoratorSet(symbol);
  return names.some((n) => set.has(n));
}

export function isProperty(symbol: PySymbol): boolean {
  return symbol.kind !== 'class' && hasDecorator(symbol, 'property', 'cached_property');
}
