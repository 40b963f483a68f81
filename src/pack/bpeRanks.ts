// The byte-pair rank table of one encoding, as an open-addressing hash table over typed arrays.
//
// Decision: js-tiktoken's constructor decodes every token to a byte array, joins it into a "1,2,3"
// string and fills two Maps, for each of a vocabulary's hundreds of thousands of tokens, on every run.
// Here one pass over the same rank text (js-tiktoken's own `bpe_ranks`, so the vocabulary
// cannot drift from it) decodes the base64 straight into one byte array and hashes each token into an
// Int32Array: no per-token objects, strings or Map entries. Those arrays (RankArrays) are also what
// rankFile.ts writes to disk, so a run can map them back with one read instead of parsing the text
// (loadRanks.ts); the counts are checked token for token against js-tiktoken in
// __tests__/pack/tokensExact.test.ts and the file against the text in __tests__/pack/rankFile.test.ts.

export interface RankData {
  pat_str: string;
  bpe_ranks: string;
}

/** A rank table as plain arrays: token t is bytes[starts[t], starts[t+1]) with rank ranks[t]. */
export interface RankArrays {
  bytes: Uint8Array;
  /** count + 1 entries. */
  starts: Int32Array;
  /** Absent when every token's rank is its index (true of o200k_base and cl100k_base): 0.8 MB less to read. */
  ranks?: Int32Array;
  /** Hash slots (a power of two of them): a token index, or -1 for an empty slot. */
  slots: Int32Array;
  maxTokenBytes: number;
}

export interface RankTable {
  /** The rank of bytes[start, end), or -1 when that byte string is not a token. */
  rank(bytes: Uint8Array, start: number, end: number): number;
  /** The longest token, in bytes (128 for o200k_base and cl100k_base). */
  readonly maxTokenBytes: number;
}

const BASE64 = new Int8Array(128).fill(-1);
for (const [i, c] of [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].entries()) BASE64[c.charCodeAt(0)] = i;

const SPACE = 32;
const NEWLINE = 10;

function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * Parses js-tiktoken's rank format: lines of `<name> <first rank> <base64 token> <base64 token> …`,
 * the tokens of a line taking consecutive ranks from the first. Same reading as its constructor.
 */
export function buildRankTable(data: RankData): RankTable {
  return rankTableOf(parseRankText(data.bpe_ranks));
}

/** The arrays of js-tiktoken's rank text (see buildRankTable). */
export function parseRankText(bpeRanks: string): RankArrays {
  // The rank text is ASCII (base64, digits, names): its latin1 bytes are its characters, and a byte
  // loop is several times faster than charCodeAt over a string of megabytes.
  const text = Buffer.from(bpeRanks, 'latin1');
  const bytes = new Uint8Array(Math.ceil((text.length * 3) / 4));
  const starts = new Int32Array(Math.ceil(text.length / 2) + 2);
  const ranks = new Int32Array(Math.ceil(text.length / 2) + 1);
  let count = 0;
  let written = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    // One line: skip the name, read the first rank, then decode tokens until the newline.
    while (i < n && text[i] !== SPACE && text[i] !== NEWLINE) i++;
    if (i >= n || text[i] === NEWLINE) {
      i++;
      continue;
    }
    i++;
    let rank = 0;
    while (i < n && text[i] !== SPACE && text[i] !== NEWLINE) rank = rank * 10 + (text[i++]! - 48);
    while (i < n && text[i] === SPACE) {
      i++;
      const start = written;
      let acc = 0;
      let bits = 0;
      for (; i < n; i++) {
        const c = text[i]!;
        if (c === SPACE || c === NEWLINE) break;
        const v = c < 128 ? BASE64[c]! : -1;
        if (v < 0) continue; // '=' padding
        acc = ((acc << 6) | v) & 0xffffff;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          bytes[written++] = (acc >> bits) & 0xff;
        }
      }
      if (written > start) {
        starts[count] = start;
        ranks[count++] = rank;
      }
      rank++;
    }
    if (i < n && text[i] === NEWLINE) i++;
  }
  starts[count] = written;

  let size = 1;
  while (size < count * 2) size <<= 1;
  const mask = size - 1;
  const slots = new Int32Array(size).fill(-1);
  let maxTokenBytes = 0;
  for (let t = 0; t < count; t++) {
    const s = starts[t]!;
    const e = starts[t + 1]!;
    if (e - s > maxTokenBytes) maxTokenBytes = e - s;
    let slot = hashBytes(bytes, s, e) & mask;
    while (slots[slot] !== -1) {
      // A duplicate byte string takes the later rank, as js-tiktoken's object-then-Map reading does.
      if (sameBytes(bytes, starts[slots[slot]!]!, starts[slots[slot]! + 1]!, bytes, s, e)) break;
      slot = (slot + 1) & mask;
    }
    slots[slot] = t;
  }
  return { bytes: bytes.subarray(0, written), starts: starts.subarray(0, count + 1), ranks: ranks.subarray(0, count), slots, maxTokenBytes };
}

/** The lookup over arrays made by parseRankText (or read back from a rank file). */
export function rankTableOf(arrays: RankArrays): RankTable {
  const { bytes, starts: tokenStart, ranks: tokenRank, slots, maxTokenBytes } = arrays;
  const mask = slots.length - 1;
  return {
    maxTokenBytes,
    rank(piece: Uint8Array, start: number, end: number): number {
      if (end - start > maxTokenBytes) return -1;
      let slot = hashBytes(piece, start, end) & mask;
      // Bounded by the slot count: a damaged table with no empty slot ends the search, never hangs.
      for (let probe = 0; probe <= mask; probe++) {
        const t = slots[slot]!;
        if (t === -1) return -1;
        if (sameBytes(bytes, tokenStart[t]!, tokenStart[t + 1]!, piece, start, end)) return tokenRank === undefined ? t : tokenRank[t]!;
        slot = (slot + 1) & mask;
      }
      return -1;
    },
  };
}

function sameBytes(a: Uint8Array, aStart: number, aEnd: number, b: Uint8Array, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let k = 0; k < aEnd - aStart; k++) if (a[aStart + k] !== b[bStart + k]) return false;
  return true;
}
