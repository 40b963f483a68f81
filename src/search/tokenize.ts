// Sub-token tokenizer shared by the search index and its queries.
//
// Decision: identifiers are split the way people read them, so a plain-English query meets code names:
// non-alphanumerics separate tokens (`snake_case`, dots of ids), and inside a run of letters and digits a
// token ends at a camelCase boundary. A run of capitals followed by a lowercase letter gives its last
// capital to the next word (`HTTPServer` -> http, server), and digit runs stand alone (`utf8Decode` ->
// utf, 8, decode). Unicode letters count as letters (Python identifiers may use them); scripts without
// case (CJK, ...) form one token per run.
//
// Two implementations of the same rule: a span scanner over char codes for ASCII text (nearly all
// code; it lets the index intern tokens without creating strings) and a Unicode-property regex for
// the rest. The tests run both on the same inputs.
import { stemmer } from 'stemmer';

const SUB_TOKEN = /\p{Lu}+(?![\p{Ll}\p{Lo}\p{Lm}])|\p{Lu}?\p{Ll}+|\p{Lt}\p{Ll}*|[\p{Lo}\p{Lm}]+|\p{N}+/gu;

/**
 * The search term of a sub-token: its Porter stem, so a plain-English question meets code names in
 * another word form ("how are discounts applied" -> discount, appli; `apply_discount` -> appli,
 * discount). Without it such a question found no function at all on the sample shop. The sub-token
 * split itself is unchanged (it is the rule); stemming is the step after it, applied alike to
 * documents and queries. Tokens of up to two letters, digits and non-English words pass through.
 */
export function searchTerm(token: string): string {
  return stemmer(token);
}

/** Lowercased sub-tokens of `text`, in order of appearance (duplicates kept). */
export function subTokens(text: string): string[] {
  const out: string[] = [];
  if (forEachSubTokenSpan(text, (start, end) => out.push(text.slice(start, end).toLowerCase()))) return out;
  return unicodeSubTokens(text);
}

/** The same rule for any text, by regex (slower; used for non-ASCII text). */
export function unicodeSubTokens(text: string): string[] {
  const out: string[] = [];
  SUB_TOKEN.lastIndex = 0;
  for (let m = SUB_TOKEN.exec(text); m !== null; m = SUB_TOKEN.exec(text)) out.push(m[0].toLowerCase());
  return out;
}

const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;

function classOf(code: number): number {
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  return OTHER;
}

/**
 * Calls `emit(start, end)` for each sub-token span of ASCII `text` and returns true; returns false,
 * having emitted nothing, when the text contains a non-ASCII character (use `subTokens` then).
 */
export function forEachSubTokenSpan(text: string, emit: (start: number, end: number) => void): boolean {
  const n = text.length;
  for (let i = 0; i < n; i++) if (text.charCodeAt(i) > 127) return false;
  let i = 0;
  while (i < n) {
    const c = classOf(text.charCodeAt(i));
    if (c === OTHER) {
      i++;
      continue;
    }
    let j = i + 1;
    if (c === DIGIT || c === LOWER) {
      while (j < n && classOf(text.charCodeAt(j)) === c) j++;
      emit(i, j);
      i = j;
      continue;
    }
    // Capitals: a run, then either a lowercase word (whose first capital may be the run's last) or not.
    while (j < n && classOf(text.charCodeAt(j)) === UPPER) j++;
    if (j < n && classOf(text.charCodeAt(j)) === LOWER) {
      if (j - i > 1) {
        emit(i, j - 1);
        i = j - 1;
        continue;
      }
      while (j < n && classOf(text.charCodeAt(j)) === LOWER) j++;
    }
    emit(i, j);
    i = j;
  }
  return true;
}
