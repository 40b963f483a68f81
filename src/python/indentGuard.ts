// Keeps Python source inside what tree-sitter-python's indentation scanner can hold.
//
// Why: the grammar's external scanner (tree-sitter-python 0.25.0, src/scanner.c) serialises its state
// into tree-sitter's 1,024-byte buffer as 2 header bytes, one byte per open string delimiter (at most
// 255) and two bytes per indentation level, but checks the room for one byte where it writes two
// (tree-sitter/tree-sitter-python#350, open). With an odd number of open delimiters and 384-512
// indentation levels it writes one byte past the buffer, into the parser that sits next to it in
// WASM memory. Nothing fails at that moment; the file parses as an empty module, and every later parse
// in the process is wrong (`(NULL)`, ERROR nodes over plain code) or traps with "memory access out of
// bounds" — a new Parser included, because the damage is in the shared WASM memory
// (`__tests__/fuzz/indentGuard.test.ts` reproduces it). Python refuses more than 99
// levels anyway ("too many levels of indentation"), so such a file is hostile or broken.
//
// The guard: no indentation the scanner measures may be wider than MAX_SCANNER_INDENT columns. The
// stack holds strictly increasing widths, so it then has at most 384 entries and the state at most
// 2 + 255 + 2 * 383 = 1,023 bytes. A wider indentation gets a form feed in place of one of its blanks:
// the scanner (like CPython) restarts its count at a form feed, so the line reads as indented by at
// most MAX_SCANNER_INDENT columns, and the text keeps its length, so every offset and line number stays
// true. The widths are measured as the scanner measures them (space 1, tab 8, CR and form feed restart,
// a backslash-newline continues the same indentation), so no input can get past the bound.
export const MAX_SCANNER_INDENT = 383;

export interface BoundedSource {
  /** The text to parse: the input, or a copy of the same length with form feeds where noted. */
  text: string;
  /** 1-based lines whose indentation was narrowed, ascending. */
  narrowedLines: number[];
}

const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const CR = 13;
const FORM_FEED = 12;
const BACKSLASH = 92;

export function boundIndentation(source: string): BoundedSource {
  const n = source.length;
  const replaceAt: number[] = [];
  const narrowedLines: number[] = [];
  let line = 1; // the line of position i + 1
  for (let i = source.indexOf('\n'); i !== -1; ) {
    line++;
    // The indentation run after this newline, as the scanner reads it.
    let width = 0;
    let blanks: number[] = []; // positions of spaces and tabs since the last restart
    let j = i + 1;
    let runLine = line;
    for (; j < n; ) {
      const c = source.charCodeAt(j);
      if (c === SPACE || c === TAB) {
        width += c === SPACE ? 1 : 8;
        blanks.push(j);
        j++;
      } else if (c === CR || c === FORM_FEED) {
        width = 0;
        blanks = [];
        j++;
      } else if (c === BACKSLASH) {
        let k = j + 1;
        if (source.charCodeAt(k) === CR) k++;
        if (source.charCodeAt(k) !== NEWLINE) break;
        j = k + 1; // a continuation: the next line's blanks add to this indentation
        runLine++;
      } else break;
    }
    if (width > MAX_SCANNER_INDENT) {
      // The first blank whose replacement leaves at most MAX_SCANNER_INDENT columns after it.
      let after = width;
      for (const at of blanks) {
        after -= source.charCodeAt(at) === SPACE ? 1 : 8;
        if (after <= MAX_SCANNER_INDENT) {
          replaceAt.push(at);
          break;
        }
      }
      narrowedLines.push(runLine);
    }
    line = runLine;
    i = j < n ? source.indexOf('\n', j) : -1;
  }
  if (replaceAt.length === 0) return { text: source, narrowedLines };
  const parts: string[] = [];
  let from = 0;
  for (const at of replaceAt) {
    parts.push(source.slice(from, at), '\f');
    from = at + 1;
  }
  parts.push(source.slice(from));
  return { text: parts.join(''), narrowedLines };
}
