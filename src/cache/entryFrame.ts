// The framing every cache entry shares (per-file records, entryCodec.ts; call graphs, graphCodec.ts):
// one header line of JSON that names the entry and carries the payload's byte length and sha256, then
// the payload. Unframing checks, in this order, the header's shape and that it is the entry asked
// for (the caller's `names` check), the length (a truncated write), then the checksum (any flipped
// byte); the first failure is the reason returned and nothing partial is ever used.
// A large entry (a whole tree's call graph) is streamed instead (streamEntry): its payload is written
// as produced and the header, padded with spaces to a fixed size, last at the file's start, so the
// payload is never one string in memory (a large tree's call graph, built whole, would cost a few times
// its size in peak memory).
import { createHash } from 'node:crypto';

/** Where a streamed entry goes: chunks appended in order, and one write at a position (the header, last). */
export interface EntrySink {
  append(bytes: Buffer): void;
  writeAt(position: number, bytes: Buffer): void;
}

/** A streamed entry's header line, padded JSON and its newline. */
const STREAMED_HEADER_BYTES = 1024;

/** `payload`: the payload's bytes (UTF-8 text), a view into the entry's. */
export type Unframed<H> = { ok: true; header: H; payload: Buffer } | { ok: false; reason: string };

/** The entry's bytes (UTF-8 text): `fields` (the entry's own header fields) with length and sha256 added. */
export function frameEntry(fields: Record<string, unknown>, payload: string): string {
  return `${JSON.stringify({ ...fields, length: Buffer.byteLength(payload), sha256: sha256(payload) })}\n${payload}`;
}

/** Writes an entry into `sink`: `produce` emits the payload's text in pieces. The bytes unframe as a framed entry's do. */
export function streamEntry(sink: EntrySink, fields: Record<string, unknown>, produce: (emit: (text: string) => void) => void): void {
  sink.append(Buffer.alloc(STREAMED_HEADER_BYTES, 0x20));
  const hash = createHash('sha256');
  let length = 0;
  produce((text) => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    length += bytes.length;
    sink.append(bytes);
  });
  const header = Buffer.from(`${JSON.stringify({ ...fields, length, sha256: hash.digest('hex') }).padEnd(STREAMED_HEADER_BYTES - 1, ' ')}\n`, 'utf8');
  if (header.length !== STREAMED_HEADER_BYTES) throw new Error(`entry header over ${STREAMED_HEADER_BYTES} bytes`);
  sink.writeAt(0, header);
}

/** The bytes streamEntry writes, in memory (for tests and small entries). */
export function streamedBytes(write: (sink: EntrySink) => void): Buffer {
  const chunks: Buffer[] = [];
  write({
    append: (bytes) => void chunks.push(bytes),
    writeAt: (position, bytes) => {
      const whole = Buffer.concat(chunks.splice(0));
      bytes.copy(whole, position);
      chunks.push(whole);
    },
  });
  return Buffer.concat(chunks);
}

/**
 * The header and payload of an entry. `isHeader` checks the header's own fields (length and
 * sha256 are checked here); `names` returns why the entry is not the one asked for, or undefined.
 */
export function unframeEntry<H extends object>(bytes: Buffer, isHeader: (value: Record<string, unknown>) => value is Record<string, unknown> & H, shapeReason: string, names: (header: H) => string | undefined): Unframed<H> {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return { ok: false, reason: 'no header (truncated or not an entry)' };
  const header = parseJson(bytes.subarray(0, newline).toString('utf8'));
  if (typeof header !== 'object' || header === null || !isHeader(header as Record<string, unknown>)) return { ok: false, reason: shapeReason };
  const frame = header as Record<string, unknown>;
  if (typeof frame.sha256 !== 'string' || !Number.isSafeInteger(frame.length)) return { ok: false, reason: shapeReason };
  const wrong = names(header as H);
  if (wrong !== undefined) return { ok: false, reason: wrong };
  const payloadBytes = bytes.subarray(newline + 1);
  if (payloadBytes.length !== frame.length) return { ok: false, reason: `truncated (${payloadBytes.length} of ${frame.length as number} bytes)` };
  // The bytes as read are hashed (the writer hashed the payload's UTF-8): no re-encoding of megabytes.
  if (sha256(payloadBytes) !== frame.sha256) return { ok: false, reason: 'checksum mismatch' };
  return { ok: true, header: header as H, payload: payloadBytes };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
