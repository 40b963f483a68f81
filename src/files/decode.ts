// Bytes of a .py file -> the text every later stage sees (pure; read.ts does the I/O).
//
// Decisions:
// - A NUL byte means binary: Python source never contains one. UTF-16 (which Python itself refuses as
//   source) is recognised first and skipped as UTF-16, not as binary (utf16Reason).
// - Encoding follows Python: UTF-8 BOM wins, else a PEP 263 cookie on line 1 (or line 2 when line 1 is
//   blank or a comment), else UTF-8. Undecodable bytes never abort: they become U+FFFD and a note says so,
//   because a file with one bad byte in a comment still has useful symbols.
// - latin-1 is decoded with Buffer 'latin1' (true ISO-8859-1), not TextDecoder: the WHATWG Encoding
//   standard maps 'latin1'/'iso-8859-1' to windows-1252, which reads 0x80-0x9F differently from Python.
//   The same applies to every label WHATWG folds into windows-1252 except cp1252 itself, which cp1252.ts
//   decodes (Node 20's TextDecoder gets windows-1252 wrong).
// - Line endings are normalised (CRLF and lone CR -> LF) after decoding, so line numbers match Python's.

import { decodeCp1252 } from './cp1252.js';

export type Decoded = { ok: true; text: string; notes: string[] } | { ok: false; reason: string };

export const NOTE_BOM = 'UTF-8 BOM removed';
export const NOTE_NEWLINES = 'CRLF line endings normalised';
export const NOTE_INVALID_UTF8 = 'not valid UTF-8: undecodable bytes replaced with U+FFFD';

// PEP 263's own regular expression, applied to a line read as latin-1 (the cookie itself is ASCII).
const COOKIE = /^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)/;
const BLANK_OR_COMMENT = /^[ \t\f]*(?:#.*)?$/;
const ASCII_NAMES = new Set(['ascii', 'us-ascii', '646', 'ansi-x3.4-1968']);
const WINDOWS_1252_NAMES = new Set(['cp1252', 'windows-1252', 'x-cp1252']);

type Codec = { kind: 'utf-8' } | { kind: 'latin-1' } | { kind: 'cp1252' } | { kind: 'decoder'; label: string } | { kind: 'unknown' };

/** The coding cookie on line 1 or 2, if any (already lower-cased). */
export function findCodingCookie(bytes: Uint8Array): string | undefined {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length && lines.length < 2; i++) {
    const b = bytes[i];
    if (i === bytes.length || b === 0x0a || b === 0x0d) {
      lines.push(Buffer.from(bytes.subarray(start, i)).toString('latin1'));
      if (b === 0x0d && bytes[i + 1] === 0x0a) i++;
      start = i + 1;
    }
  }
  const [first, second] = lines;
  const onFirst = first === undefined ? undefined : COOKIE.exec(first)?.[1];
  if (onFirst) return onFirst.toLowerCase();
  if (first !== undefined && second !== undefined && BLANK_OR_COMMENT.test(first)) {
    return COOKIE.exec(second)?.[1]?.toLowerCase();
  }
  return undefined;
}

/** Map a Python codec name to how we decode it; Python's `-*` suffixes (utf-8-sig, latin-1-x) normalised as CPython does. */
export function codecFor(cookie: string): Codec {
  const name = cookie.toLowerCase().replace(/_/g, '-');
  if (name === 'utf-8' || name === 'utf8' || name.startsWith('utf-8-') || ASCII_NAMES.has(name)) return { kind: 'utf-8' };
  if (['latin-1', 'iso-8859-1', 'iso-latin-1'].some((p) => name === p || name.startsWith(`${p}-`))) return { kind: 'latin-1' };
  // UTF-16/32 are not ASCII-compatible, so Python rejects them as source encodings.
  if (name.startsWith('utf-16') || name.startsWith('utf-32')) return { kind: 'unknown' };
  for (const label of new Set([name, cookie.toLowerCase()])) {
    let encoding: string;
    try {
      encoding = new TextDecoder(label).encoding;
    } catch {
      continue;
    }
    if (encoding === 'windows-1252') return WINDOWS_1252_NAMES.has(name) ? { kind: 'cp1252' } : { kind: 'latin-1' };
    if (encoding === 'utf-16le' || encoding === 'utf-16be') return { kind: 'unknown' };
    return encoding === 'utf-8' ? { kind: 'utf-8' } : { kind: 'decoder', label: encoding };
  }
  return { kind: 'unknown' };
}

function decodeWith(label: string, bytes: Uint8Array, displayName: string, notes: string[]): string {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    notes.push(
      label === 'utf-8' ? NOTE_INVALID_UTF8 : `not valid ${displayName}: undecodable bytes replaced with U+FFFD`,
    );
    return new TextDecoder(label, { ignoreBOM: true }).decode(bytes);
  }
}

/**
 * UTF-16 is text, not binary, but Python reads source only as UTF-8 or a declared 8-bit-compatible
 * encoding: it cannot run a UTF-16 file, so indexing one would add code that never runs. It is
 * skipped as what it is. Recognised by its byte-order mark, or (no mark) by NULs in every other byte
 * of the first 64 bytes, which is how ASCII text looks in UTF-16.
 */
function utf16Reason(input: Uint8Array): string | undefined {
  const bom = (input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff);
  if (bom) return 'UTF-16 text (byte-order mark): Python cannot run UTF-16 source, so it is not analysed';
  const n = Math.min(64, input.length - (input.length % 2));
  if (n < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (input[i] === 0) evenNul++;
    if (input[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  const looks = (evenNul === pairs && oddNul === 0) || (oddNul === pairs && evenNul === 0);
  return looks ? 'UTF-16 text (no byte-order mark): Python cannot run UTF-16 source, so it is not analysed' : undefined;
}

export function decodePythonSource(input: Uint8Array): Decoded {
  const utf16 = utf16Reason(input);
  if (utf16 !== undefined) return { ok: false, reason: utf16 };
  const nul = input.indexOf(0);
  if (nul !== -1) return { ok: false, reason: `binary file (NUL byte at offset ${nul})` };

  const notes: string[] = [];
  const hasBom = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf;
  const bytes = hasBom ? input.subarray(3) : input;
  if (hasBom) notes.push(NOTE_BOM);

  const cookie = findCodingCookie(bytes);
  let codec: Codec = cookie === undefined ? { kind: 'utf-8' } : codecFor(cookie);
  if (cookie !== undefined && codec.kind === 'unknown') {
    notes.push(`unknown coding cookie '${cookie}': decoded as UTF-8`);
    codec = { kind: 'utf-8' };
  } else if (hasBom && codec.kind !== 'utf-8') {
    notes.push(`coding cookie '${cookie}' conflicts with the UTF-8 BOM: decoded as UTF-8`);
    codec = { kind: 'utf-8' };
  }

  let text: string;
  if (codec.kind === 'latin-1') text = Buffer.from(bytes).toString('latin1');
  else if (codec.kind === 'cp1252') {
    const decoded = decodeCp1252(bytes);
    text = decoded.text;
    if (!decoded.valid) notes.push(`not valid ${cookie ?? 'cp1252'}: undecodable bytes replaced with U+FFFD`);
  }  else if (codec.kind === 'decoder') text = decodeWith(codec.label, bytes, cookie ?? codec.label, notes);
  else text = decodeWith('utf-8', bytes, 'UTF-8', notes);

  if (text.includes('\r')) {
    text = text.replace(/\r\n?/g, '\n');
    notes.push(NOTE_NEWLINES);
  }
  return { ok: true, text, notes };
}
