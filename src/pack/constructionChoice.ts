// When a class reached as a callee is shown as its construction view (constructionView.ts) instead of
// its full code or its signature.
//
// - Only a class that code in the document calls (constructs): one reached only as a base (a callee
//   hop's `inherits` edge) is what its subclasses build on, methods included. The calling code may be
//   a method inside a class packed in full: it is in the document too.
// - The view holds its constructors in full when that fits in what is left, else as stubs; the full
//   code stays the choice when it costs at most CONSTRUCTION_LEFT_OUT_MAX tokens more than the view.
import type { PySymbol } from '../model.js';
import { CONSTRUCTION_LEFT_OUT_MAX, constructionView } from './constructionView.js';
import type { PackMode } from './document.js';
import type { Candidate } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import type { PackRun } from './packRun.js';

export interface ConstructionChoice {
  text: string;
  notes: readonly string[];
  /** Constructors whose full code the text holds. */
  inside: readonly string[];
  mode: PackMode;
}

/** Whether code in the document, or a root, calls class `id`. */
export function constructedHere(run: PackRun, id: string): boolean {
  const { state, symbols } = run;
  return run.input.adjacency.callers(id).some((n) => {
    if (run.rootSet.has(n.id) || state.packedMode(n.id) !== undefined) return true;
    const caller = symbols.get(n.id);
    return caller !== undefined && state.containerOf(caller, 'full') !== undefined;
  });
}

/**
 * The construction view of a class reached as a callee, constructors in full when that fits, else as
 * stubs; undefined when its full code (allowed in `mode`, and small enough) or its signature (nothing
 * to leave out) stays the choice. `members`: the symbols nested in the class.
 */
export function constructionChoice(run: PackRun, symbol: PySymbol, members: readonly string[], candidate: Candidate, mode: PackMode): ConstructionChoice | undefined {
  const { counter, state } = run;
  const nested = members.map((id) => run.symbols.get(id)!);
  const whole = constructionView(symbol, nested, (ctor) => state.packedMode(ctor.id) === undefined);
  if (!whole || (mode === 'full' && !exceeds(run, symbol.full, counter.count(whole.text) + CONSTRUCTION_LEFT_OUT_MAX))) return undefined;
  const stubs = whole.inside.length > 0 ? constructionView(symbol, nested, () => false) : undefined;
  const options = stubs ? [whole, stubs] : [whole];
  const fits = (view: typeof whole) => costOf(run, itemOf(run, symbol, candidate, { text: view.text, mode: 'signature', notes: [view.note] })) <= run.remaining;
  const view = options.find(fits) ?? options[options.length - 1]!;
  return { text: view.text, notes: [view.note], inside: view.inside, mode: 'signature' };
}

/** Whether `text` is over `limit` tokens (a cheap bound first: a large class's full code is rarely counted). */
function exceeds(run: PackRun, text: string, limit: number): boolean {
  return run.counter.atLeast(text, limit) > limit || run.counter.count(text) > limit;
}
