// Packs the code around some roots into a document that never exceeds a token budget.
//
// Decisions:
// - Candidate order: see expansion.ts (roots, then alternating callee/caller hops, resolved first).
// - Roots are always full text; others are full, or signatures with `signaturesOnly`. A PR's roots have
//   views, best first (whole diff, then hunks: render/prViews.ts); each takes the best view that leaves
//   the undecided roots room for their smallest ones, so more budget never shows fewer changed symbols
//   (12 changed functions: all in the document from 1,150 tokens, was 3,100 with 26 drops between 900 and
//   3,200 when each root took its whole diff whenever it fit).
// - Skip, never truncate: a candidate whose block does not fit in what is left is skipped with its
//   reason and scanning goes on, so a smaller, farther symbol can still use the space. A root that does
//   not fit is skipped the same way (said plainly in the reason), not an error.
// - No text twice (rules in packState.ts): a symbol whose enclosing class or function is packed in full
//   is skipped as `contained in <ancestor>` (with `within` set: it lost nothing, so the footer counts
//   it apart from real skips, document.ts); a non-root whose descendant is already packed in full is
//   packed as its signature, showing its shape without repeating the descendant's body. Roots are
//   always full and may repeat a descendant root's text: roots are what the user asked to see.
// - The budget bounds the DOCUMENT, in whatever format: title, preamble, headings, fences, skip list
//   and footer all count. While packing, the cost of a candidate is the token count of the text it adds
//   (renderer.itemText plus a file heading for a new file), against a reserve for the empty document.
//   Then the listed skips fill what is left; then the whole document is rendered and counted (the
//   footer's figure settled to an exact fixed point, settle.ts). If the estimate was short, listed
//   skips are folded into "… and N more" first, then the last-packed non-root items are dropped, then
//   roots (see the next rule for roots' lines), until the count fits. Once it fits, the tokens it leaves
//   are spent naming folded skips (listMore, each try rendered and counted), so a Skipped section never
//   reads only "… and N more" when a name fits. The frame's one growth that is not in the empty
//   document, the footer's "K already inside packed symbols", is paid with the first packed symbol that
//   has members: unpaid, the README's sample PR came out 1 token over and lost a 30-token test.
// - Cheap skips: before a non-root candidate's code is byte-pair encoded, counter.atLeast gives a
//   provable lower bound (the number of pre-tokenizer pieces, tokens.ts); when even that exceeds what
//   is left, the candidate is skipped with `tokens` = that bound (`atLeast`) and the reason says "needs
//   more than the N tokens left"; the markdown and XML skip lists show no size for it.
//   Only a lower bound is used, so nothing that would fit is ever skipped: the scan packs and skips
//   the same candidates in the same order as with exact counts; only those skips' figures and reasons
//   differ (which can change how many skips the document has room to list). Measured on sympy
//   (root sympy.simplify.simplify.simplify, budget 4000, o200k): 1,291 of 1,997 skips end on the
//   bound (39 tokens left), and a cold pack takes ~0.3 s instead of ~2.4-3.1 s, with the same items
//   packed. The other provable bound, ceil(utf8 bytes / longest token), is too weak to help: the
//   longest token is 128 bytes in both o200k_base and cl100k_base, so with 39 tokens left it rules
//   out only symbols over 4,992 bytes: 121 of those 1,291.
// - A class packed in full, or a root that did not fit, is expanded through its methods, subclasses and
//   bases (expansion.ts); `subclasses` and `bases` supply the `inherits` edges the call adjacency does not
//   hold. A root shown otherwise (a PR's modified class: its own changed lines only) is expanded as itself: its
//   methods are not in the document (flask c77a5203 at 6,000 tokens: a one-attribute change to `App` packed
//   1,246 tokens of callees of App's 43 methods, and no caller of the changed `wsgi_app` fitted).
// - A class reached as a callee and called by code in the document (constructed) is shown as its
//   construction view, not its whole signature, unless its full code is small (rule and replay in
//   constructionView.ts); a class reached only as a base keeps its methods.
// - Symbols in `removed` (a PR's removed symbols, put back from base) carry `status: 'removed'`, which
//   every renderer shows; it is part of the item's text, so its cost is counted like the rest.
// - A root that is not packed is named. Roots are decided first, among themselves; then, before any
//   neighbour takes space, the lines naming the skipped roots are paid for. Listed skips are the
//   roots' first, then the others while they fit. The final check folds the other skips, then drops
//   packed neighbours, and only then folds roots' lines into "… and N more" (many roots: a PR, a file
//   target), always keeping the first, then drops packed roots. When even a document with no code
//   that names one skipped root does not fit, the budget is too small (BudgetTooSmallError, which
//   lets a PR digest shorten its sections first). So a single entry root is always in the document:
//   packed, or in the skip list (and the JSON `skipped`).
// - Scanning stops when what is left cannot hold the smallest possible block, or after `maxCandidates`
//   non-root candidates (default 2000), which bounds the work on huge, densely linked graphs. Nothing
//   reachable goes uncounted: after the stop the rest of the expansion is still walked, ids only (no
//   rendering, no token counting), and every symbol in it is a skip, `not considered: …` with the
//   reason the scan stopped and `tokens` 0 (not measured; `considered: false`), unless it lies inside
//   a symbol packed in full (`contained in`, as above). So "M skipped" is every reachable symbol that
//   is not in the document. Measured (warm, Node 20): Django 3.2, root
//   django.db.migrations.executor.MigrationExecutor, budget 8000: 1,058 symbols walked after the stop
//   (the footer said "0 skipped" before), the whole pack ~0.1 s; sympy 1.11, root
//   sympy.simplify.simplify.simplify, budget 4000: the candidate limit stops the scan and 15,437 more
//   are walked, ~0.25 s of a ~0.4 s pack (was ~0.07 s, reporting 1,995 of 17,432 skips).

import type { Adjacency, Neighbour } from '../graph/adjacency.js';
import { classLookups } from '../graph/classNeighbours.js';
import type { PySymbol } from '../model.js';
import { RepoDigestError } from '../shared/errors.js';
import { plural } from '../shared/plural.js';
import { CONSTRUCTION_LEFT_OUT_MAX, constructionView } from './constructionView.js';
import type {
  ChangedSymbolRow,
  DigestDocument,
  DigestItem,
  DigestSkip,
  DocumentRenderer,
  ItemView,
  PackMode,
  TokenUsage,
} from './document.js';
import { type Candidate, type ExpansionInput, expansionOrder } from './expansion.js';
import { PackState } from './packState.js';
import { type Settled, settleUsage } from './settle.js';
import type { TokenCounter } from './tokens.js';

export type Preamble = readonly string[] | ((usage: TokenUsage) => readonly string[]);

export type RootView = ItemView;

export interface PackInput {
  /** Root symbol ids, in the order they are packed. */
  roots: readonly string[];
  symbols: ReadonlyMap<string, PySymbol>;
  adjacency: Adjacency;
  /** Token budget of the rendered document: a positive integer. */
  budget: number;
  counter: TokenCounter;
  /** How the document is written (markdown, XML, JSON): the caller's choice, render/renderers.ts. */
  renderer: DocumentRenderer;
  signaturesOnly?: boolean;
  /** Follow only resolved call edges, or all (default). */
  resolution?: 'resolved' | 'all';
  title?: string;
  preamble?: Preamble;
  changed?: readonly ChangedSymbolRow[];
  /** Ids of symbols a PR removed (shown from base): their items carry `status: 'removed'`. */
  removed?: ReadonlySet<string>;
  /** Files tree-sitter could only partly parse: their symbols' items carry `partialParse: true`. */
  partialFiles?: ReadonlySet<string>;
  /** Direct subclasses of a class (from `inherits` edges, e.g. `subclassIndex(edges)`); none when omitted. */
  subclasses?: (id: string) => readonly Neighbour[];
  /** Direct project bases of a class (`baseIndex(edges)`); none when omitted. */
  bases?: (id: string) => readonly Neighbour[];
  maxCandidates?: number;
  /**
   * PR digests: the ways to show each root, best first; the first that fits while leaving the roots
   * still to come room for their smallest views is packed (a changed symbol is shown as its hunks rather
   * than crowd other changed symbols out; packRootView). Without it a root is its full code.
   */
  views?: (id: string) => readonly RootView[] | undefined;
  /**
   * PR digests: neighbours offered right after the first `before` roots (the call sites of symbols
   * whose contract changed, ahead of changed tests). A later root that fits in no view takes their
   * space back: they are dropped, last first, until it fits. The roots from `before` on (the changed
   * tests) are also expansion.ts's late roots: their neighbourhood comes after the others' in each hop.
   */
  priority?: { ids: readonly string[]; before: number };
  /**
   * PR digests: no neighbour is packed while a root is out of the document; the preamble names every
   * root, so roots' skips are named on one line and never folded (document.ts `changedInPreamble`).
   */
  changedFirst?: boolean;
  /** Order of each hop's neighbours (expansion.ts `compare`). */
  compareNeighbours?: ExpansionInput['compare'];
}

/** What the result lists of a packed symbol: the digest item without its text. */
export type PackedSymbol = Omit<DigestItem, 'text'>;

export type SkippedSymbol = DigestSkip;

export interface PackResult {
  budget: number;
  /** Exact token count of `content`. */
  totalTokens: number;
  encoding: string;
  roots: string[];
  packed: PackedSymbol[];
  /** Every skip, in the order decided (the document may list only the first ones). */
  skipped: SkippedSymbol[];
  /** How many `skipped` entries lost nothing: their code is inside a packed symbol (`within` set). */
  insidePacked: number;
  content: string;
}

/** How many roots have their code in the document: packed, or inside a packed symbol (a method of a packed class). */
export function rootsInDocument(result: Pick<PackResult, 'roots' | 'packed' | 'skipped'>): number {
  const roots = new Set(result.roots);
  return result.packed.filter((p) => p.direction === 'root').length + result.skipped.filter((s) => s.within !== undefined && roots.has(s.id)).length;
}

const DEFAULT_MAX_CANDIDATES = 2000;

/** Reasons of the skips after the scan stopped (see the top of this file). */
export const NOT_CONSIDERED_BUDGET = 'not considered: the budget was used up';
export const NOT_CONSIDERED_CHANGED_FIRST = 'not considered: a changed symbol is not in the document, and neighbours never take its place';
const DROPPED_FOR_CHANGED = 'dropped: its space went to the changed symbol';
export function notConsideredLimit(maxCandidates: number): string {
  return `not considered: the limit of ${plural(maxCandidates, 'candidate')} was reached`;
}

/** Even the document with no code (title, preamble, footer, and the lines naming roots left out) exceeds the budget. */
export class BudgetTooSmallError extends RepoDigestError {
  constructor(budget: number, needed: number | undefined, skippedRoot?: string) {
    const what = skippedRoot === undefined ? 'an empty digest' : `a digest with no code that only names the skipped root ${skippedRoot}`;
    super(`Budget ${budget} is too small: even ${what} needs ${needed === undefined ? 'more tokens' : plural(needed, 'token')}`, 'raise the budget: --budget in the CLI, budget in the API and the action');
    this.name = 'BudgetTooSmallError';
  }
}
/** Kept back from the estimate: the counts in the footer (and a PR header) grow by a digit or two
 *  between the empty-document reserve and the final render; without this the final check would
 *  now and then drop a whole item for two tokens. */
const ESTIMATE_SLACK = 4;
/** About what a "… and N more" line costs (markdown: 9 tokens, o200k): bounds when listMore tries naming all. */
const FOLD_LINE_ALLOWANCE = 12;

function validate(input: PackInput): void {
  if (!Number.isInteger(input.budget) || input.budget <= 0) {
    const shown = typeof input.budget === 'string' ? `'${input.budget}' (a string)` : String(input.budget);
    throw new RepoDigestError(`Invalid budget ${shown}: expected a positive integer number of tokens`, 'give a budget such as 4000');
  }
  for (const id of input.roots) {
    if (!input.symbols.has(id)) throw new RepoDigestError(`Unknown root symbol '${id}'`, 'pass an id listed by `repodigest graph <path>`');
  }
}

export function packContext(input: PackInput): PackResult {
  validate(input);
  const { symbols, counter, budget } = input;
  const { renderer } = input;
  const maxCandidates = input.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const rootSet = new Set(input.roots);
  const rootFiles = new Map(input.roots.map((id) => [id, symbols.get(id)?.file ?? '']));
  const roots = [...rootSet];
  const state = new PackState(symbols);

  const documentFor = (listedSkips: readonly DigestSkip[], used: number): DigestDocument => {
    const insidePacked = state.insidePackedCount();
    const usage: TokenUsage = { used, budget, encoding: counter.encoding, packed: state.items.length, skipped: state.skips.length - insidePacked, format: renderer.format };
    const preamble = typeof input.preamble === 'function' ? input.preamble(usage) : (input.preamble ?? []);
    return {
      title: input.title ?? defaultTitle(roots),
      preamble,
      budget,
      encoding: counter.encoding,
      roots,
      ...(input.changed ? { changed: input.changed } : {}),
      items: state.items,
      skipped: listedSkips,
      skippedTotal: state.skips.length,
      ...(insidePacked > 0 ? { insidePacked } : {}),
      usedTokens: used,
      ...(input.changedFirst ? { changedInPreamble: true as const, rootFiles } : {}),
    };
  };

  // Skips of roots (a root skipped or dropped) are always listed, first. A root inside another packed
  // root (`within`: a changed method of a changed class) lost nothing and is not named in the list, so
  // it must not take one of the roots' reserved lines.
  const isNamedRoot = (s: DigestSkip): boolean => rootSet.has(s.id) && s.within === undefined;
  const rootSkips = (): DigestSkip[] => state.skips.filter(isNamedRoot);
  const otherSkips = (): DigestSkip[] => state.skips.filter((s) => !isNamedRoot(s));
  const listedSkips = (rootLines: number, others: number): DigestSkip[] => [...rootSkips().slice(0, rootLines), ...otherSkips().slice(0, others)];
  const lineCost = (skips: readonly DigestSkip[]): number => skips.reduce((sum, skip) => sum + counter.count(renderer.skipText(skip)), 0);

  // Reserve: the empty document, with a skipped section and its "… and N more" line, at full usage.
  const placeholderSkip: DigestSkip = { id: '', tokens: 0, reason: '' };
  state.skips.push(placeholderSkip);
  const reserve = counter.count(renderer.render(documentFor([], budget)));
  state.skips.pop();
  const minBlock = counter.count(renderer.itemText(dummyItem()));
  let remaining = budget - reserve - ESTIMATE_SLACK;
  // The frame (everything but items and listed skip lines) grows once a skip lies inside a packed
  // symbol: the footer adds "K already inside packed symbols" (XML an attribute too). That clause is
  // paid with the first packed symbol that has members (the skip comes later, when its member is
  // reached: paid then, the final check dropped code for it; the README's sample PR lost a test), and
  // the frame is measured again before skips are listed.
  let frame = reserve;
  const frameWith = (extra: readonly DigestSkip[]): number => {
    state.skips.push(placeholderSkip, ...extra);
    const now = counter.count(renderer.render({ ...documentFor([], budget), items: [] }));
    state.skips.length -= 1 + extra.length;
    return now;
  };
  const repriceFrame = (): void => {
    const now = frameWith([]);
    remaining -= now - frame;
    frame = now;
  };
  let parents: Set<string> | undefined;
  let insideClause: number | undefined;
  let insidePaid = false;
  /** What packing `id` adds to the frame: the inside clause, when `id` is the first packed symbol with members. */
  const clauseFor = (id: string): number => {
    if (insidePaid) return 0;
    if (!parents) {
      parents = new Set<string>();
      for (const s of symbols.values()) if (s.parent !== undefined) parents.add(s.parent);
    }
    if (!parents.has(id)) return 0;
    insideClause ??= Math.max(0, frameWith([{ id: '', tokens: 0, reason: '', within: '' }]) - reserve);
    return insideClause;
  };
  /** After packing an item whose cost held `clause`: the frame now holds it. */
  const clausePaid = (clause: number): void => {
    if (clause === 0) return;
    insidePaid = true;
    frame += clause;
  };

  const itemOf = (symbol: PySymbol, candidate: Candidate, view: RootView): DigestItem => ({
    id: symbol.id,
    file: symbol.file,
    name: symbol.name,
    kind: symbol.kind,
    mode: view.mode,
    tokens: counter.count(view.text),
    startLine: symbol.startLine,
    endLine: symbol.endLine,
    hop: candidate.hop,
    direction: candidate.direction,
    text: view.text,
    ...(input.removed?.has(symbol.id) ? { status: 'removed' as const } : {}),
    ...(input.partialFiles?.has(symbol.file) && !input.removed?.has(symbol.id) ? { partialParse: true as const } : {}),
    ...(view.change === undefined ? {} : { change: view.change }),
    ...(view.fence === undefined ? {} : { fence: view.fence }),
    ...(view.notes === undefined ? {} : { notes: view.notes }),
    // A PR's look-alike definition (`def ｈelper`) is a root on this path: the flag must reach its heading too.
    ...(symbol.spelledAs !== undefined ? { spelledAs: symbol.spelledAs } : {}),
  });
  const costOf = (item: DigestItem): number => counter.count(renderer.itemText(item)) + (state.hasFile(item.file) ? 0 : counter.count(renderer.fileText(item.file))) + clauseFor(item.id);
  // The smallest view of every root with views, as its block alone (no file heading): what the roots
  // still to come need at least (see packRootView).
  const smallestBlock = new Map<string, number>();
  const smallestOf = (id: string): number => {
    let cost = smallestBlock.get(id);
    if (cost === undefined) {
      const views = input.views?.(id) ?? [];
      const symbol = symbols.get(id);
      cost = symbol === undefined || views.length === 0 ? 0 : Math.min(...views.map((view) => counter.count(renderer.itemText(itemOf(symbol, { id, hop: 0, direction: 'root' }, view)))));
      smallestBlock.set(id, cost);
    }
    return cost;
  };
  /** The room the undecided roots other than `id` need in their smallest views: as many of them as can fit beside `id`'s own smallest. */
  const roomForOtherRoots = (id: string, ownSmallest: number): number => {
    const decided = new Set<string>([...state.items.map((it) => it.id), ...state.skips.map((sk) => sk.id)]);
    let room = 0;
    for (const other of roots) {
      if (other === id || decided.has(other) || (input.views?.(other)?.length ?? 0) === 0) continue;
      const need = smallestOf(other);
      if (ownSmallest + room + need <= remaining) room += need;
    }
    return room;
  };
  /**
   * A root with views: the fullest view that fits while leaving the undecided roots room for their
   * smallest views (so more budget never shows fewer changed symbols: a root's whole diff used to take
   * the room of later roots' hunks; a 12-function fixture showed 11 at 2,600 tokens and 8 at 2,650);
   * when none fits, packed priority items give their space back (last first). Returns true when
   * packed, false when skipped (the skip recorded).
   */
  // Roots shown only in part (RootView.callsOn): the lines whose calls they stand for, going outward.
  const callsOnOf = new Map<string, ReadonlySet<number>>();
  const packRootView = (symbol: PySymbol, candidate: Candidate, views: readonly RootView[]): boolean => {
    for (;;) {
      const others = roomForOtherRoots(symbol.id, smallestOf(symbol.id));
      const priced = views.map((view) => {
        const item = itemOf(symbol, candidate, view);
        return { view, item, cost: costOf(item) };
      });
      const smallest = priced.reduce((a, b) => (b.cost < a.cost ? b : a));
      // The smallest view needs only to fit: the room kept for the others was counted beside it.
      const chosen = priced.find((p) => p.cost + others <= remaining) ?? (smallest.cost <= remaining ? smallest : undefined);
      if (chosen) {
        clausePaid(clauseFor(chosen.item.id));
        state.add(chosen.item);
        if (chosen.view.callsOn !== undefined) callsOnOf.set(symbol.id, new Set(chosen.view.callsOn));
        remaining -= chosen.cost;
        return true;
      }
      const last = lastIndexWhere(state.items, (it) => priorityCost.has(it.id));
      if (last >= 0) {
        const id = state.items[last]!.id;
        remaining += priorityCost.get(id)!;
        priorityCost.delete(id);
        state.drop(last, `${DROPPED_FOR_CHANGED} ${symbol.id}`);
        continue;
      }
      const cost = smallest.cost;
      const reason =
        cost > budget - reserve
          ? `root larger than the budget: even its smallest view needs ${plural(cost, 'token')} as rendered, the budget leaves ${Math.max(0, budget - reserve)}`
          : `root does not fit after earlier roots: its smallest view needs ${plural(cost, 'token')}, ${Math.max(0, remaining)} left`;
      state.skips.push({ id: symbol.id, tokens: smallest.item.tokens, reason });
      return false;
    }
  };

  let rootsLineReserve = 0;
  // changedFirst: the line that counts the roots not in the document (per file) is reserved up front at
  // its longest, so greedy roots never eat the room it needs (the final check would otherwise drop the
  // best-ranked code to make room for it).
  if (input.changedFirst && roots.length > 0) {
    const all = roots.map((id): DigestSkip => ({ id, tokens: 0, reason: '' }));
    rootsLineReserve = counter.count(renderer.rootsLineText(all, rootFiles));
    remaining -= rootsLineReserve;
  }

  const lookups = classLookups(symbols, input.subclasses, input.bases);
  /** Whether `text` is over `limit` tokens (a cheap bound first: a large class's full code is rarely counted). */
  const exceeds = (text: string, limit: number): boolean => counter.atLeast(text, limit) > limit || counter.count(text) > limit;
  /**
   * A class reached as a callee (constructionView.ts): its construction view, constructors in full when
   * that fits, else as stubs; undefined when its full code (allowed, and at most CONSTRUCTION_LEFT_OUT_MAX
   * tokens over the view) or its signature (nothing to leave out) stays the choice.
   */
  const constructionChoice = (symbol: PySymbol, candidate: Candidate, mode: PackMode): { text: string; notes: readonly string[]; inside: readonly string[]; mode: PackMode } | undefined => {
    const members = lookups.members(symbol.id).map((id) => symbols.get(id)!);
    const whole = constructionView(symbol, members, (ctor) => state.packedMode(ctor.id) === undefined);
    if (!whole || (mode === 'full' && !exceeds(symbol.full, counter.count(whole.text) + CONSTRUCTION_LEFT_OUT_MAX))) return undefined;
    const stubs = whole.inside.length > 0 ? constructionView(symbol, members, () => false) : undefined;
    const options = stubs ? [whole, stubs] : [whole];
    const fits = (view: typeof whole) => costOf(itemOf(symbol, candidate, { text: view.text, mode: 'signature', notes: [view.note] })) <= remaining;
    const view = options.find(fits) ?? options[options.length - 1]!;
    return { text: view.text, notes: [view.note], inside: view.inside, mode: 'signature' };
  };
  // A class reached only as a base (a callee hop's `inherits` edge) is what its subclasses build on, methods
  // included: the construction view is for a class that code in the document calls. That code may be a
  // method inside a class packed in full (httpx 336204f0: `Proxy.__init__` inside `Proxy` calls
  // `Headers(headers)`, and all 241 lines of `Headers` were packed, ~1,900 of 6,000 tokens).
  const constructedHere = (id: string): boolean =>
    input.adjacency.callers(id).some((n) => {
      if (rootSet.has(n.id) || state.packedMode(n.id) !== undefined) return true;
      const caller = symbols.get(n.id);
      return caller !== undefined && state.containerOf(caller, 'full') !== undefined;
    });
  let examined = 0;
  // Why the scan stopped, once it has: every later candidate is a `not considered` skip.
  let stopped: string | undefined;
  let rootLinesPaid = false;
  const expansion = expansionOrder({
    roots,
    adjacency: input.adjacency,
    exists: (id) => symbols.has(id),
    resolution: input.resolution ?? 'all',
    classes: {
      ...lookups,
      // A root that did not fit still stands for its body (what was asked for); one shown as its changed lines does not.
      isWhole: (id) => symbols.get(id)?.kind === 'class' && (state.packedMode(id) === 'full' || (rootSet.has(id) && state.packedMode(id) === undefined)),
    },
    ...(input.compareNeighbours ? { compare: input.compareNeighbours } : {}),
    ...(input.priority ? { late: lateRootsOf(roots, input.priority.before) } : {}),
    calleesOn: (id) => callsOnOf.get(id),
  });
  // Cost of each packed priority item, to give it back when a later root takes its space.
  const priorityCost = new Map<string, number>();
  let rootsSeen = 0;
  const priorityIds = new Set((input.priority?.ids ?? []).filter((id) => symbols.has(id) && !rootSet.has(id)));
  for (const candidate of withPriority(expansion, [...priorityIds], input.priority?.before ?? 0)) {
    const isRoot = candidate.direction === 'root';
    if (isRoot) rootsSeen++;
    // Priority items offered between roots; offered after the last root they are neighbours like any other.
    const isPriority = !isRoot && rootsSeen < roots.length && priorityIds.has(candidate.id);
    if (!isRoot && !isPriority && !rootLinesPaid) {
      // Roots come first; before any neighbour takes space, pay for the lines naming roots that did not fit
      // (changedFirst reserved them up front).
      if (!input.changedFirst) remaining -= lineCost(rootSkips());
      else {
        // Every root is decided: give back what the reserve holds beyond the line as it now reads.
        const lost = rootSkips();
        remaining += rootsLineReserve - (lost.length > 0 ? counter.count(renderer.rootsLineText(lost, rootFiles)) : 0);
      }
      rootLinesPaid = true;
      // A changed symbol out of the document: no neighbour may take space (PR digests).
      if (input.changedFirst && rootSkips().length > 0 && stopped === undefined) stopped = NOT_CONSIDERED_CHANGED_FIRST;
    }
    if (!isRoot && !isPriority && stopped === undefined) {
      if (remaining < minBlock) stopped = NOT_CONSIDERED_BUDGET;
      else if (examined >= maxCandidates) stopped = notConsideredLimit(maxCandidates);
    }
    if (!isRoot) examined++;
    const symbol = symbols.get(candidate.id)!;
    let mode: PackMode = isRoot || !input.signaturesOnly ? 'full' : 'signature';

    const container = state.containerOf(symbol, mode);
    if (container !== undefined) {
      // Counting stays cheap after a stop: these texts lie inside packed ones, so they sum to at most the budget.
      const tokens = counter.count(mode === 'full' ? symbol.full : symbol.signature);
      state.skips.push({ id: symbol.id, tokens, reason: `contained in ${container}`, within: container });
      continue;
    }
    if (stopped !== undefined) {
      state.skips.push({ id: symbol.id, tokens: 0, reason: stopped, considered: false });
      continue;
    }
    if (!isRoot && mode === 'full' && state.holdsPackedCode(symbol.id)) mode = 'signature';

    const views = isRoot ? input.views?.(symbol.id) : undefined;
    if (views && views.length > 0) {
      packRootView(symbol, candidate, views);
      continue;
    }
    let text = mode === 'full' ? symbol.full : symbol.signature;
    let notes: readonly string[] | undefined;
    let inside: readonly string[] = [];
    if (!isRoot && candidate.direction === 'callee' && symbol.kind === 'class' && !input.signaturesOnly && constructedHere(symbol.id)) {
      const chosen = constructionChoice(symbol, candidate, mode);
      if (chosen) ({ text, notes, inside, mode } = chosen);
    }
    if (!isRoot) {
      // Most skips end here, before any byte-pair encoding (see "Cheap skips" above).
      const atLeast = counter.atLeast(text, remaining);
      if (atLeast > remaining) {
        // Said as "more than what is left": the bound stops at the first count over it, so "needs at least
        // N, N-1 left" would read as one token short (click 10b43c21: `click.core.Command` listed as 4,109 tokens).
        state.skips.push({ id: symbol.id, tokens: atLeast, atLeast: true, reason: `does not fit: needs more than the ${plural(Math.max(0, remaining), 'token')} left` });
        continue;
      }
    }
    const tokens = counter.count(text);
    if (!isRoot && tokens > remaining) {
      // The code alone is over what is left: skip without pricing its block.
      state.skips.push({ id: symbol.id, tokens, reason: `does not fit: its code alone is ${plural(tokens, 'token')}, ${Math.max(0, remaining)} left` });
      continue;
    }
    const item: DigestItem = {
      id: symbol.id,
      file: symbol.file,
      name: symbol.name,
      kind: symbol.kind,
      mode,
      tokens,
      startLine: symbol.startLine,
      endLine: symbol.endLine,
      hop: candidate.hop,
      direction: candidate.direction,
      text,
      ...(input.removed?.has(symbol.id) ? { status: 'removed' as const } : {}),
      // A removed symbol's code is base's: head's file having errors says nothing about it.
      ...(input.partialFiles?.has(symbol.file) && !input.removed?.has(symbol.id) ? { partialParse: true as const } : {}),
      ...(symbol.spelledAs !== undefined ? { spelledAs: symbol.spelledAs } : {}),
      ...(notes !== undefined ? { notes } : {}),
    };
    const clause = clauseFor(item.id);
    const cost = counter.count(renderer.itemText(item)) + (state.hasFile(item.file) ? 0 : counter.count(renderer.fileText(item.file))) + clause;
    // A root may also use ESTIMATE_SLACK: the final check verifies the real document and drops roots
    // last, whereas skipping here let a root's smaller caller take its place (issue 9, defect 6:
    // `--entry shop.pricing.apply_discount --budget 150` packed only a test that calls it).
    if (cost <= remaining || (isRoot && cost <= remaining + ESTIMATE_SLACK)) {
      clausePaid(clause);
      state.add(item, inside);
      remaining -= cost;
      // Given back if a later root takes its space: the frame keeps the clause.
      if (isPriority) priorityCost.set(item.id, cost - clause);
      continue;
    }
    if (!isRoot) {
      state.skips.push({ id: symbol.id, tokens: item.tokens, reason: `does not fit: needs ${plural(cost, 'token')}, ${Math.max(0, remaining)} left` });
      continue;
    }
    // "After earlier roots" only when a root was packed before this one; otherwise it is the budget.
    const reason =
      cost > budget - reserve || !state.items.some((it) => it.direction === 'root')
        ? `root larger than the budget: needs ${plural(cost, 'token')} as rendered, the budget leaves ${Math.max(0, budget - reserve)}`
        : `root does not fit after earlier roots: needs ${plural(cost, 'token')}, ${Math.max(0, remaining)} left`;
    state.skips.push({ id: symbol.id, tokens: item.tokens, reason });
  }
  if (!rootLinesPaid && !input.changedFirst) remaining -= lineCost(rootSkips());
  repriceFrame();

  // After the roots' lines (paid for above), list other skips while they fit in what is left.
  let listed = 0;
  for (const skip of otherSkips()) {
    const cost = counter.count(renderer.skipText(skip));
    if (cost > remaining) break;
    remaining -= cost;
    listed++;
  }

  // Verify the real document; fold listed skips, then drop packed neighbours, then fold roots' lines
  // (keeping one), then drop packed roots, until it fits.
  let rootLines = Number.POSITIVE_INFINITY;
  for (;;) {
    const render = (others: number) => settleUsage((used) => renderer.render(documentFor(listedSkips(rootLines, others), used)), counter, budget);
    let settled = render(listed);
    if (settled && settled.used <= budget) {
      settled = listMore(settled, listed, otherSkips(), render, (skip) => counter.count(renderer.skipText(skip)), budget);
      return {
        budget,
        totalTokens: settled.used,
        encoding: counter.encoding,
        roots,
        packed: state.items.map(({ text: _text, ...meta }) => meta),
        skipped: [...state.skips],
        insidePacked: state.insidePackedCount(),
        content: settled.text,
      };
    }
    let over = settled ? settled.used - budget : 1;
    if (listed > 0) {
      const others = otherSkips();
      do {
        listed--;
        over -= counter.count(renderer.skipText(others[listed]!));
      } while (listed > 0 && over > 0);
      continue;
    }
    const dropIndex = lastIndexWhere(state.items, (it) => it.direction !== 'root');
    if (dropIndex >= 0) {
      state.drop(dropIndex);
      continue;
    }
    const named = rootSkips();
    const shown = Math.min(rootLines, named.length);
    if (shown > 1 && !input.changedFirst) {
      // As for the other skips: fold as many lines as the excess needs at once (a PR has hundreds of roots).
      let keep = shown;
      do {
        keep--;
        over -= counter.count(renderer.skipText(named[keep]!));
      } while (keep > 1 && over > 0);
      rootLines = keep;
      continue;
    }
    if (state.items.length === 0) throw new BudgetTooSmallError(budget, settled?.used, named[0]?.id);
    // A dropped root becomes a root skip: it is named if its line fits, else counted in "… and N more".
    state.drop(state.items.length - 1);
  }
}

/**
 * The document fits: name more of the unlisted skips in the tokens it leaves unused (the final check
 * folded them, or dropped an item and freed more than the estimate was short). Each try is verified
 * by rendering; a try that does not fit folds lines back as the final check does.
 */
function listMore(
  fits: Settled,
  listed: number,
  others: readonly DigestSkip[],
  render: (others: number) => Settled | undefined,
  lineCost: (skip: DigestSkip) => number,
  budget: number,
): Settled {
  let spare = budget - fits.used;
  let more = listed;
  while (more < others.length) {
    const cost = lineCost(others[more]!);
    if (cost > spare) break;
    spare -= cost;
    more++;
  }
  // Naming the last unlisted skips also removes the "… and N more" line: worth one verified try.
  if (more < others.length) {
    // Summed only up to the allowance: a large repository has thousands of unlisted skips.
    let rest = 0;
    for (let i = more; i < others.length && rest <= spare + FOLD_LINE_ALLOWANCE; i++) rest += lineCost(others[i]!);
    if (rest <= spare + FOLD_LINE_ALLOWANCE) {
      const all = render(others.length);
      if (all && all.used <= budget) return all;
    }
  }
  while (more > listed) {
    const tried = render(more);
    if (tried && tried.used <= budget) return tried;
    let over = tried ? tried.used - budget : 1;
    do {
      more--;
      over -= lineCost(others[more]!);
    } while (more > listed && over > 0);
  }
  return fits;
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

function lastIndexWhere<T>(list: readonly T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}

/** Names at most three roots: a file target can have dozens, and the title is paid for in tokens. */
function defaultTitle(roots: readonly string[]): string {
  const named = roots.slice(0, 3).join(', ');
  return `RepoDigest context: ${roots.length > 3 ? `${named} and ${roots.length - 3} more` : named}`;
}

function dummyItem(): DigestItem {
  return { id: 'x', file: 'x', name: 'x', kind: 'function', mode: 'signature', tokens: 0, startLine: 1, endLine: 1, hop: 1, direction: 'callee', text: '' };
}
