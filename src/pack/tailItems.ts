// A PR's mechanical changes (annotation, docstring or formatting only) are packed last, after every
// root and neighbour, in what is left once the skip lines are paid for: they never take the room of a
// change in behaviour, of its context, or of the lines naming what was left out; they are already
// named in the preamble (pr/overview.ts), so one that does not fit is no skip. Each takes the first of its views that fits; the final check drops them first (they come last
// and are not roots).
import type { Candidate } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import { clauseFor, clausePaid, lineCost, otherSkips, type PackRun } from './packRun.js';

export function packTail(run: PackRun): void {
  const { input, state, symbols } = run;
  if ((input.tail ?? []).length === 0) return;
  const skipLines = lineCost(run, otherSkips(run));
  for (const id of input.tail ?? []) {
    const symbol = symbols.get(id);
    if (symbol === undefined || state.packedMode(id) !== undefined || state.containerOf(symbol, 'full') !== undefined) continue;
    const candidate: Candidate = { id, hop: 0, direction: 'mechanical' };
    for (const view of input.views?.(id) ?? []) {
      const item = itemOf(run, symbol, candidate, view);
      const cost = costOf(run, item);
      if (cost > run.remaining - skipLines) continue;
      clausePaid(run, clauseFor(run, id));
      state.add(item);
      run.remaining -= cost;
      break;
    }
  }
}
