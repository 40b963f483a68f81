// windows-1252 decoding done by hand, because Node's own is wrong on the Node 20 we run: since 20.18.3 /
// 22.13.0 TextDecoder('windows-1252') takes a latin-1 fast path, so 0x80 decodes to U+0080 instead of
// the euro sign, and with `fatal: true` it can return an empty string (nodejs/node#60888, #56542).
// Only 0x80-0x9F differ from latin-1. The five bytes Python's cp1252 codec leaves undefined become U+FFFD.

// prettier-ignore
const HIGH: readonly (number | undefined)[] = [
  0x20ac, undefined, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, undefined, 0x017d, undefined,
  undefined, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, undefined, 0x017e, 0x0178,
];

/** Decode cp1252 bytes; `valid` is false when an undefined byte was replaced with U+FFFD. */
export function decodeCp1252(bytes: Uint8Array): { text: string; valid: boolean } {
  let valid = true;
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const text = latin1.replace(/[\u0080-\u009f]/g, (ch) => {
    const mapped = HIGH[ch.charCodeAt(0) - 0x80];
    if (mapped === undefined) {
      valid = false;
      return '\ufffd';
    }
    return String.fromCharCode(mapped);
  });
  return { text, valid };
}
