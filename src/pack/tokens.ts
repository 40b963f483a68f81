// Token counting with the encodings of current OpenAI models, through js-tiktoken's `lite` entry
// and one rank file per encoding: the full `js-tiktoken` entry would pull every encoding's ranks
// (~10 MB) into dist/, these two are what we offer.
//
// Decisions:
// - Text is counted as plain text: `<|endoftext|>` inside analysed code is ordinary characters
//   (js-tiktoken would otherwise throw on special tokens).
// - Each encoder is built once per process, lazily, and shared by every counter of its encoding:
//   building o200k's rank table costs 1.0-1.5 s on the bench machine (bench row "pack: token encoder":
//   1,019-1,449 ms over the django and sympy runs), so it must never be paid per pack.
// - Counts are memoised per encoding, shared by all counters (the packer asks about the same symbols
//   repeatedly, and the PR digest packs the same index once per format). The memo is bounded: it is
//   cleared when it passes MEMO_MAX_ENTRIES entries or MEMO_MAX_CHARS characters of keys, so a
//   long-lived process (the API packing many questions) does not grow without end. Clearing only
//   costs recounting; counts never depend on the memo's state.
// - `atLeast(text, limit)` is a cheap, provable lower bound for the packer's "cannot fit" test (see
//   lowerBound below); it is not memoised (it is cheaper than the lookup's worth of memory).
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k_base from 'js-tiktoken/ranks/cl100k_base';
import o200k_base from 'js-tiktoken/ranks/o200k_base';
import { RepoDigestError } from '../shared/errors.js';

export type TokenEncoding = 'o200k_base' | 'cl100k_base';
export const TOKEN_ENCODINGS: readonly TokenEncoding[] = ['o200k_base', 'cl100k_base'];

export interface TokenCounter {
  readonly encoding: TokenEncoding;
  count(text: string): number;
  /**
   * A number n with n <= count(text), found without byte-pair encoding; the search stops as soon as
   * n > limit, so the answer is exact only as "more than limit" or "at least n".
   */
  atLeast(text: string, limit: number): number;
}

export const MEMO_MAX_ENTRIES = 50_000;
export const MEMO_MAX_CHARS = 64 * 1024 * 1024;

const RANKS = { o200k_base, cl100k_base } as const;

interface Shared {
  encoder: Tiktoken;
  /** The encoder's pre-tokenizer (its `pat_str`), compiled as js-tiktoken compiles it. */
  pieces: RegExp;
  memo: Map<string, number>;
  memoChars: number;
}

const shared = new Map<TokenEncoding, Shared>();

function sharedFor(encoding: TokenEncoding): Shared {
  let entry = shared.get(encoding);
  if (!entry) {
    const ranks = RANKS[encoding];
    if (!ranks) throw new RepoDigestError(`Unknown token encoding '${String(encoding)}'`, `use one of ${TOKEN_ENCODINGS.join(', ')}`);
    entry = { encoder: new Tiktoken(ranks), pieces: new RegExp(ranks.pat_str, 'gu'), memo: new Map(), memoChars: 0 };
    shared.set(encoding, entry);
  }
  return entry;
}

/**
 * Why this is a lower bound: js-tiktoken (encode with no special tokens allowed) splits the whole text
 * with the pre-tokenizer regex and byte-pair encodes each match on its own; every match is non-empty
 * and byte-level BPE turns a non-empty piece into at least one token. So count(text) >= number of
 * matches. Counting matches runs one native regex and stops after limit + 1 of them.
 */
function lowerBound(pieces: RegExp, text: string, limit: number): number {
  pieces.lastIndex = 0;
  let n = 0;
  while (n <= limit) {
    const match = pieces.exec(text);
    if (match === null) break;
    if (match[0].length === 0) {
      pieces.lastIndex++; // never happens with these patterns; guards against an endless loop
      continue;
    }
    n++;
  }
  return n;
}

export function createTokenCounter(encoding: TokenEncoding): TokenCounter {
  const entry = sharedFor(encoding);
  return {
    encoding,
    count(text: string): number {
      let n = entry.memo.get(text);
      if (n === undefined) {
        n = text === '' ? 0 : entry.encoder.encode(text, [], []).length;
        if (entry.memo.size >= MEMO_MAX_ENTRIES || entry.memoChars + text.length > MEMO_MAX_CHARS) {
          entry.memo.clear();
          entry.memoChars = 0;
        }
        entry.memo.set(text, n);
        entry.memoChars += text.length;
      }
      return n;
    },
    atLeast(text: string, limit: number): number {
      return lowerBound(entry.pieces, text, limit);
    },
  };
}

/** For tests: how many counts the shared memo of an encoding holds now. */
export function memoSize(encoding: TokenEncoding): number {
  return shared.get(encoding)?.memo.size ?? 0;
}
