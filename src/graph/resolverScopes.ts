// Python's scoping, reduced to what lookups need: which symbol's names a scope sees next.
//
// A function sees its own locals, then enclosing functions (closures), then module globals; class
// bodies are skipped by the functions nested in them (methods do not see class-level names), but a
// class body sees its own names. Builtins come last and are the caller's business.
import type { PySymbol } from '../model.js';
import type { ProjectIndex } from './resolverIndex.js';

/** The scopes a name lookup from `scope` visits, innermost first. */
export function scopeChain(index: ProjectIndex, scope: PySymbol): PySymbol[] {
  const chain = [scope];
  let parentId = scope.parent;
  while (parentId !== undefined) {
    const parent = index.byId.get(parentId);
    if (!parent || chain.includes(parent)) break; // defensive: a malformed parent cycle ends here
    if (parent.kind !== 'class') chain.push(parent);
    parentId = parent.parent;
  }
  return chain;
}

/** The class whose body (directly) holds `scope`, looking through nested functions: super() and self. */
export function enclosingClass(index: ProjectIndex, scope: PySymbol): PySymbol | undefined {
  let current: PySymbol | undefined = scope;
  const seen = new Set<string>();
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    if (current.kind === 'method') {
      const parent = current.parent === undefined ? undefined : index.byId.get(current.parent);
      return parent?.kind === 'class' ? parent : undefined;
    }
    current = current.parent === undefined ? undefined : index.byId.get(current.parent);
  }
  return undefined;
}

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

/** The scope a definition's own header (annotations, decorators, defaults) is evaluated in. */
export function definingScope(index: ProjectIndex, symbol: PySymbol): PySymbol {
  return (symbol.parent === undefined ? undefined : index.byId.get(symbol.parent)) ?? symbol;
}
