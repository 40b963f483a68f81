// The on-disk form of one encoding's rank table (bpeRanks.ts's RankArrays plus the pre-tokenizer
// pattern), so a run reads its table with one readFileSync and views the typed arrays in place.
//
// Decisions:
// - Layout: 8-byte magic, u32 header length, the header (JSON: format, encoding, source, pattern,
//   array lengths, sha1), padding to 4 bytes, then the body: starts, ranks (only when some rank is
//   not its token's index), slots (Int32, little-endian) and the token bytes. The arrays are views
//   into the file's buffer: no copy, no parse, no hashing of the vocabulary's tokens (reading the file
//   costs little more than touching its pages; building the table from js-tiktoken's text costs many
//   times that).
// - The sha1 (of the header's fields and the body) is checked only when the caller asks: the copy
//   kept for source runs is checked, the file beside the bundle is not — it is a build artefact like
//   the bundle itself, which nothing checksums either, and hashing it would be a large share of the
//   encoder's start-up.
// - `source` names what the table was built from (sha1 of js-tiktoken's rank module file): a reader
//   that can see that file compares it, so a table can never outlive an upgrade of js-tiktoken.
// - Decoding always checks the header's shape, the names asked for and the lengths against the file
//   size (a truncated or foreign file), in O(1): a loop over the hundreds of thousands of offsets and
//   slots would cost more than reading the file, and an index out of range in a typed array reads
//   `undefined`, never memory (a wrong count, like any other flipped byte, which is what the checksum
//   is for). A file that fails
//   is refused with one reason.
// - Little-endian only (every platform Node ships for but s390x): a big-endian machine refuses the
//   file and builds the table from the text instead.
import { createHash } from 'node:crypto';
import type { RankArrays } from './bpeRanks.js';

const MAGIC = 'RDRANKS\n';
export const RANK_FILE_FORMAT = 1;

export interface RankFileMeta {
  encoding: string;
  /** sha1 of the rank module file the table was built from. */
  source: string;
  /** The pre-tokenizer pattern (js-tiktoken's `pat_str`). */
  patStr: string;
}

interface Header extends RankFileMeta {
  format: number;
  count: number;
  /** Whether a ranks array is stored (else rank = token index). */
  ranked: boolean;
  byteLength: number;
  slotCount: number;
  maxTokenBytes: number;
  sha1: string;
}

export type DecodedRanks = { ok: true; meta: RankFileMeta; arrays: RankArrays } | { ok: false; reason: string };

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

export function encodeRankFile(meta: RankFileMeta, arrays: RankArrays): Buffer {
  const count = arrays.starts.length - 1;
  const ranked = arrays.ranks?.some((rank, t) => rank !== t) === true;
  const body = Buffer.concat([int32Bytes(arrays.starts), ...(ranked && arrays.ranks ? [int32Bytes(arrays.ranks)] : []), int32Bytes(arrays.slots), arrays.bytes]);
  const fields: Omit<Header, 'sha1'> = {
    format: RANK_FILE_FORMAT,
    encoding: meta.encoding,
    source: meta.source,
    patStr: meta.patStr,
    count,
    ranked,
    byteLength: arrays.bytes.length,
    slotCount: arrays.slots.length,
    maxTokenBytes: arrays.maxTokenBytes,
  };
  const header: Header = { ...fields, sha1: checksum(fields, body) };
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const pad = (4 - ((MAGIC.length + 4 + json.length) % 4)) % 4;
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length + pad);
  return Buffer.concat([Buffer.from(MAGIC, 'latin1'), length, json, Buffer.alloc(pad, 0x20), body]);
}

/** The table a file holds, or why it cannot be used; `expect.source` is checked when given. */
export function decodeRankFile(file: Uint8Array, expect: { encoding: string; source?: string; verifyChecksum?: boolean }): DecodedRanks {
  if (!LITTLE_ENDIAN) return { ok: false, reason: 'this machine is big-endian' };
  if (file.length < MAGIC.length + 4 || Buffer.from(file.buffer, file.byteOffset, MAGIC.length).toString('latin1') !== MAGIC) {
    return { ok: false, reason: 'not a rank table file' };
  }
  const view = Buffer.from(file.buffer, file.byteOffset, file.length);
  const headerLength = view.readUInt32LE(MAGIC.length);
  const bodyStart = MAGIC.length + 4 + headerLength;
  if (bodyStart > file.length) return { ok: false, reason: 'truncated header' };
  let header: unknown;
  try {
    header = JSON.parse(view.subarray(MAGIC.length + 4, bodyStart).toString('utf8'));
  } catch {
    return { ok: false, reason: 'unreadable header' };
  }
  if (!isHeader(header)) return { ok: false, reason: 'malformed header' };
  if (header.format !== RANK_FILE_FORMAT) return { ok: false, reason: `format ${header.format}, expected ${RANK_FILE_FORMAT}` };
  if (header.encoding !== expect.encoding) return { ok: false, reason: `holds ${header.encoding}, expected ${expect.encoding}` };
  if (expect.source !== undefined && header.source !== expect.source) return { ok: false, reason: 'built from another version of js-tiktoken' };
  const { count, slotCount, byteLength } = header;
  const rankCount = header.ranked ? count : 0;
  const bodyLength = 4 * (count + 1 + rankCount + slotCount) + byteLength;
  if (file.length - bodyStart !== bodyLength) return { ok: false, reason: `body is ${file.length - bodyStart} bytes, expected ${bodyLength}` };
  if (slotCount < 1 || (slotCount & (slotCount - 1)) !== 0 || slotCount < count) return { ok: false, reason: 'slot count is not a power of two above the token count' };
  if (expect.verifyChecksum === true) {
    const { sha1, ...fields } = header;
    if (checksum(fields, view.subarray(bodyStart)) !== sha1) return { ok: false, reason: 'checksum mismatch' };
  }

  // Typed-array views need 4-byte alignment; a Buffer from readFileSync normally starts at offset 0.
  const body = (file.byteOffset + bodyStart) % 4 === 0 ? file.subarray(bodyStart) : new Uint8Array(file.subarray(bodyStart));
  const at = body.byteOffset;
  const starts = new Int32Array(body.buffer, at, count + 1);
  const ranks = header.ranked ? new Int32Array(body.buffer, at + 4 * (count + 1), count) : undefined;
  const slots = new Int32Array(body.buffer, at + 4 * (count + 1 + rankCount), slotCount);
  const bytes = new Uint8Array(body.buffer, at + 4 * (count + 1 + rankCount + slotCount), byteLength);
  if (starts[0] !== 0 || starts[count] !== byteLength) return { ok: false, reason: 'token offsets do not span the bytes' };
  const arrays: RankArrays = { bytes, starts, slots, maxTokenBytes: header.maxTokenBytes };
  if (ranks !== undefined) arrays.ranks = ranks;
  return { ok: true, meta: { encoding: header.encoding, source: header.source, patStr: header.patStr }, arrays };
}

/** sha1 of the header's other fields (in the writer's key order) and the body: covers the pattern too. */
function checksum(fields: Omit<Header, 'sha1'>, body: Uint8Array): string {
  const { format, encoding, source, patStr, count, ranked, byteLength, slotCount, maxTokenBytes } = fields;
  const named = JSON.stringify({ format, encoding, source, patStr, count, ranked, byteLength, slotCount, maxTokenBytes });
  return createHash('sha1').update(named).update(body).digest('hex');
}

function int32Bytes(a: Int32Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  const int = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
  return (
    int(h.format) &&
    typeof h.encoding === 'string' &&
    typeof h.source === 'string' &&
    typeof h.patStr === 'string' &&
    int(h.count) &&
    typeof h.ranked === 'boolean' &&
    int(h.byteLength) &&
    int(h.slotCount) &&
    int(h.maxTokenBytes) &&
    typeof h.sha1 === 'string'
  );
}
