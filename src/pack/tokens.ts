// Token counting with the encodings of current OpenAI models. The vocabulary and the pre-tokenizer
// pattern are js-tiktoken's own rank files (one per encoding offered), read as prebuilt tables
// (loadRanks.ts: a file beside the bundle, built from those rank files); the counting is ours, because
// js-tiktoken's encoder is slow to build (it parses its rank text into Maps) and quadratic in the length
// of one pre-tokenizer piece.
//
// Decisions:
// - Same answer as js-tiktoken's `encode(text, [], []).length`, token for token: the text is split
//   with the encoding's own pattern (flags `gu`, as js-tiktoken compiles it), each piece that is a
//   token counts 1, any other is byte-pair merged by the same rule (bytePairCount.ts, O(n log n)
//   instead of O(n²)). Checked against js-tiktoken on real Python in __tests__/pack/tokensExact.test.ts.
// - Text is counted as plain text: `<|endoftext|>` inside analysed code is ordinary characters.
// - Each rank table is loaded once per process, lazily, and shared by every counter of its encoding
//   (loadRanks.ts; bench row "token encoder start-up").
// - Counts are memoised per encoding: whole texts (the packer asks about the same symbols repeatedly,
//   and the PR digest packs the same index once per format) and, apart, long pieces that are not one
//   token (a 1 MB string literal is byte-pair merged once, then found again inside the item text and
//   the whole document, which are only re-split). Both memos are bounded: cleared when they pass
//   MEMO_MAX_ENTRIES entries or MEMO_MAX_CHARS characters of keys. Clearing only costs recounting.
// - `atLeast(text, limit)` is a cheap, provable lower bound for the packer's "cannot fit" test (see
//   lowerBound below); it is not memoised.
import { RepoDigestError } from '../shared/errors.js';
import type { RankTable } from './bpeRanks.js';
import { bytePairCount } from './bytePairCount.js';
import { loadRankTable } from './loadRanks.js';

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
/** Pieces at least this long (UTF-16 units) that are not a single token get their own memo. */
const PIECE_MEMO_MIN = 32;

class BoundedMemo {
  private readonly map = new Map<string, number>();
  private chars = 0;
  get size(): number {
    return this.map.size;
  }
  get(key: string): number | undefined {
    return this.map.get(key);
  }
  set(key: string, value: number): void {
    if (this.map.size >= MEMO_MAX_ENTRIES || this.chars + key.length > MEMO_MAX_CHARS) {
      this.map.clear();
      this.chars = 0;
    }
    this.map.set(key, value);
    this.chars += key.length;
  }
}

interface Shared {
  ranks: RankTable;
  /** The encoder's pre-tokenizer (its `pat_str`), compiled as js-tiktoken compiles it. */
  pieces: RegExp;
  memo: BoundedMemo;
  pieceMemo: BoundedMemo;
}

const shared = new Map<TokenEncoding, Shared>();
const encoder = new TextEncoder();
let scratch = new Uint8Array(1024);

function sharedFor(encoding: TokenEncoding): Shared {
  let entry = shared.get(encoding);
  if (!entry) {
    if (!TOKEN_ENCODINGS.includes(encoding)) throw new RepoDigestError(`Unknown token encoding '${String(encoding)}'`, `use one of ${TOKEN_ENCODINGS.join(', ')}`);
    const loaded = loadRankTable(encoding);
    entry = { ranks: loaded.table, pieces: new RegExp(loaded.patStr, 'gu'), memo: new BoundedMemo(), pieceMemo: new BoundedMemo() };
    shared.set(encoding, entry);
  }
  return entry;
}

function countPiece(entry: Shared, piece: string): number {
  if (piece.length >= PIECE_MEMO_MIN) {
    const known = entry.pieceMemo.get(piece);
    if (known !== undefined) return known;
  }
  if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
  const { written } = encoder.encodeInto(piece, scratch);
  if (entry.ranks.rank(scratch, 0, written) >= 0) return 1;
  const n = bytePairCount(entry.ranks, scratch, written);
  if (piece.length >= PIECE_MEMO_MIN) entry.pieceMemo.set(piece, n);
  return n;
}

/** Counts text[start, end) piece by piece (the pre-tokenizer run over that stretch alone). */
function countRegion(entry: Shared, text: string): number {
  const pieces = entry.pieces;
  pieces.lastIndex = 0;
  let n = 0;
  for (;;) {
    const match = pieces.exec(text);
    if (match === null) break;
    const piece = match[0];
    if (piece.length === 0) {
      pieces.lastIndex++; // never happens with these patterns; guards against an endless loop
      continue;
    }
    n += countPiece(entry, piece);
  }
  return n;
}

/**
 * Whether the pre-tokenizer restarts at p whatever comes before: p follows a newline, and from p
 * come spaces or tabs (any whitespace but CR/LF) and then a non-space (or the end), where no space
 * at all means that non-space is not `/`. Why, for both encodings' patterns: a piece holding the LF
 * at p-1 is `\s*[\r\n]+` (greedy, it gives back the spaces after the last CR/LF, so it ends at p)
 * or a punctuation run's trailing `[\r\n/]*` (o200k) / `[\r\n]*` (cl100k), which stops at a
 * space or a non-`/`; no other alternative takes an LF, and `\s+(?!\S)` is only tried where
 * `\s*[\r\n]+` failed, i.e. on runs without CR/LF. So every piece ends at or before p, each
 * attempt before p reads p's side only through those classes, and the pattern has no look-behind:
 * the text before p and the text from p split exactly as the whole does.
 */
function restartsAt(text: string, p: number): boolean {
  if (p === 0 || p === text.length) return true;
  if (text.charCodeAt(p - 1) !== 10) return false;
  let k = p;
  for (; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 10 || c === 13) return false;
    if (!WHITESPACE.test(text[k]!)) break;
  }
  return k > p || text.charCodeAt(p) !== 47; // '/'
}

const WHITESPACE = /\s/u;
/** Lines at least this long are counted, and memoised, on their own when they can be (restartsAt). */
const LONG_LINE = 4096;

/**
 * The count of a text: the stretches between long lines run through the pre-tokenizer as they are;
 * a long line that starts and ends where the pre-tokenizer restarts is counted on its own and
 * memoised, so a 1 MB line met again inside an item, a document and its re-renders is split once.
 */
function countText(entry: Shared, text: string): number {
  if (text.length < LONG_LINE) return countRegion(entry, text);
  let n = 0;
  let from = 0; // start of the stretch not yet counted
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    if (lineEnd - lineStart >= LONG_LINE && restartsAt(text, lineStart) && restartsAt(text, lineEnd)) {
      if (lineStart > from) n += countRegion(entry, text.slice(from, lineStart));
      const line = text.slice(lineStart, lineEnd);
      let lineCount = entry.memo.get(line);
      if (lineCount === undefined) {
        lineCount = countRegion(entry, line);
        entry.memo.set(line, lineCount);
      }
      n += lineCount;
      from = lineEnd;
    }
    lineStart = lineEnd;
  }
  if (from < text.length) n += countRegion(entry, from === 0 ? text : text.slice(from));
  return n;
}

/**
 * Why this is a lower bound: the whole text is split with the pre-tokenizer regex and each match is
 * byte-pair encoded on its own; a non-empty match becomes at least one token, and at least
 * ceil(bytes / longest token) of them, as no token is longer than the longest (128 bytes in both
 * encodings); a match's UTF-8 length is at least its UTF-16 length. So count(text) >= the sum over
 * matches of max(1, ceil(length / longest)). One native regex pass, stopped once the sum passes limit.
 */
function lowerBound(entry: Shared, text: string, limit: number): number {
  const pieces = entry.pieces;
  const longest = entry.ranks.maxTokenBytes;
  pieces.lastIndex = 0;
  let n = 0;
  while (n <= limit) {
    const match = pieces.exec(text);
    if (match === null) break;
    const length = match[0].length;
    if (length === 0) {
      pieces.lastIndex++;
      continue;
    }
    n += Math.max(1, Math.ceil(length / longest));
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
        n = text === '' ? 0 : countText(entry, text);
        entry.memo.set(text, n);
      }
      return n;
    },
    atLeast(text: string, limit: number): number {
      return lowerBound(entry, text, limit);
    },
  };
}

/** For tests: how many counts the shared memo of an encoding holds now. */
export function memoSize(encoding: TokenEncoding): number {
  return shared.get(encoding)?.memo.size ?? 0;
}
