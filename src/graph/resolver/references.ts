// `references` edges: a function or method used as a value in a symbol without being called there:
// passed as an argument (`sorted(xs, key=by_name)`, `Thread(target=work)`), stored (`x = f`,
// `HANDLERS = {"a": f}`, `options["autoescape"] = self.select_autoescape`, `hooks.append(f)`),
// iterated in a literal (`for method in (cls.get, cls.post):`, flask's `App.__init_subclass__`),
// returned or yielded. That is how callbacks get called, so a reviewer changing such a function needs
// its users as much as its callers ("used by" in the PR digest, and "still used" when removed).
//
// Decision: only plain name/attribute chains are read (`f`, `self.m`, `mod.f`; not `f()` or `d[k]`),
// and a chain is evaluated only when its last name is the name of a project function or method (a
// bare name: of a function, or of a method of the class body it is read in), so the thousands of
// `x = obj.attr` and `f(value)` reads in a large project cost a map lookup each. Classes passed as
// values are not references (a class is constructed where it is called; `inherits` covers the rest).
// Overrides reached through dispatch are referenced with resolution `dispatch`.
import type { Edge, PySymbol, RefExpr } from '../../model.js';
import { edgeLines } from '../edgeLines.js';
import type { Evaluator } from './evaluator.js';

const MAX_NESTING = 4;

interface Use {
  rank: 0 | 1;
  lines: number[];
}

/** One symbol's pass (an object, not closures: this runs for each of the project's symbols). */
interface Pass {
  ev: Evaluator;
  sym: PySymbol;
  ownMethods: Map<string, PySymbol[]> | undefined;
  /** Made on the first use: most symbols use no function as a value. */
  uses: Map<string, Use> | undefined;
}

const NO_EDGES: readonly Edge[] = [];
const byNumber = (a: number, b: number): number => a - b;

export function referenceEdges(ev: Evaluator, sym: PySymbol): readonly Edge[] {
  // A bare name reaches a function, or (in a class body) a method of that class; a local named like
  // some method elsewhere (`value`, `name`: most bare names in a large project) is never evaluated.
  // Both answered from name sets built once (projectIndex.ts), not by scanning every definition that
  // shares the name (`get`, `name`: hundreds of them in a large project, for every name read).
  const pass: Pass = { ev, sym, ownMethods: ev.index.children.get(sym.id), uses: undefined };
  for (const site of sym.calls) {
    if (site.via !== 'call') continue;
    if (site.args) for (const arg of site.args) add(pass, arg, site.line, 0);
    if (site.keywords) for (const kw of site.keywords) add(pass, kw.value, site.line, 0);
  }
  for (const b of sym.bindings) {
    if (!b.value) continue;
    if (b.value.t !== 'iter') add(pass, b.value, b.line, 0);
    else if (b.value.object.t === 'elements') add(pass, b.value.object, b.line, 0);
  }
  if (sym.returnValues) for (const r of sym.returnValues) add(pass, r, sym.startLine, 0);
  if (sym.yieldValues) for (const y of sym.yieldValues) add(pass, y, sym.startLine, 0);
  if (!pass.uses) return NO_EDGES;
  const edges: Edge[] = [];
  pass.uses.forEach((use, to) => {
    edges.push({ from: sym.id, to, kind: 'references', resolution: use.rank === 0 ? 'resolved' : 'dispatch', lines: use.lines.length > 1 ? use.lines.sort(byNumber) : edgeLines(use.lines) });
  });
  return edges;
}

function nameCandidate(pass: Pass, name: string): boolean {
  if (pass.ev.index.functionNames.has(name)) return true;
  const own = pass.ownMethods?.get(name);
  return own?.some((s) => s.kind === 'method') === true;
}

function isCallable(ev: Evaluator, id: string): boolean {
  const kind = ev.symbol(id)?.kind;
  return kind === 'function' || kind === 'method';
}

function add(pass: Pass, ref: RefExpr, line: number, depth: number): void {
  if (depth > MAX_NESTING) return;
  if (ref.t === 'elements') {
    for (const item of ref.items) add(pass, item, line, depth + 1);
    return;
  }
  if (ref.t !== 'name' && ref.t !== 'attr') return;
  if (ref.t === 'name' ? !nameCandidate(pass, ref.name) : !pass.ev.index.callableNames.has(ref.attr)) return;
  const { ev, sym } = pass;
  for (const v of ev.evalRef(sym, ref)) {
    if (v.k !== 'def' || !isCallable(ev, v.id) || v.id === sym.id) continue;
    const rank = v.dispatch ? 1 : 0;
    pass.uses ??= new Map();
    const use = pass.uses.get(v.id);
    if (!use) pass.uses.set(v.id, { rank, lines: [line] });
    else {
      if (!use.lines.includes(line)) use.lines.push(line);
      if (rank < use.rank) use.rank = rank;
    }
  }
}
