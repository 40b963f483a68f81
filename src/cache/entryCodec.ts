// The one place a cached per-file extraction result is turned into bytes and back (fileCache.ts does
// the I/O, cacheKey.ts the names). Whatever python/extract.ts keeps per file (a FileRecord: symbols
// with their calls, bindings, imports, renderings and line spans) goes through here, so a change to
// the in-memory record is a change to this file and a bump of CACHE_FORMAT_VERSION (cacheKey.ts).
//
// Decisions:
// - An entry is one header line (JSON: magic, namespace, path, blob id, payload length and sha256)
//   and the payload: the record as JSON with its symbols' facts (calls, bindings, imports) left out,
//   a newline, and the facts as JSON, one [calls, bindings, imports] per symbol in symbol order,
//   decoded when first read (lazyFacts.ts). Decoding checks, in this order, the header's shape, that it
//   names the entry asked for (namespace, path, blob id: a foreign or misplaced entry), the payload's
//   length (a truncated write) and checksum (any flipped byte), then the record's structure
//   (validateRecord.ts). The first failure is the reason returned; nothing partial is ever used. The
//   facts are read again from the entry when first used, with the same checks and their structure's;
//   facts that fail them are replaced by `recover`.
// - A definition's `full` is its verbatim lines (python/render.ts), so it is not stored: the entry keeps
//   `null` in its place (the key keeps its position, so the decoded object equals the extracted one
//   property for property) and decoding slices it again from the file's text, which the caller has read
//   to compute the blob id anyway: verbatim text is then stored once per file, in the file itself
//   (entries are several times the source's size already, most of it call sites and bindings).
import type { FileRecord } from '../model.js';
import { indexLines, type SourceLines, sliceLines } from '../python/render.js';
import { frameEntry, parseJson, type Unframed, unframeEntry } from './entryFrame.js';
import { attachFacts, type FactlessSymbol, type Facts, factsOf, withoutFacts } from './lazyFacts.js';
import { textProblem } from './textCheck.js';
import { factsProblem, validateRecord } from './validateRecord.js';

const MAGIC = 'repodigest-cache-entry';

/** What an entry must be to answer a lookup. */
export interface EntryKey {
  namespace: string;
  path: string;
  blob: string;
}

export type Decoded = { ok: true; record: FileRecord } | { ok: false; reason: string };

/** The entry's bytes (UTF-8 text) for `record`, extracted from `text` at `key.path`. */
export function encodeEntry(key: EntryKey, record: FileRecord, text: string): string {
  const src = indexLines(text);
  const symbols = record.symbols.map((s) => {
    // A fresh object: `full` is elided in place, so it keeps its key's position.
    const stored: Omit<FactlessSymbol, 'full'> & { full: string | null } = withoutFacts(s);
    if (s.kind !== 'module' && s.full === sliceLines(src, s.startLine, s.endLine)) stored.full = null;
    return stored;
  });
  return frameEntry({ magic: MAGIC, namespace: key.namespace, path: key.path, blob: key.blob }, `${JSON.stringify({ ...record, symbols })}\n${JSON.stringify(factsOf(record))}`);
}

/**
 * The record an entry holds, or why it cannot be trusted (one short phrase). Its facts are decoded when
 * first read, from the entry's bytes as `reread` gives them then (the entry read again, and checked again
 * as here, so the run does not hold every entry's facts until it needs them); when they cannot be read
 * or are not what validateRecord.ts expects, `recover` is given the reason and returns the facts to use
 * instead, one per symbol of `ids` (the record's symbols' ids, in order).
 */
export function decodeEntry(key: EntryKey, bytes: Buffer, text: string, reread: () => Buffer | undefined, recover: (reason: string, ids: readonly string[]) => Facts[]): Decoded {
  const framed = unframe(key, bytes);
  if (!framed.ok) return framed;
  const payload = framed.payload;
  const cut = payload.indexOf(0x0a);
  if (cut < 0) return { ok: false, reason: 'malformed record (no facts)' };
  const value = parseJson(payload.subarray(0, cut).toString('utf8'));
  const problem = validateRecord(value, key.path);
  if (problem !== undefined) return { ok: false, reason: `malformed record (${problem})` };
  const record = value as FileRecord;
  const src = indexLines(text);
  const mismatch = restoreFull(record, src) ?? textProblem(record, src);
  if (mismatch) return { ok: false, reason: `does not match the file (${mismatch})` };
  const symbols = record.symbols;
  attachFacts(symbols, () => {
    const ids = symbols.map((s) => s.id);
    const again = readAgain(key, reread);
    if (!again.ok) return recover(`${again.reason} when its facts were read`, ids);
    // The same checksummed bytes hold the same record: its facts follow the first newline, as above.
    const facts = parseJson(again.payload.subarray(again.payload.indexOf(0x0a) + 1).toString('utf8'));
    const wrong = factsProblem(facts, ids);
    return wrong === undefined ? (facts as Facts[]) : recover(`malformed record (${wrong})`, ids);
  });
  return { ok: true, record };
}

function unframe(key: EntryKey, bytes: Buffer): Unframed<EntryKey> {
  return unframeEntry(bytes, isHeader, 'not a repodigest cache entry', (header) => {
    if (header.namespace !== key.namespace) return 'written by another version or format';
    if (header.path !== key.path || header.blob !== key.blob) return 'foreign entry (names another file or content)';
    return undefined;
  });
}

function readAgain(key: EntryKey, reread: () => Buffer | undefined): Unframed<EntryKey> {
  let bytes: Buffer | undefined;
  try {
    bytes = reread();
  } catch (error) {
    return { ok: false, reason: `could not be read again (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  return bytes === undefined ? { ok: false, reason: 'gone' } : unframe(key, bytes);
}

/** Put back every elided `full`; a span outside the text means the entry is not of this text. */
function restoreFull(record: FileRecord, src: SourceLines): string | undefined {
  const lines = src.lineStarts.length;
  for (const s of record.symbols) {
    if (s.full !== null) continue;
    if (s.endLine > lines) return `${s.id} ends at line ${s.endLine} of ${lines}`;
    s.full = sliceLines(src, s.startLine, s.endLine);
  }
  return undefined;
}

function isHeader(h: Record<string, unknown>): h is Record<string, unknown> & EntryKey {
  return h.magic === MAGIC && typeof h.namespace === 'string' && typeof h.path === 'string' && typeof h.blob === 'string';
}
