// BM25F over the separate fields of a symbol: its bare name, its qualified id, its signature (parameters,
// annotations, decorators, bases), its docstring and its own body (the code and comments of the symbol
// minus its nested definitions, which are documents of their own).
//
// Decisions:
// - BM25F, not a sum of per-field BM25s: each field's term frequency is length-normalised in its own
//   field, weighted, summed into one pseudo-frequency, and saturated once (k1), so a word that appears in
//   the name AND the body does not score twice over (Robertson & Zaragoza, "The Probabilistic Relevance
//   Framework: BM25 and Beyond", 2009).
// - Weights name 3, id 1, signature 1, docstring 1.5, body 0.5 (k1 = 1.2): the name says what a symbol is,
//   the body what it touches. The default tuning doubles the body (bodyFactor 2, tuning.ts: a commit
//   message names what the code does more often than what the code is called). Chosen on the eval:search questions of four repositories (README
//   "Retrieval quality"); body indexing is the largest single gain there.
// - Terms are Porter stems of sub-tokens (tokenize.ts), as in bm25.ts; Python keywords and English
//   function words are not terms in any field (STOP_TERMS), so `self`, `return` and `the` cost nothing.
// - Postings are CSR typed arrays per field; the interner (termInterner.ts) creates no string per token.
import type { PySymbol } from '../model.js';
import { TermInterner } from './termInterner.js';
import { forEachSubTokenSpan, searchTerm, subTokens } from './tokenize.js';

export const FIELDS = ['name', 'id', 'signature', 'docstring', 'body'] as const;
export type FieldName = (typeof FIELDS)[number];

const WEIGHT: Record<FieldName, number> = { name: 3, id: 1, signature: 1, docstring: 1.5, body: 0.5 };
const LENGTH_B: Record<FieldName, number> = { name: 0.3, id: 0.5, signature: 0.5, docstring: 0.75, body: 0.75 };
const K1 = 1.2;

/** Not terms: Python keywords, `self`/`cls`, and English function words (queries are English prose). */
export const STOP_TERMS: ReadonlySet<string> = new Set(
  (
    'and as assert async await break class continue def del elif else except finally for from global if import in is ' +
    'lambda none nonlocal not or pass raise return true false try while with yield self cls ' +
    'a an the of to on at by be it its this that these those there then than so such was were been being are am ' +
    'do does did doing has have had having i we you he she they them our your my me us can could should would ' +
    'will shall may might must also but if into onto out up down over under again further just only very too ' +
    'which who whom what when where why how all any both each few more most other some no nor own same s t'
  )
    .split(' ')
    .map((w) => searchTerm(w)),
);

export interface FieldIndex {
  readonly n: number;
  readonly termIds: ReadonlyMap<string, number>;
  readonly idf: Float64Array;
  /** Per field: postings of term t are docs[start[t] .. start[t+1]) with frequencies in tf. */
  readonly postings: readonly { start: Uint32Array; docs: Uint32Array; tf: Uint32Array }[];
  /** Per field: WEIGHT / (1 - b + b * len / avgLen) for each document, so a posting costs one multiply. */
  readonly scale: readonly Float32Array[];
}

/** The texts of each field of one symbol; `ownBody` is the symbol's source minus its nested definitions. */
export function fieldTexts(symbol: PySymbol, ownBody: string): Record<FieldName, string> {
  const params = symbol.params.map((p) => `${p.name} ${p.annotation ?? ''} ${p.default ?? ''}`).join(' ');
  return {
    name: symbol.name.split('.').at(-1) ?? '',
    id: symbol.id,
    signature: `${symbol.decorators.join(' ')} ${params} ${symbol.returns ?? ''} ${symbol.bases.join(' ')}`,
    docstring: symbol.docstring ?? '',
    body: ownBody,
  };
}

class Stream {
  data = new Uint32Array(1 << 16);
  length = 0;
  push(t: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = t;
  }
}

/** Builds the index; `texts(d)` gives document d's fields (called once per document, in order). */
export function buildFieldIndex(n: number, texts: (d: number) => Record<FieldName, string>): FieldIndex {
  const interner = new TermInterner();
  const unicodeTokens = new Map<string, number>();
  const streams = FIELDS.map(() => new Stream());
  const starts = FIELDS.map(() => new Uint32Array(n + 1));
  const add = (stream: Stream, text: string): void => {
    if (forEachSubTokenSpan(text, (s, e) => stream.push(interner.intern(text, s, e)))) return;
    for (const token of subTokens(text)) {
      let t = unicodeTokens.get(token);
      if (t === undefined) {
        t = interner.intern(token, 0, token.length);
        unicodeTokens.set(token, t);
      }
      stream.push(t);
    }
  };
  for (let d = 0; d < n; d++) {
    const fields = texts(d);
    FIELDS.forEach((field, f) => {
      starts[f]![d] = streams[f]!.length;
      add(streams[f]!, fields[field]);
    });
  }
  FIELDS.forEach((_, f) => (starts[f]![n] = streams[f]!.length));

  // Tokens -> stemmed terms (stop terms -> NONE), each distinct token stemmed once.
  const NONE = 0xffffffff;
  const termIds = new Map<string, number>();
  const tokenToTerm = new Uint32Array(interner.terms.length);
  interner.terms.forEach((token, i) => {
    const term = searchTerm(token);
    if (STOP_TERMS.has(term)) {
      tokenToTerm[i] = NONE;
      return;
    }
    let t = termIds.get(term);
    if (t === undefined) {
      t = termIds.size;
      termIds.set(term, t);
    }
    tokenToTerm[i] = t;
  });
  const termCount = termIds.size;
  for (const stream of streams) for (let i = 0; i < stream.length; i++) stream.data[i] = tokenToTerm[stream.data[i]!]!;

  // Document frequency over all fields together.
  const df = new Uint32Array(termCount);
  const lastDoc = new Int32Array(termCount).fill(-1);
  for (let d = 0; d < n; d++) {
    FIELDS.forEach((_, f) => {
      const data = streams[f]!.data;
      for (let i = starts[f]![d]!; i < starts[f]![d + 1]!; i++) {
        const t = data[i]!;
        if (t !== NONE && lastDoc[t] !== d) {
          lastDoc[t] = d;
          df[t]!++;
        }
      }
    });
  }
  const idf = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = Math.log((n - df[t]! + 0.5) / (df[t]! + 0.5) + 1);

  const postings = FIELDS.map((_, f) => postingsOf(streams[f]!, starts[f]!, n, termCount, NONE));
  const scale = FIELDS.map((field, f) => {
    const start = starts[f]!;
    let total = 0;
    const lengths = new Uint32Array(n);
    for (let d = 0; d < n; d++) {
      const data = streams[f]!.data;
      let length = 0;
      for (let i = start[d]!; i < start[d + 1]!; i++) if (data[i] !== NONE) length++;
      lengths[d] = length;
      total += length;
    }
    const avg = n === 0 || total === 0 ? 1 : total / n;
    const out = new Float32Array(n);
    const b = LENGTH_B[field];
    for (let d = 0; d < n; d++) out[d] = WEIGHT[field] / (1 - b + (b * lengths[d]!) / avg);
    return out;
  });
  return { n, termIds, idf, postings, scale };
}

function postingsOf(stream: Stream, docStart: Uint32Array, n: number, termCount: number, NONE: number) {
  const data = stream.data;
  const count = new Uint32Array(termCount);
  const lastDoc = new Int32Array(termCount).fill(-1);
  for (let d = 0; d < n; d++) {
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) {
      const t = data[i]!;
      if (t !== NONE && lastDoc[t] !== d) {
        lastDoc[t] = d;
        count[t]!++;
      }
    }
  }
  const start = new Uint32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) start[t + 1] = start[t]! + count[t]!;
  const docs = new Uint32Array(start[termCount]!);
  const tf = new Uint32Array(start[termCount]!);
  const fill = start.slice(0, termCount);
  const slotOf = new Uint32Array(termCount);
  lastDoc.fill(-1);
  for (let d = 0; d < n; d++) {
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) {
      const t = data[i]!;
      if (t === NONE) continue;
      if (lastDoc[t] !== d) {
        lastDoc[t] = d;
        const slot = fill[t]!++;
        slotOf[t] = slot;
        docs[slot] = d;
        tf[slot] = 1;
      } else {
        tf[slotOf[t]!]!++;
      }
    }
  }
  return { start, docs, tf };
}

/** The distinct index terms of a query, in order of first appearance. */
const NO_FACTOR: readonly number[] = FIELDS.map(() => 1);

/**
 * Words that describe the act of changing code, not the code: "fix the typo from the bug report" names
 * nothing in the repository, yet `fix` is rare in code and so weighs a lot (a `_fixed_cycle_init` would
 * rank first for "Fix typo"). Dropped from questions only, when the tuning says so (`metaWords`).
 */
export const META_TERMS: ReadonlySet<string> = new Set(
  'fix fixes fixed fixing bugfix bug bugs typo typos issue issues pr gh minor misc tweak tweaks wip nit nits'.split(' ').map((w) => searchTerm(w)),
);

export function queryTerms(index: FieldIndex, query: string, dropMeta = false): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const token of subTokens(query)) {
    const term = searchTerm(token);
    if (dropMeta && META_TERMS.has(term)) continue;
    const t = index.termIds.get(term);
    if (t === undefined || seen.has(t)) continue;
    seen.add(t);
    out.push(t);
  }
  return out;
}

/** BM25F score of every document for `terms` (0 where no term matches); `factor[f]` scales field f's weight. */
export function scoreFields(index: FieldIndex, terms: readonly number[], factor: readonly number[] = NO_FACTOR): Float64Array {
  const scores = new Float64Array(index.n);
  const acc = new Float64Array(index.n);
  const touched: number[] = [];
  for (const t of terms) {
    touched.length = 0;
    index.postings.forEach((field, f) => {
      const scale = index.scale[f]!;
      const k = factor[f] ?? 1;
      if (k === 0) return;
      for (let p = field.start[t]!; p < field.start[t + 1]!; p++) {
        const d = field.docs[p]!;
        if (acc[d] === 0) touched.push(d);
        acc[d]! += field.tf[p]! * scale[d]! * k;
      }
    });
    const idf = index.idf[t]!;
    for (const d of touched) {
      const x = acc[d]!;
      scores[d]! += (idf * x) / (K1 + x);
      acc[d] = 0;
    }
  }
  return scores;
}
