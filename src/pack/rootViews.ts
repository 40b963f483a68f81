// A PR's roots have views, best first (whole diff, then hunks: pr/views.ts). Each root takes the best
// view that leaves the undecided roots room for their smallest views, so more budget never shows fewer
// changed symbols: when each root took its whole diff whenever it fit, a root's whole diff took the
// room of later roots' hunks. When no view fits, the packed priority items (call sites of changed
// contracts) give their space back, last first; only then is the root skipped.
import type { PySymbol } from '../model.js';
import { plural } from '../shared/plural.js';
import type { Candidate } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import { clauseFor, clausePaid, lastIndexWhere, type PackRun } from './packRun.js';
import type { RootView } from './packTypes.js';

const DROPPED_FOR_CHANGED = 'dropped: its space went to the changed symbol';

/** The smallest view of root `id` as its block alone (no file heading): what it needs at least. */
function smallestOf(run: PackRun, id: string): number {
  let cost = run.smallestView.get(id);
  if (cost === undefined) {
    const views = run.input.views?.(id) ?? [];
    const symbol = run.symbols.get(id);
    cost = symbol === undefined || views.length === 0 ? 0 : Math.min(...views.map((view) => run.counter.count(run.renderer.itemText(itemOf(run, symbol, { id, hop: 0, direction: 'root' }, view)))));
    run.smallestView.set(id, cost);
  }
  return cost;
}

/** The room the undecided roots other than `id` need in their smallest views: as many of them as can fit beside `id`'s own smallest. */
function roomForOtherRoots(run: PackRun, id: string, ownSmallest: number): number {
  const { state } = run;
  const decided = new Set<string>([...state.items.map((it) => it.id), ...state.skips.map((sk) => sk.id)]);
  let room = 0;
  for (const other of run.roots) {
    if (other === id || decided.has(other) || (run.input.views?.(other)?.length ?? 0) === 0) continue;
    const need = smallestOf(run, other);
    if (ownSmallest + room + need <= run.remaining) room += need;
  }
  return room;
}

/** Pack a root with views (see the top of this file). Returns true when packed, false when skipped (the skip recorded). */
export function packRootView(run: PackRun, symbol: PySymbol, candidate: Candidate, views: readonly RootView[]): boolean {
  const { state } = run;
  for (;;) {
    const others = roomForOtherRoots(run, symbol.id, smallestOf(run, symbol.id));
    const priced = views.map((view) => {
      const item = itemOf(run, symbol, candidate, view);
      return { view, item, cost: costOf(run, item) };
    });
    const smallest = priced.reduce((a, b) => (b.cost < a.cost ? b : a));
    // The smallest view needs only to fit: the room kept for the others was counted beside it.
    const chosen = priced.find((p) => p.cost + others <= run.remaining) ?? (smallest.cost <= run.remaining ? smallest : undefined);
    if (chosen) {
      clausePaid(run, clauseFor(run, chosen.item.id));
      state.add(chosen.item);
      if (chosen.view.callsOn !== undefined) run.callsOnOf.set(symbol.id, new Set(chosen.view.callsOn));
      run.remaining -= chosen.cost;
      return true;
    }
    if (givePriorityBack(run, symbol.id)) continue;
    const cost = smallest.cost;
    const room = run.budget - run.reserve;
    const reason =
      cost > room
        ? `root larger than the budget: even its smallest view needs ${plural(cost, 'token')} as rendered, the budget leaves ${Math.max(0, room)}`
        : `root does not fit after earlier roots: its smallest view needs ${plural(cost, 'token')}, ${Math.max(0, run.remaining)} left`;
    state.skips.push({ id: symbol.id, tokens: smallest.item.tokens, reason });
    return false;
  }
}

/** Drop the last packed priority item for root `rootId`, its cost back in what is left; false when none is left. */
function givePriorityBack(run: PackRun, rootId: string): boolean {
  const { state, priorityCost } = run;
  const last = lastIndexWhere(state.items, (it) => priorityCost.has(it.id));
  if (last < 0) return false;
  const id = state.items[last]!.id;
  run.remaining += priorityCost.get(id)!;
  priorityCost.delete(id);
  state.drop(last, `${DROPPED_FOR_CHANGED} ${rootId}`);
  return true;
}
