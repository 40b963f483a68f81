// The textual pre-filter of on-demand indexing (pr/onDemandRounds.ts): which files can mention a
// name, and which can define one, found from the raw text without parsing.
//
// Decisions:
// - Over-approximate, never under: a file that uses a name as code spells it as a word of its text
//   (an identifier outside or inside strings and comments counts too), and a `def`/`class` statement
//   spells the name it defines right after the keyword. So `uses(name)` and `defines(name)` are
//   supersets of what a parse would find; parsing them gives the exact answer.
// - Names are compared as Python reads them (NFKC, python/identifiers.ts's rule): `ｈelper` is `helper`.
// - One pass per file, words kept as an inverted index (name -> file numbers): cheaper than a regular
//   expression per name per round once a PR brings hundreds of names into play.
const WORD = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/gu;
const DEFINITION = /\b(def|class)[ \t\\\n]+([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)/gu;
const WORD_AT = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;
const SKIPPED = new Set([' ', '\t', '\f', '\r', '\n', '\\']);

/**
 * Every word read as an attribute: after a dot, across what Python allows between the two (spaces,
 * line continuations, and inside brackets newlines and comments to their line's end). One pass from
 * the end finds, for each position, where the skippable text starting there ends, so a dot costs one
 * look-up: a regular expression tried from every dot rescanned a comment once per dot inside it.
 */
function attributeWords(text: string): string[] {
  const next = new Int32Array(text.length + 1);
  next[text.length] = text.length;
  let newline = -1;
  for (let i = text.length - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === '\n') newline = i;
    if (SKIPPED.has(ch)) next[i] = next[i + 1]!;
    else if (ch === '#' && newline >= 0) next[i] = next[newline + 1]!;
    else next[i] = i;
  }
  const words: string[] = [];
  let last = -1;
  for (let dot = text.indexOf('.'); dot >= 0; dot = text.indexOf('.', dot + 1)) {
    const at = next[dot + 1]!;
    if (at === last) continue; // dots inside one skipped comment all lead to the same word
    WORD_AT.lastIndex = at;
    const word = WORD_AT.exec(text);
    if (word) {
      words.push(word[0]);
      last = at;
    }
  }
  return words;
}

export interface WordIndex {
  /** Files (by number, as given) whose text holds `name` as a word. */
  uses(name: string): readonly number[];
  /** Files whose text holds `def name` or `class name`. */
  defines(name: string): readonly number[];
  /** Files whose text holds `def name` (a function or method: what an attribute can call by name). */
  definesFunction(name: string): readonly number[];
  /** Files whose text holds `name` as an attribute (`.name`): where a method can be called or read. */
  readsAttribute(name: string): readonly number[];
  /** Whether file `file` holds `name` as a word. */
  has(file: number, name: string): boolean;
}

const NONE: readonly number[] = Object.freeze([]);

/** The index of a tree with no words. */
export const NO_WORDS: WordIndex = Object.freeze({ uses: () => NONE, defines: () => NONE, definesFunction: () => NONE, readsAttribute: () => NONE, has: () => false });

function normalised(word: string): string {
  // ASCII is already in normal form; NFKC only for the rare other identifiers.
  return /^[\x00-\x7f]*$/.test(word) ? word : word.normalize('NFKC');
}

export function buildWordIndex(texts: readonly string[]): WordIndex {
  const uses = new Map<string, number[]>();
  const defines = new Map<string, number[]>();
  const functions = new Map<string, number[]>();
  const attributes = new Map<string, number[]>();
  // Files arrive in order, so each list stays sorted and a repeat within a file is its last entry.
  const file = (table: Map<string, number[]>, word: string, at: number): void => {
    const list = table.get(word);
    if (!list) table.set(word, [at]);
    else if (list[list.length - 1] !== at) list.push(at);
  };
  texts.forEach((text, at) => {
    for (const m of text.matchAll(WORD)) file(uses, normalised(m[0]), at);
    for (const m of text.matchAll(DEFINITION)) {
      const name = normalised(m[2]!);
      file(defines, name, at);
      if (m[1] === 'def') file(functions, name, at);
    }
    for (const word of attributeWords(text)) file(attributes, normalised(word), at);
  });
  return {
    uses: (name) => uses.get(name) ?? NONE,
    defines: (name) => defines.get(name) ?? NONE,
    definesFunction: (name) => functions.get(name) ?? NONE,
    readsAttribute: (name) => attributes.get(name) ?? NONE,
    has: (at, name) => includesSorted(uses.get(name) ?? NONE, at),
  };
}

/** Binary search in an ascending list (no per-file word sets: they would nearly double what the index retains). */
function includesSorted(list: readonly number[], value: number): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = list[mid]!;
    if (at === value) return true;
    if (at < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
