// The textual pre-filter of on-demand indexing (pipeline/onDemandPr.ts): which files can mention a
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
// A word read as an attribute: after a dot, across what Python allows between the two (spaces, line
// continuations, and inside brackets newlines and comments).
const ATTRIBUTE = /\.(?:[ \t\f\r\n\\]|#[^\n]*)*([\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*)/gu;

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

function normalised(word: string): string {
  // ASCII is already in normal form; NFKC only for the rare other identifiers.
  return /^[\x00-\x7f]*$/.test(word) ? word : word.normalize('NFKC');
}

export function buildWordIndex(texts: readonly string[]): WordIndex {
  const uses = new Map<string, number[]>();
  const defines = new Map<string, number[]>();
  const functions = new Map<string, number[]>();
  const attributes = new Map<string, number[]>();
  const perFile: Set<string>[] = [];
  const file = (table: Map<string, number[]>, words: Iterable<string>, at: number): void => {
    for (const w of words) {
      const list = table.get(w);
      if (list) list.push(at);
      else table.set(w, [at]);
    }
  };
  texts.forEach((text, at) => {
    const words = new Set<string>();
    for (const m of text.matchAll(WORD)) words.add(normalised(m[0]));
    perFile.push(words);
    file(uses, words, at);
    const defined = new Set<string>();
    const defs = new Set<string>();
    for (const m of text.matchAll(DEFINITION)) {
      const name = normalised(m[2]!);
      defined.add(name);
      if (m[1] === 'def') defs.add(name);
    }
    file(defines, defined, at);
    file(functions, defs, at);
    const read = new Set<string>();
    for (const m of text.matchAll(ATTRIBUTE)) read.add(normalised(m[1]!));
    file(attributes, read, at);
  });
  return {
    uses: (name) => uses.get(name) ?? NONE,
    defines: (name) => defines.get(name) ?? NONE,
    definesFunction: (name) => functions.get(name) ?? NONE,
    readsAttribute: (name) => attributes.get(name) ?? NONE,
    has: (at, name) => perFile[at]?.has(name) ?? false,
  };
}
