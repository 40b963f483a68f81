// A `for` loop over an object runs its class's `__iter__`, then `__next__` on what that returned:
// two call sites at the loop's line, made from the binding the loop target got (iter(iterable)).
// Only for an iterable that is a plain chain (a name, attribute or call): literals and unpacking
// never reach a project class. The resolver never guesses dunder names (graph/resolver/calls.ts), so these
// sites add nothing when the iterable is a list, a generator or unknown.
import type { Binding, CallSite, RefExpr } from '../model.js';

export function iterationSites(bindings: readonly Binding[], line: number): CallSite[] {
  let iterable: RefExpr | undefined;
  for (const b of bindings) {
    let v = b.value;
    while (v && v.t === 'iter' && v.at !== undefined) v = v.object; // an unpacked target: the loop's own iter(...)
    if (v?.t === 'iter') {
      iterable = v.object;
      break;
    }
  }
  if (!iterable || (iterable.t !== 'name' && iterable.t !== 'attr' && iterable.t !== 'call')) return [];
  const iter: RefExpr = { t: 'attr', object: iterable, attr: '__iter__' };
  return [
    { callee: iter, line, via: 'call' },
    { callee: { t: 'attr', object: { t: 'call', callee: iter }, attr: '__next__' }, line, via: 'call' },
  ];
}
