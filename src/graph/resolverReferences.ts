// `references` edges: a function or method used as a value in a symbol without being called there:
// passed as an argument (`sorted(xs, key=by_name)`, `Thread(target=work)`), stored (`x = f`,
// `HANDLERS = {"a": f}`, `options["autoescape"] = self.select_autoescape`, `hooks.append(f)`),
// returned or yielded. That is how callbacks get called, so a reviewer changing such a function
// needs its users as much as its callers ("used by" in the PR digest, and "still used" when removed).
//
// Decision: only plain name/attribute chains are read (`f`, `self.m`, `mod.f`; not `f()` or `d[k]`),
// and a chain is evaluated only when its last name is the name of a project function or method (a
// bare name: of a function, or of a method of the class body it is read in), so the thousands of
// `x = obj.attr` and `f(value)` reads in a large project cost a map lookup each. Classes passed as
// values are not references (a class is constructed where it is called; `inherits` covers the rest).
// Overrides reached through dispatch are referenced with resolution `dispatch`.
import type { Edge, PySymbol, RefExpr } from '../model.js';
import type { Evaluator } from './resolverEval.js';

const MAX_NESTING = 4;

interface Use {
  rank: 0 | 1;
  lines: number[];
}

export function referenceEdges(ev: Evaluator, sym: PySymbol): Edge[] {
  const uses = new Map<string, Use>();
  // A bare name reaches a function, or (in a class body) a method of that class; a local named like
  // some method elsewhere (`value`, `name`: most bare names in a large project) is never evaluated.
  // Both answered from name sets built once (resolverIndex), not by scanning every definition that
  // shares the name (`get`, `name`: hundreds on Django, for each of the ~60k names read).
  const ownMethods = ev.index.children.get(sym.id);
  const nameCandidate = (name: string): boolean =>
    ev.index.functionNames.has(name) || (ownMethods?.get(name)?.some((s) => s.kind === 'method') ?? false);
  const isCallable = (id: string): boolean => {
    const kind = ev.symbol(id)?.kind;
    return kind === 'function' || kind === 'method';
  };
  const add = (ref: RefExpr, line: number, depth = 0): void => {
    if (depth > MAX_NESTING) return;
    if (ref.t === 'elements') {
      for (const item of ref.items) add(item, line, depth + 1);
      return;
    }
    if (ref.t !== 'name' && ref.t !== 'attr') return;
    if (ref.t === 'name' ? !nameCandidate(ref.name) : !ev.index.callableNames.has(ref.attr)) return;
    for (const v of ev.evalRef(sym, ref)) {
      if (v.k !== 'def' || !isCallable(v.id) || v.id === sym.id) continue;
      const rank = v.dispatch ? 1 : 0;
      const use = uses.get(v.id);
      if (!use) uses.set(v.id, { rank, lines: [line] });
      else {
        if (!use.lines.includes(line)) use.lines.push(line);
        if (rank < use.rank) use.rank = rank;
      }
    }
  };
  for (const site of sym.calls) {
    if (site.via !== 'call') continue;
    for (const arg of site.args ?? []) add(arg, site.line);
    for (const kw of site.keywords ?? []) add(kw.value, site.line);
  }
  for (const b of sym.bindings) if (b.value && b.value.t !== 'iter') add(b.value, b.line);
  for (const r of sym.returnValues ?? []) add(r, sym.startLine);
  for (const y of sym.yieldValues ?? []) add(y, sym.startLine);
  const edges: Edge[] = [];
  for (const [to, use] of uses) {
    edges.push({ from: sym.id, to, kind: 'references', resolution: use.rank === 0 ? 'resolved' : 'dispatch', lines: use.lines.sort((a, b) => a - b) });
  }
  return edges;
}
