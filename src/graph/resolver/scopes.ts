// Python's scoping, reduced to what lookups need: which symbol's names a scope sees next.
//
// A function sees its own locals, then enclosing functions (closures), then module globals; class
// bodies are skipped by the functions nested in them (methods do not see class-level names), but a
// class body sees its own names. Builtins come last and are the caller's business.
import type { PySymbol } from '../../model.js';
import type { ProjectIndex } from './projectIndex.js';

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

/** The scope a definition's own header (annotations, decorators, defaults) is evaluated in. */
export function definingScope(index: ProjectIndex, symbol: PySymbol): PySymbol {
  return (symbol.parent === undefined ? undefined : index.byId.get(symbol.parent)) ?? symbol;
}
