// What XML text may hold, for every XML we write (the digest, its data elements, the partial digest).
//
// Decisions:
// - Code sits in CDATA; a `]]>` inside it is split across two sections (`]]]]><![CDATA[>`), so any
//   text stays well-formed and reads back byte for byte.
// - Characters XML 1.0 cannot carry at all (C0 controls other than tab/newline/CR, e.g. the form feed
//   some Python files contain, lone surrogates, U+FFFE/U+FFFF) become U+FFFD: no escape exists for
//   them, and a parser must never choke on our output.
// - Attribute values and element text escape & < > " and whitespace controls (a newline in an
//   attribute would otherwise read back as a space).

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlChars(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}

export function xmlAttr(value: string | number): string {
  return xmlChars(String(value))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export function cdata(text: string): string {
  return `<![CDATA[${xmlChars(text).split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

export function attrs(pairs: readonly (readonly [string, string | number])[]): string {
  return pairs.map(([k, v]) => ` ${k}="${xmlAttr(v)}"`).join('');
}

/** Our own prose notes name ids and commands in code spans: plain text keeps the words, not the backticks. */
export function withoutCodeSpans(note: string): string {
  return note.replace(/`+ ?([^`]*?) ?`+/g, '$1');
}
