// Packs the code around some roots into a document that never exceeds a token budget.
//
// Decisions:
// - Candidate order: see expansion.ts (roots, then alternating callee/caller hops, resolved first).
// - Roots are always full text; others are full, or signatures with `signaturesOnly`.
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
//   roots, until the count fits. A budget too small for even an empty document is an error.
// - Cheap skips: before a non-root candidate's code is byte-pair encoded, counter.atLeast gives a
//   provable lower bound (the number of pre-tokenizer pieces, tokens.ts); when even that exceeds what
//   is left, the candidate is skipped with `tokens` = that bound and the reason says "needs at least".
//   Only a lower bound is used, so nothing that would fit is ever skipped: the scan packs and skips
//   the same candidates in the same order as with exact counts; only those skips' figures and reasons
//   differ (which can change how many skips the document has room to list). Measured on sympy
//   (root sympy.simplify.simplify.simplify, budget 4000, o200k): 1,291 of 1,997 skips end on the
//   bound (39 tokens left), and a cold pack takes ~0.3 s instead of ~2.4-3.1 s, with the same items
//   packed. The other provable bound, ceil(utf8 bytes / longest token), is too weak to help: the
//   longest token is 128 bytes in both o200k_base and cl100k_base, so with 39 tokens left it rules
//   out only symbols over 4,992 bytes: 121 of those 1,291.
// - A class that is a root or packed in full is expanded through its methods and subclasses
//   (expansion.ts); `subclasses` supplies the `inherits` edges the call adjacency does not hold.
// - Symbols in `removed` (a PR's removed symbols, put back from base) carry `status: 'removed'`, which
//   every renderer shows; it is part of the item's text, so its cost is counted like the rest.
// - Scanning stops when what is left cannot hold the smallest possible block, or after `maxCandidates`
//   non-root candidates (default 2000), which bounds the work on huge, densely linked graphs.
import type { PySymbol } from '../model.js';
import type { Adjacency, Neighbour } from '../graph/adjacency.js';
import type {
  ChangedSymbolRow,
  DigestDocument,
  DigestItem,
  DigestSkip,
  DocumentRenderer,
  PackMode,
  TokenUsage,
} from '../render/document.js';
import { markdownRenderer } from '../render/markdown.js';
import { plural } from '../render/plural.js';
import { RepoDigestError } from '../shared/errors.js';
import { classLookups } from './classNeighbours.js';
import { expansionOrder } from './expansion.js';
import { PackState } from './packState.js';
import { settleUsage } from './settle.js';
import type { TokenCounter } from './tokens.js';

export type Preamble = readonly string[] | ((usage: TokenUsage) => readonly string[]);

export interface PackInput {
  /** Root symbol ids, in the order they are packed. */
  roots: readonly string[];
  symbols: ReadonlyMap<string, PySymbol>;
  adjacency: Adjacency;
  /** Token budget of the rendered document: a positive integer. */
  budget: number;
  counter: TokenCounter;
  /** Output format; markdown when omitted. */
  renderer?: DocumentRenderer;
  signaturesOnly?: boolean;
  /** Follow only resolved call edges, or all (default). */
  resolution?: 'resolved' | 'all';
  title?: string;
  preamble?: Preamble;
  changed?: readonly ChangedSymbolRow[];
  /** Ids of symbols a PR removed (shown from base): their items carry `status: 'removed'`. */
  removed?: ReadonlySet<string>;
  /** Direct subclasses of a class (from `inherits` edges, e.g. `subclassIndex(edges)`); none when omitted. */
  subclasses?: (id: string) => readonly Neighbour[];
  maxCandidates?: number;
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

const DEFAULT_MAX_CANDIDATES = 2000;

/** Even the document with no code (title, preamble, footer) exceeds the budget. */
export class BudgetTooSmallError extends RepoDigestError {
  constructor(budget: number, needed: number | undefined) {
    super(`Budget ${budget} is too small: even an empty digest needs ${needed === undefined ? 'more tokens' : plural(needed, 'token')}`, 'raise the budget (--budget, or the budget input of the action)');
    this.name = 'BudgetTooSmallError';
  }
}
/** Kept back from the estimate: the counts in the footer (and a PR header) grow by a digit or two
 *  between the empty-document reserve and the final render; without this the final check would
 *  now and then drop a whole item for two tokens. */
const ESTIMATE_SLACK = 4;

function validate(input: PackInput): void {
  if (!Number.isInteger(input.budget) || input.budget <= 0) {
    throw new RepoDigestError(`Invalid budget ${String(input.budget)}: expected a positive integer number of tokens`, 'pass e.g. --budget 4000');
  }
  for (const id of input.roots) {
    if (!input.symbols.has(id)) throw new RepoDigestError(`Unknown root symbol '${id}'`, 'pass an id listed by `repodigest graph <path>`');
  }
}

export function packContext(input: PackInput): PackResult {
  validate(input);
  const { symbols, counter, budget } = input;
  const renderer = input.renderer ?? markdownRenderer;
  const maxCandidates = input.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const rootSet = new Set(input.roots);
  const roots = [...rootSet];
  const state = new PackState(symbols);

  const documentFor = (listedSkips: readonly DigestSkip[], used: number): DigestDocument => {
    const insidePacked = state.insidePackedCount();
    const usage: TokenUsage = { used, budget, encoding: counter.encoding, packed: state.items.length, skipped: state.skips.length - insidePacked };
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
    };
  };

  // Reserve: the empty document, with a skipped section and its "… and N more" line, at full usage.
  const placeholderSkip: DigestSkip = { id: '', tokens: 0, reason: '' };
  state.skips.push(placeholderSkip);
  const reserve = counter.count(renderer.render(documentFor([], budget)));
  state.skips.pop();
  const minBlock = counter.count(renderer.itemText(dummyItem()));
  let remaining = budget - reserve - ESTIMATE_SLACK;

  let examined = 0;
  for (const candidate of expansionOrder({
    roots,
    adjacency: input.adjacency,
    exists: (id) => symbols.has(id),
    resolution: input.resolution ?? 'all',
    classes: {
      ...classLookups(symbols, input.subclasses),
      isWhole: (id) => symbols.get(id)?.kind === 'class' && (rootSet.has(id) || state.packedMode(id) === 'full'),
    },
  })) {
    const isRoot = candidate.direction === 'root';
    if (!isRoot && (remaining < minBlock || examined >= maxCandidates)) break;
    if (!isRoot) examined++;
    const symbol = symbols.get(candidate.id)!;
    let mode: PackMode = isRoot || !input.signaturesOnly ? 'full' : 'signature';

    const container = state.containerOf(symbol, mode);
    if (container !== undefined) {
      const tokens = counter.count(mode === 'full' ? symbol.full : symbol.signature);
      state.skips.push({ id: symbol.id, tokens, reason: `contained in ${container}`, within: container });
      continue;
    }
    if (!isRoot && mode === 'full' && state.holdsPackedCode(symbol.id)) mode = 'signature';

    const text = mode === 'full' ? symbol.full : symbol.signature;
    if (!isRoot) {
      // Most skips end here, before any byte-pair encoding (see "Cheap skips" above).
      const atLeast = counter.atLeast(text, remaining);
      if (atLeast > remaining) {
        state.skips.push({ id: symbol.id, tokens: atLeast, reason: `does not fit: needs at least ${plural(atLeast, 'token')}, ${Math.max(0, remaining)} left` });
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
    };
    const cost = counter.count(renderer.itemText(item)) + (state.hasFile(item.file) ? 0 : counter.count(renderer.fileText(item.file)));
    if (cost <= remaining) {
      state.add(item);
      remaining -= cost;
      continue;
    }
    const reason = !isRoot
      ? `does not fit: needs ${plural(cost, 'token')}, ${Math.max(0, remaining)} left`
      : cost > budget - reserve
        ? `root larger than the budget: needs ${plural(cost, 'token')} as rendered, the budget leaves ${Math.max(0, budget - reserve)}`
        : `root does not fit after earlier roots: needs ${plural(cost, 'token')}, ${Math.max(0, remaining)} left`;
    state.skips.push({ id: symbol.id, tokens: item.tokens, reason });
  }

  // List skips while they fit in what is left.
  let listed = 0;
  for (const skip of state.skips) {
    const cost = counter.count(renderer.skipText(skip));
    if (cost > remaining) break;
    remaining -= cost;
    listed++;
  }

  // Verify the real document; fold listed skips, then drop packed items, until it fits.
  for (;;) {
    const settled = settleUsage((used) => renderer.render(documentFor(state.skips.slice(0, listed), used)), counter, budget);
    if (settled && settled.used <= budget) {
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
      do {
        listed--;
        over -= counter.count(renderer.skipText(state.skips[listed]!));
      } while (listed > 0 && over > 0);
      continue;
    }
    const dropIndex = lastIndexWhere(state.items, (it) => it.direction !== 'root');
    const index = dropIndex >= 0 ? dropIndex : state.items.length - 1;
    if (index < 0) {
      throw new BudgetTooSmallError(budget, settled?.used);
    }
    state.drop(index);
  }
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
