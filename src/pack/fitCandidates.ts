// The scan: every candidate in expansion order (expansion.ts) is packed or skipped, with its reason.
//
// - Roots are always full text (or their best view, rootViews.ts); others are full, or signatures
//   with `signaturesOnly`.
// - Skip, never truncate: a candidate whose block does not fit in what is left is skipped and the scan
//   goes on, so a smaller, farther symbol can still use the space. A root that does not fit is skipped
//   the same way (its reason says so plainly), not an error; a root may use ESTIMATE_SLACK, since the
//   final check drops roots last, whereas skipping here would let a root's smaller caller take its place.
// - No text twice (packState.ts): a symbol inside a packed enclosing class or function is skipped as
//   `contained in <ancestor>` (`within` set: it lost nothing); a non-root whose descendant is packed
//   in full is packed as its signature. Roots are always full: a root after a descendant root shows a
//   reference line in that descendant's place (elideMembers.ts).
// - Cheap skips: before a non-root's code is byte-pair encoded, counter.atLeast gives a provable lower
//   bound (tokens.ts). When even that exceeds what is left, the candidate is skipped with `tokens` = the
//   bound (`atLeast`) and the reason "needs more than the N tokens left". Only a lower bound is used,
//   so the scan packs and skips the same candidates as with exact counts; most skips of a large
//   repository end here, which keeps a cold pack fast. (The other provable bound, UTF-8 bytes over
//   the longest token's 128, rules out too few symbols to help.)
// - Roots are decided first, among themselves; before any neighbour takes space, the lines naming the
//   roots that did not fit are paid for (with `changedFirst` their one line is reserved up front at
//   its longest, and no neighbour is packed while a root is out of the document).
// - A class packed in full, or a root that did not fit, stands for its body when expanded: its
//   methods', subclasses' and bases' neighbours come next. A root shown otherwise (a PR's modified
//   class as its changed lines) is expanded as itself: its methods are not in the document.
// - Scanning stops when what is left cannot hold the smallest possible block, or after `maxCandidates`
//   non-root candidates, which bounds the work on huge, densely linked graphs. The rest of the
//   expansion is still walked, ids only (no rendering, no token counting), and every symbol in it is a
//   skip, `not considered: …` with the reason the scan stopped and `tokens` 0 (`considered: false`),
//   unless it lies inside a symbol packed in full. So "M skipped" is every reachable symbol that is
//   not in the document.
import { type ClassLookups, classLookups } from '../graph/classNeighbours.js';
import type { PySymbol } from '../model.js';
import { plural } from '../shared/plural.js';
import { callerViewIn } from './callerView.js';
import { constructedHere, constructionChoice } from './constructionChoice.js';
import type { DigestItem, DigestSkip, ItemView, PackMode } from './document.js';
import { elideMembers, packedInside } from './elideMembers.js';
import { type Candidate, expansionOrder } from './expansion.js';
import { costOf, itemOf } from './packItem.js';
import { clauseFor, clausePaid, ESTIMATE_SLACK, lineCost, type PackRun, repriceFrame, rootSkips, smallestBlock } from './packRun.js';
import { packRootView, roomForUndecided } from './rootViews.js';
import { packTail, tailShareOf, wholeTailFits } from './tailItems.js';

const DEFAULT_MAX_CANDIDATES = 2000;

/** Reasons of the skips after the scan stopped (see the top of this file). */
export const NOT_CONSIDERED_BUDGET = 'not considered: the budget was used up';
export const NOT_CONSIDERED_CHANGED_FIRST = 'not considered: a changed symbol is not in the document, and neighbours never take its place';
export function notConsideredLimit(maxCandidates: number): string {
  return `not considered: the limit of ${plural(maxCandidates, 'candidate')} was reached`;
}

/** Pack or skip every candidate, then pay for the roots' lines and measure the frame again. */
export function fitCandidates(run: PackRun): void {
  const { input, symbols, roots } = run;
  const maxCandidates = input.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const minBlock = smallestBlock(run);
  const rootsLineReserve = reserveRootsLine(run);
  const lookups = classLookups(symbols, input.subclasses, input.bases);
  const priorityIds = new Set((input.priority?.ids ?? []).filter((id) => symbols.has(id) && !run.rootSet.has(id)));
  let examined = 0;
  // Why the scan stopped, once it has: every later candidate is a `not considered` skip.
  let stopped: string | undefined;
  let rootLinesPaid = false;
  let rootsSeen = 0;
  for (const candidate of withPriority(expansionOf(run, lookups), [...priorityIds], input.priority?.before ?? 0)) {
    const isRoot = candidate.direction === 'root';
    if (isRoot) rootsSeen++;
    // Priority items offered between roots; offered after the last root they are neighbours like any other.
    const isPriority = !isRoot && rootsSeen < roots.length && priorityIds.has(candidate.id);
    if (!isRoot && !isPriority && !rootLinesPaid) {
      payRootLines(run, rootsLineReserve);
      rootLinesPaid = true;
      const wholeChange = rootSkips(run).length === 0 && !run.roots.some((id) => run.state.packedMode(id) === 'signature') && wholeTailFits(run);
      packTail(run, wholeChange ? Number.POSITIVE_INFINITY : Math.floor(run.budget * tailShareOf(run)));
      if (input.changedFirst && rootSkips(run).length > 0 && stopped === undefined) stopped = NOT_CONSIDERED_CHANGED_FIRST;
    }
    if (!isRoot && !isPriority && stopped === undefined) {
      if (run.remaining < minBlock) stopped = NOT_CONSIDERED_BUDGET;
      else if (examined >= maxCandidates) stopped = notConsideredLimit(maxCandidates);
    }
    if (!isRoot) examined++;
    fitCandidate(run, candidate, { isPriority, stopped, lookups });
  }
  // No neighbour came after the roots (a change with no callers or callees, module-level code only):
  // the roots' lines are paid here, and with changedFirst the reserve held for them is given back.
  if (!rootLinesPaid) payRootLines(run, rootsLineReserve);
  repriceFrame(run);
  packTail(run);
}

/** The candidates in expansion order; whether a class stands for its body is read from the run as it goes. */
function expansionOf(run: PackRun, lookups: ClassLookups): Iterable<Candidate> {
  const { input, symbols, state, rootSet } = run;
  return expansionOrder({
    roots: run.roots,
    adjacency: input.adjacency,
    exists: (id) => symbols.has(id),
    resolution: input.resolution ?? 'all',
    classes: {
      ...lookups,
      // A root that did not fit still stands for its body (what was asked for); one shown as its changed lines does not.
      isWhole: (id) => symbols.get(id)?.kind === 'class' && (state.packedMode(id) === 'full' || (rootSet.has(id) && state.packedMode(id) === undefined)),
    },
    ...(input.compareNeighbours ? { compare: input.compareNeighbours } : {}),
    ...(input.priority ? { late: lateRootsOf(run.roots, input.priority.before) } : {}),
    calleesOn: (id) => run.callsOnOf.get(id),
  });
}

/** changedFirst: the line counting the roots not in the document, reserved up front at its longest, so greedy roots never eat its room. */
function reserveRootsLine(run: PackRun): number {
  if (!run.input.changedFirst || run.roots.length === 0) return 0;
  const all = run.roots.map((id): DigestSkip => ({ id, tokens: 0, reason: '' }));
  const reserve = run.counter.count(run.renderer.rootsLineText(all, run.rootFiles));
  run.remaining -= reserve;
  return reserve;
}

/** Every root is decided: pay for the lines naming the skipped ones (changedFirst: give back what the reserve holds beyond the line as it now reads). */
function payRootLines(run: PackRun, rootsLineReserve: number): void {
  if (!run.input.changedFirst) {
    run.remaining -= lineCost(run, rootSkips(run));
    return;
  }
  const lost = rootSkips(run);
  run.remaining += rootsLineReserve - (lost.length > 0 ? run.counter.count(run.renderer.rootsLineText(lost, run.rootFiles)) : 0);
}

interface Turn {
  isPriority: boolean;
  /** Why the scan stopped, if it has. */
  stopped: string | undefined;
  lookups: ClassLookups;
}

/** Decide one candidate: skipped as contained or not considered, or priced and packed or skipped. */
function fitCandidate(run: PackRun, candidate: Candidate, turn: Turn): void {
  const { input, state, counter } = run;
  const isRoot = candidate.direction === 'root';
  const symbol = run.symbols.get(candidate.id)!;
  let mode: PackMode = isRoot || !input.signaturesOnly ? 'full' : 'signature';
  const container = state.containerOf(symbol, mode);
  if (container !== undefined) {
    // Counting stays cheap after a stop: these texts lie inside packed ones, so they sum to at most the budget.
    const tokens = counter.count(mode === 'full' ? symbol.full : symbol.signature);
    state.skips.push({ id: symbol.id, tokens, reason: `contained in ${container}`, within: container });
    return;
  }
  if (turn.stopped !== undefined) {
    state.skips.push({ id: symbol.id, tokens: 0, reason: turn.stopped, considered: false });
    return;
  }
  if (!isRoot && mode === 'full' && state.holdsPackedCode(symbol.id)) mode = 'signature';
  const views = isRoot ? input.views?.(symbol.id) : undefined;
  if (views && views.length > 0) packRootView(run, symbol, candidate, views);
  else if (isRoot) packRoot(run, symbol, candidate);
  else packNeighbour(run, symbol, candidate, mode, turn);
}

/** A root without views: its full code, skipped with a plain reason when it does not fit. */
function packRoot(run: PackRun, symbol: PySymbol, candidate: Candidate): void {
  const { state, budget, reserve } = run;
  // Members already in the document are referenced, not repeated (elideMembers.ts).
  const inside = symbol.kind === 'module' ? [] : packedInside(symbol, state.items, run.symbols);
  const text = inside.length > 0 ? elideMembers(symbol, inside) : symbol.full;
  const item = itemOf(run, symbol, candidate, { text, mode: 'full' });
  const clause = clauseFor(run, item.id);
  const cost = costOf(run, item);
  if (cost <= run.remaining + ESTIMATE_SLACK) {
    place(run, item, cost, clause);
    return;
  }
  // "After earlier roots" only when a root was packed before this one; otherwise it is the budget.
  const reason =
    cost > budget - reserve || !state.items.some((it) => it.direction === 'root')
      ? `root larger than the budget: needs ${plural(cost, 'token')} as rendered, the budget leaves ${Math.max(0, budget - reserve)}`
      : `root does not fit after earlier roots: needs ${plural(cost, 'token')}, ${Math.max(0, run.remaining)} left`;
  state.skips.push({ id: symbol.id, tokens: item.tokens, reason });
}

/** A neighbour in `mode` (or its construction view): packed when its block fits in what is left, else skipped. */
function packNeighbour(run: PackRun, symbol: PySymbol, candidate: Candidate, mode: PackMode, turn: Turn): void {
  const { input, state, counter } = run;
  let view: ItemView = { text: mode === 'full' ? symbol.full : symbol.signature, mode };
  let inside: readonly string[] = [];
  // A caller is shown by its call lines when its whole text is long or is module-level code (callerView.ts).
  const cut = candidate.direction === 'caller' && mode === 'full' && input.changedFirst ? callerViewIn(run, symbol) : undefined;
  if (cut) view = cut;
  if (candidate.direction === 'callee' && symbol.kind === 'class' && !input.signaturesOnly && constructedHere(run, symbol.id)) {
    const chosen = constructionChoice(run, symbol, turn.lookups.members(symbol.id), candidate, mode);
    if (chosen) {
      view = { text: chosen.text, mode: chosen.mode, notes: chosen.notes };
      inside = chosen.inside;
    }
  }
  // Most skips end here, before any byte-pair encoding (see "Cheap skips" above).
  // A priority item (a caller: context) leaves the changed symbols still to come room to show their
  // change, and the mechanical changes their share; measured here, once a candidate is priced at all.
  const free = run.remaining - (turn.isPriority ? roomForUndecided(run) : 0);
  const atLeast = counter.atLeast(view.text, free);
  if (atLeast > free) {
    // Said as "more than what is left": the bound stops at the first count over it, so "needs at least
    // N, N-1 left" would read as one token short.
    state.skips.push({ id: symbol.id, tokens: atLeast, atLeast: true, reason: `does not fit: needs more than the ${plural(Math.max(0, free), 'token')} left` });
    return;
  }
  const tokens = counter.count(view.text);
  if (tokens > free) {
    // The code alone is over what is left: skip without pricing its block.
    state.skips.push({ id: symbol.id, tokens, reason: `does not fit: its code alone is ${plural(tokens, 'token')}, ${Math.max(0, free)} left` });
    return;
  }
  const item = itemOf(run, symbol, candidate, view, tokens);
  const clause = clauseFor(run, item.id);
  const cost = costOf(run, item);
  if (cost > free) {
    state.skips.push({ id: symbol.id, tokens: item.tokens, reason: `does not fit: needs ${plural(cost, 'token')}, ${Math.max(0, free)} left` });
    return;
  }
  place(run, item, cost, clause, inside);
  // Given back if a later root takes its space: the frame keeps the clause.
  if (turn.isPriority) run.priorityCost.set(item.id, cost - clause);
}

/** Pack `item` at `cost`, which holds `clause`. */
function place(run: PackRun, item: DigestItem, cost: number, clause: number, inside: readonly string[] = []): void {
  clausePaid(run, clause);
  run.state.add(item, inside);
  run.remaining -= cost;
}

/** The roots from index `before` on (a PR's changed tests, after its changed code). */
function lateRootsOf(roots: readonly string[], before: number): (id: string) => boolean {
  const late = new Set(roots.slice(Math.max(0, before)));
  return (id) => late.has(id);
}

/** The expansion with `priority` ids offered (caller, hop 1) right after the first `before` roots. */
function* withPriority(expansion: Iterable<Candidate>, priority: readonly string[], before: number): Generator<Candidate> {
  const offered = new Set<string>();
  let roots = 0;
  let done = priority.length === 0;
  const flush = function* (): Generator<Candidate> {
    done = true;
    for (const id of priority) {
      offered.add(id);
      yield { id, hop: 1, direction: 'caller', resolution: 'resolved' };
    }
  };
  for (const candidate of expansion) {
    if (candidate.direction === 'root') {
      if (!done && roots === before) yield* flush();
      roots++;
      yield candidate;
      continue;
    }
    if (!done) yield* flush();
    if (offered.has(candidate.id)) continue;
    yield candidate;
  }
  if (!done) yield* flush();
}
