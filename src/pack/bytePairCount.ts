// How many tokens byte-pair encoding makes of one pre-tokenizer piece, in O(n log n) for n bytes.
//
// Decision: js-tiktoken (like tiktoken's reference merge) rescans every adjacent pair after each
// merge, O(n²) per piece with a string join per pair, so one long string literal (a run of one repeated
// character is one piece) can stall a run. The merge rule is the same here — repeatedly merge the adjacent
// pair whose concatenation has the lowest rank, the leftmost one on a tie — but the pairs sit in a
// binary heap keyed by (rank, left position), with stale entries dropped when popped. Each pop is
// the pair the rescan would pick (the heap holds every current pair with its current rank, and
// (rank, position) is the rescan's own order), so the parts, and their number, are identical. Pieces
// are not cut into chunks: the count is exact, not a bound.
import type { RankTable } from './bpeRanks.js';

/** A reusable min-heap of (rank, left, end) entries; key = rank * 2^32 + left, exact in a double. */
class PairHeap {
  private keys = new Float64Array(1024);
  private ends = new Int32Array(1024);
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(key: number, end: number): void {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.size * 2);
      keys.set(this.keys);
      this.keys = keys;
      const ends = new Int32Array(this.size * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.keys[i] = this.keys[parent]!;
      this.ends[i] = this.ends[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.ends[i] = end;
  }

  /** Removes the minimum; its key and end are left in topKey / topEnd. */
  topKey = 0;
  topEnd = 0;
  pop(): void {
    this.topKey = this.keys[0]!;
    this.topEnd = this.ends[0]!;
    const last = --this.size;
    const key = this.keys[last]!;
    const end = this.ends[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && this.keys[child + 1]! < this.keys[child]!) child++;
      if (this.keys[child]! >= key) break;
      this.keys[i] = this.keys[child]!;
      this.ends[i] = this.ends[child]!;
      i = child;
    }
    this.keys[i] = key;
    this.ends[i] = end;
  }
}

const SHIFT = 4294967296;
const heap = new PairHeap();

/** The ranks of all 65,536 two-byte strings (-1: not a token), per table: the first round's lookups. */
const pairTables = new WeakMap<RankTable, Int32Array>();
function pairRanks(ranks: RankTable): Int32Array {
  let table = pairTables.get(ranks);
  if (!table) {
    table = new Int32Array(65536);
    const two = new Uint8Array(2);
    for (let i = 0; i < 65536; i++) {
      two[0] = i >> 8;
      two[1] = i & 0xff;
      table[i] = ranks.rank(two, 0, 2);
    }
    pairTables.set(ranks, table);
  }
  return table;
}

/** The number of tokens of bytes[0, length): the number of parts left when no pair can merge. */
export function bytePairCount(ranks: RankTable, bytes: Uint8Array, length: number): number {
  if (length <= 1) return length;
  // next[p] / prev[p]: where the part after / before the part starting at p starts; alive[p]: a part
  // starts at p. Parts only grow, so a heap entry (left, end) is current exactly when a part still
  // starts at `left` and the part after it still ends at `end`.
  const next = new Int32Array(length + 1);
  const prev = new Int32Array(length + 1);
  const alive = new Uint8Array(length + 1).fill(1);
  for (let p = 0; p <= length; p++) {
    next[p] = p + 1;
    prev[p] = p - 1;
  }
  heap.clear();
  const pairs = pairRanks(ranks);
  for (let p = 0; p + 1 < length; p++) {
    const r = pairs[(bytes[p]! << 8) | bytes[p + 1]!]!;
    if (r >= 0) heap.push(r * SHIFT + p, p + 2);
  }
  let parts = length;
  while (heap.size > 0) {
    heap.pop();
    const left = heap.topKey % SHIFT;
    const end = heap.topEnd;
    if (alive[left] === 0) continue;
    const middle = next[left]!;
    if (middle >= length || next[middle] !== end) continue;
    // Merge [left, middle) and [middle, end).
    alive[middle] = 0;
    next[left] = end;
    if (end < length) prev[end] = left;
    parts--;
    if (left > 0) {
      const before = prev[left]!;
      const r = ranks.rank(bytes, before, end);
      if (r >= 0) heap.push(r * SHIFT + before, end);
    }
    if (end < length) {
      const after = next[end]!;
      const r = ranks.rank(bytes, left, after);
      if (r >= 0) heap.push(r * SHIFT + left, after);
    }
  }
  return parts;
}
