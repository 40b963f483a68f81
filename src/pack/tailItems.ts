// A PR's mechanical changes (annotation, docstring or formatting only) are packed after every root:
// first, once the roots are decided, up to their share of the budget (they are part of the change,
// and the plain diff would show them: TAIL_SHARE, or the share of the change's lines that are theirs
// when larger, PackInput.tailShare), or all of them when every root is in the document and they all fit
// in what is left (the whole change before its context: a digest whose plain diff fits shows all of
// it); the rest after every neighbour, in what is left. So they never take the room of a change in
// behaviour, and take at most that share from the context of a change too large to show whole.
// Skipped neighbours' lines are not kept room for: they are named only while they fit and the rest are counted on one
// line the reserve holds, and a mechanical change's lines are part of the change, a neighbour's name
// is not (room for every skip line kept a one-line docstring edit out beside 400 skipped callers).
// They are already named in the preamble (pr/overview.ts): one that does not fit is no skip. Each
// takes the first of its views that fits; the final check drops them first (they come last and are
// not roots).
import type { Candidate } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import { clauseFor, clausePaid, type PackRun } from './packRun.js';

export const TAIL_SHARE = 0.25;

/** The share of the budget the mechanical changes may take ahead of the context: TAIL_SHARE, or their share of the change's lines when larger (PackInput.tailShare). */
export function tailShareOf(run: PackRun): number {
  return Math.max(TAIL_SHARE, run.input.tailShare ?? 0);
}

/**
 * Whether every mechanical change not yet packed fits in what is left (each in its smallest view, a
 * file heading counted for each one in a file not yet in the document). Then the whole change is in
 * the document before any of its context: the share is for changes too large to show whole.
 */
export function wholeTailFits(run: PackRun): boolean {
  const { input, state, symbols } = run;
  let need = 0;
  for (const id of input.tail ?? []) {
    const symbol = symbols.get(id);
    if (symbol === undefined || state.packedMode(id) !== undefined || state.containerOf(symbol, 'full') !== undefined) continue;
    const costs = (input.views?.(id) ?? []).map((view) => costOf(run, itemOf(run, symbol, { id, hop: 0, direction: 'mechanical' }, view)));
    if (costs.length > 0) need += Math.min(...costs);
    if (need > run.remaining) return false;
  }
  return true;
}

/** Pack what of the tail fits; `cap`: at most this many tokens in this call. */
export function packTail(run: PackRun, cap = Number.POSITIVE_INFINITY): void {
  const { input, state, symbols } = run;
  if ((input.tail ?? []).length === 0) return;
  let spent = 0;
  for (const id of input.tail ?? []) {
    const symbol = symbols.get(id);
    if (symbol === undefined || state.packedMode(id) !== undefined || state.containerOf(symbol, 'full') !== undefined) continue;
    const candidate: Candidate = { id, hop: 0, direction: 'mechanical' };
    for (const view of input.views?.(id) ?? []) {
      const item = itemOf(run, symbol, candidate, view);
      const cost = costOf(run, item);
      if (cost > run.remaining || spent + cost > cap) continue;
      clausePaid(run, clauseFor(run, id));
      state.add(item);
      run.remaining -= cost;
      spent += cost;
      break;
    }
  }
}
