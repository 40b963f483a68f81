// A PR's roots have views, best first (whole diff, hunks, hunks with less context, signature:
// pr/views.ts). Each root takes the best view that leaves the undecided roots room for their smallest
// views that still show the change (hunks, or the code of an added or removed symbol) and for the
// heading of each file they open (a change spread over nine files lost its last fix to them), and the
// mechanical changes packed right after the roots their share (all of them when they all fit), so
// more budget never shows fewer changed lines. When each root took its whole diff whenever it fit,
// it took the room of later roots' hunks; when the room kept was the others' signatures, the first
// roots' whole diffs left the rest as headers (a reviewer saw a fifth of what the plain diff shows). A root falls back to its signature
// only when not even its own hunks fit once the packed priority items (call sites of changed
// contracts) have given their space back, last first; when no view fits, the root is skipped. A
// priority item, packed between the changed code and the changed tests, leaves the same room: the
// roots still to come and the mechanical changes' share (a caller is context; the change is not).
// A view holding its file's definitions (a new file shown whole) counts, among the views that fit,
// as its cost less the blocks of those definitions: it is taken over the module's own code when the
// whole file costs less than the pieces it stands for.
import type { PySymbol } from '../model.js';
import { plural } from '../shared/plural.js';
import { elideMembers, packedInside } from './elideMembers.js';
import type { Candidate } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import { clauseFor, clausePaid, lastIndexWhere, type PackRun } from './packRun.js';
import type { RootView } from './packTypes.js';
import { tailShareOf } from './tailItems.js';

const DROPPED_FOR_CHANGED = 'dropped: its space went to the changed symbol';

/**
 * What root `id` needs at least as its block alone (no file heading): its smallest view that shows the
 * change (any but a signature), or its smallest view when it has no other.
 */
function smallestShowing(run: PackRun, id: string): number {
  let cost = run.smallestView.get(id);
  if (cost === undefined) {
    const views = run.input.views?.(id) ?? [];
    const showing = views.filter((view) => view.mode !== 'signature');
    const symbol = run.symbols.get(id);
    const blocks = symbol === undefined ? [] : (showing.length > 0 ? showing : views).map((view) => run.counter.count(run.renderer.itemText(itemOf(run, symbol, { id, hop: 0, direction: 'root' }, view))));
    cost = blocks.length === 0 ? 0 : Math.min(...blocks);
    run.smallestView.set(id, cost);
  }
  return cost;
}

/** The room the undecided roots other than `id`, then the mechanical changes, need to show their change: as many as can fit beside `id`'s own. */
/** The roots packed or skipped so far. */
function decidedIds(run: PackRun): Set<string> {
  return new Set<string>([...run.state.items.map((it) => it.id), ...run.state.skips.map((sk) => sk.id)]);
}

function roomForOtherRoots(run: PackRun, id: string | undefined, ownSmallest: number, holdsFile?: string): number {
  const { state } = run;
  const decided = decidedIds(run);
  let room = 0;
  // A root in a file not yet in the document also needs the file's heading, once per file.
  const ownFile = id === undefined ? undefined : run.symbols.get(id)?.file;
  const headed = new Set<string>(ownFile === undefined ? [] : [ownFile]);
  for (const other of run.roots) {
    if (other === id || decided.has(other) || (run.input.views?.(other)?.length ?? 0) === 0) continue;
    // A view holding its file's definitions (a new file shown whole) holds these roots' code too.
    const file = run.symbols.get(other)?.file;
    if (holdsFile !== undefined && file === holdsFile) continue;
    const heading = file === undefined || headed.has(file) || state.hasFile(file) ? 0 : run.counter.count(run.renderer.fileText(file));
    const need = smallestShowing(run, other) + heading;
    if (ownSmallest + room + need <= run.remaining) {
      room += need;
      if (file !== undefined) headed.add(file);
    }
  }
  // Then the mechanical changes packed right after the roots, within their share (tailItems.ts): they
  // are part of the change too, and a whole diff is context.
  return room + tailRoom(run, run.remaining - ownSmallest - room, headed);
}

/** What a priority item (a caller of a changed contract) leaves free: the room of every root still to come, then of the mechanical changes. */
export function roomForUndecided(run: PackRun): number {
  return roomForOtherRoots(run, undefined, 0);
}

/**
 * The room the mechanical changes not yet packed need: all of them when they all fit in `within` (the
 * whole change before its context, as tailItems.ts packs it then), else as many as fit within their
 * share. Each counts the heading of a file that neither the document nor a root counted in `headed`
 * opens, as wholeTailFits does. Kept to the share alone, the roots took whole diffs (unchanged lines
 * around the change) in the room of the last docstring edit, and a digest whose plain diff fits
 * left part of its change out.
 */
function tailRoom(run: PackRun, within: number, headed: ReadonlySet<string> = new Set()): number {
  const pending = (run.input.tail ?? []).filter((id) => run.state.packedMode(id) === undefined);
  // The tokens of the pending ones `take` accepts, in order, a file heading with the first of each file.
  const roomOf = (take: (total: number, need: number) => boolean): number => {
    const files = new Set(headed);
    let total = 0;
    for (const id of pending) {
      const file = run.symbols.get(id)?.file;
      const heading = file === undefined || files.has(file) || run.state.hasFile(file) ? 0 : run.counter.count(run.renderer.fileText(file));
      const need = smallestShowing(run, id) + heading;
      if (!take(total, need)) continue;
      total += need;
      if (file !== undefined) files.add(file);
    }
    return total;
  };
  const whole = roomOf(() => true);
  if (whole <= within) return whole;
  return roomOf((total, need) => total + need <= run.budget * tailShareOf(run) && total + need <= within);
}

/** Pack a root with views (see the top of this file). Returns true when packed, false when skipped (the skip recorded). */
export function packRootView(run: PackRun, symbol: PySymbol, candidate: Candidate, given: readonly RootView[]): boolean {
  const { state } = run;
  // A view of plain whole code refers to the members already in the document instead of repeating them
  // (a class after the method moved into it, shown as a diff against its old body or its hunks: pr/plan.ts).
  const inside = symbol.kind === 'module' ? [] : packedInside(symbol, state.items, run.symbols, ['full', 'hunks']);
  const views = inside.length === 0 ? given : given.map((view) => (view.mode === 'full' && view.fence === undefined ? { ...view, text: elideMembers(symbol, inside) } : view));
  for (;;) {
    const own = smallestShowing(run, symbol.id);
    const others = roomForOtherRoots(run, symbol.id, own);
    const priced = views.map((view) => {
      const item = itemOf(run, symbol, candidate, view);
      const cost = costOf(run, item);
      if (view.holds === undefined) return { view, item, cost, net: cost, others };
      // A view holding its file's definitions stands in for their blocks: it is as small as its cost
      // less theirs.
      return { view, item, cost, net: cost - heldRoom(run, symbol), others: roomForOtherRoots(run, symbol.id, own, symbol.file) };
    });
    const smallest = priced.reduce((a, b) => (b.cost < a.cost ? b : a));
    // The best view that shows the change and leaves the others their room; else the smallest that
    // shows it and fits (this root ranks before them: the room was counted beside it); else the
    // priority items give their space back, last first, since a caller is context and the change is
    // not; only then a signature.
    const showing = priced.filter((p) => p.view.mode !== 'signature');
    const fitting = (list: typeof priced) => list.filter((p) => p.cost <= run.remaining).reduce<(typeof priced)[number] | undefined>((a, b) => (a === undefined || b.net < a.net ? b : a), undefined);
    const showsChange = showing.find((p) => p.cost + p.others <= run.remaining) ?? fitting(showing);
    if (showsChange === undefined && showing.length > 0 && givePriorityBack(run, symbol.id)) continue;
    const chosen = showsChange ?? fitting(priced);
    if (chosen) {
      clausePaid(run, clauseFor(run, chosen.item.id));
      state.add(chosen.item, chosen.view.holds ?? []);
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

/** What the undecided roots in `symbol`'s file need at least as blocks of their own (a new file's definitions). */
function heldRoom(run: PackRun, symbol: PySymbol): number {
  const decided = decidedIds(run);
  let room = 0;
  for (const other of run.roots) {
    if (other === symbol.id || decided.has(other) || run.symbols.get(other)?.file !== symbol.file) continue;
    room += smallestShowing(run, other);
  }
  return room;
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
