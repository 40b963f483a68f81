// Names and paths from an analysed repository are hostile text. Characters that act instead of
// showing — C0/C1 controls and DEL (newlines, ANSI escapes that fake an `error:` line or colours),
// bidirectional controls (U+202E "Trojan Source" reordering), line/paragraph separators and
// zero-width characters — are written as one visible, inert escape: `\n`, `\t`, `\x1b`, `\u202e`.
// Used wherever such text is shown outside code: the CLI's stderr and tables, markdown code spans
// and inline text (file and symbol headings, reasons), Mermaid labels. Code blocks are left as
// written (they are the code under review).

// eslint-disable-next-line no-control-regex
const ACTING = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` without any acting character: for one-line free text (titles) after its whitespace is folded. */
export function withoutActing(text: string): string {
  return text.replace(ACTING, '');
}

/** `text` with every acting character replaced by its visible escape; other text unchanged. */
export function visibleText(text: string): string {
  return text.replace(ACTING, escapeOne);
}
