// One pack's shared state, passed explicitly between the packer's steps (pure: no I/O).
//
// The budget bounds the DOCUMENT, in whatever format: title, preamble, headings, fences, skip list
// and footer all count. While packing, a candidate costs the tokens of the text it adds (packItem.ts),
// against a reserve: the document with no items and a Skipped section with its "… and N more" line,
// at full usage. ESTIMATE_SLACK more is kept back because the footer's figures grow by a digit or two
// between the reserve and the final render; without it the final check would now and then drop a
// whole item for two tokens.
//
// The frame (everything but items and listed skip lines) grows once a skip lies inside a packed
// symbol: the footer adds "K already inside packed symbols" (XML an attribute too). That clause is
// paid with the first packed symbol that has members, not when the member is reached later: paid
// then, the final check would have to drop code to make room for it. The frame is measured again
// before skips are listed (repriceFrame).
import type { PySymbol } from '../model.js';
import type { DigestDocument, DigestItem, DigestSkip, DocumentRenderer, TokenUsage } from './document.js';
import { PackState } from './packState.js';
import type { PackInput } from './packTypes.js';
import type { TokenCounter } from './tokens.js';

export const ESTIMATE_SLACK = 4;

export interface PackRun {
  readonly input: PackInput;
  readonly symbols: ReadonlyMap<string, PySymbol>;
  readonly counter: TokenCounter;
  readonly renderer: DocumentRenderer;
  readonly budget: number;
  /** The roots without repeats, in order. */
  readonly roots: readonly string[];
  readonly rootSet: ReadonlySet<string>;
  readonly rootFiles: ReadonlyMap<string, string>;
  readonly state: PackState;
  /** Tokens of the empty document (see the top of this file). */
  readonly reserve: number;
  /** The running estimate of the tokens still free for items and skip lines. */
  remaining: number;
  /** Tokens of the frame as last measured. */
  frame: number;
  /** The footer's inside clause: its cost once measured, and whether the frame holds it yet. */
  insideClause: number | undefined;
  insidePaid: boolean;
  /** Ids of the symbols that have members (built when first needed). */
  parents: Set<string> | undefined;
  /** Cost of each packed priority item (without its clause), given back when a later root takes its space. */
  readonly priorityCost: Map<string, number>;
  /** Roots shown only in part (RootView.callsOn): the lines whose calls they stand for, going outward. */
  readonly callsOnOf: Map<string, ReadonlySet<number>>;
  /** The smallest view of each root with views that shows its change, as its block alone (rootViews.ts). */
  readonly smallestView: Map<string, number>;
}

/** Stands in for a skip while the frame is measured: makes the Skipped section and its fold line appear. */
const PLACEHOLDER_SKIP: DigestSkip = { id: '', tokens: 0, reason: '' };

/** The run before any candidate: the reserve measured, the whole budget less it still free. */
export function startRun(input: PackInput): PackRun {
  const { symbols, counter, budget, renderer } = input;
  const rootSet = new Set(input.roots);
  const partial = {
    input,
    symbols,
    counter,
    renderer,
    budget,
    roots: [...rootSet],
    rootSet,
    rootFiles: new Map(input.roots.map((id) => [id, symbols.get(id)?.file ?? ''])),
    state: new PackState(symbols),
  };
  partial.state.skips.push(PLACEHOLDER_SKIP);
  const reserve = counter.count(renderer.render(documentFor(partial, [], budget)));
  partial.state.skips.pop();
  return {
    ...partial,
    reserve,
    remaining: budget - reserve - ESTIMATE_SLACK,
    frame: reserve,
    insideClause: undefined,
    insidePaid: false,
    parents: undefined,
    priorityCost: new Map(),
    callsOnOf: new Map(),
    smallestView: new Map(),
  };
}

type DocumentParts = Pick<PackRun, 'input' | 'counter' | 'budget' | 'roots' | 'rootFiles' | 'state'>;

/** The document as packed so far, naming `skips`, its footer stating `used` tokens. */
export function documentFor(run: DocumentParts, skips: readonly DigestSkip[], used: number): DigestDocument {
  const { input, state, counter, budget, roots } = run;
  const insidePacked = state.insidePackedCount();
  const usage: TokenUsage = { used, budget, encoding: counter.encoding, packed: state.items.length, skipped: state.skips.length - insidePacked, items: state.items };
  const preamble = typeof input.preamble === 'function' ? input.preamble(usage) : (input.preamble ?? []);
  return {
    title: input.title ?? defaultTitle(roots),
    preamble,
    ...(input.preambleData ? { preambleData: input.preambleData(usage) } : {}),
    budget,
    encoding: counter.encoding,
    roots,
    ...(input.changed ? { changed: input.changed } : {}),
    items: state.items,
    skipped: skips,
    skippedTotal: state.skips.length,
    ...(insidePacked > 0 ? { insidePacked } : {}),
    usedTokens: used,
    ...(input.changedFirst ? { changedInPreamble: true as const, rootFiles: run.rootFiles } : {}),
  };
}

/** Names at most three roots: a file target can have dozens, and the title is paid for in tokens. */
function defaultTitle(roots: readonly string[]): string {
  const named = roots.slice(0, 3).join(', ');
  return `RepoDigest context: ${roots.length > 3 ? `${named} and ${roots.length - 3} more` : named}`;
}

// Skips of roots (a root skipped or dropped) are always listed, first. A root inside another packed
// root (`within`: a changed method of a changed class) lost nothing and is not named in the list, so
// it must not take one of the roots' reserved lines.
const isNamedRoot = (run: PackRun, s: DigestSkip): boolean => run.rootSet.has(s.id) && s.within === undefined;

export function rootSkips(run: PackRun): DigestSkip[] {
  return run.state.skips.filter((s) => isNamedRoot(run, s));
}

export function otherSkips(run: PackRun): DigestSkip[] {
  return run.state.skips.filter((s) => !isNamedRoot(run, s));
}

/** The skips the document names: the first `rootLines` roots' skips, then the first `others` other skips. */
export function listedSkips(run: PackRun, rootLines: number, others: number): DigestSkip[] {
  return [...rootSkips(run).slice(0, rootLines), ...otherSkips(run).slice(0, others)];
}

/** Tokens of the skip lines naming `skips`. */
export function lineCost(run: PackRun, skips: readonly DigestSkip[]): number {
  return skips.reduce((sum, skip) => sum + run.counter.count(run.renderer.skipText(skip)), 0);
}

/** Tokens of the frame with `extra` skips besides the placeholder (no items, no listed skips). */
function frameWith(run: PackRun, extra: readonly DigestSkip[]): number {
  const { state } = run;
  state.skips.push(PLACEHOLDER_SKIP, ...extra);
  const now = run.counter.count(run.renderer.render({ ...documentFor(run, [], run.budget), items: [] }));
  state.skips.length -= 1 + extra.length;
  return now;
}

/** Measure the frame again and charge its growth to what is left. */
export function repriceFrame(run: PackRun): void {
  const now = frameWith(run, []);
  run.remaining -= now - run.frame;
  run.frame = now;
}

/** What packing `id` adds to the frame: the inside clause, when `id` is the first packed symbol with members. */
export function clauseFor(run: PackRun, id: string): number {
  if (run.insidePaid) return 0;
  if (!run.parents) {
    run.parents = new Set<string>();
    for (const s of run.symbols.values()) if (s.parent !== undefined) run.parents.add(s.parent);
  }
  if (!run.parents.has(id)) return 0;
  run.insideClause ??= Math.max(0, frameWith(run, [{ id: '', tokens: 0, reason: '', within: '' }]) - run.reserve);
  return run.insideClause;
}

/** After packing an item whose cost held `clause`: the frame now holds it. */
export function clausePaid(run: PackRun, clause: number): void {
  if (clause === 0) return;
  run.insidePaid = true;
  run.frame += clause;
}

export function lastIndexWhere<T>(list: readonly T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i]!)) return i;
  return -1;
}

/** The smallest block an item can have: scanning stops when what is left is less. */
export function smallestBlock(run: PackRun): number {
  const dummy: DigestItem = { id: 'x', file: 'x', name: 'x', kind: 'function', mode: 'signature', tokens: 0, startLine: 1, endLine: 1, hop: 1, direction: 'callee', text: '' };
  return run.counter.count(run.renderer.itemText(dummy));
}
