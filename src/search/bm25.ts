// BM25 over one document per symbol: its id plus its signature rendering (decorators, header,
// docstring; for a class its method stubs), never its body, so that what a symbol IS outranks what
// it happens to mention.
//
// Decisions:
// - Terms are the Porter stems of the sub-tokens (tokenize.ts searchTerm), in documents and queries.
// - Parameters k1 = 1.5, b = 0.75, idf = ln((N - df + 0.5) / (df + 0.5) + 1) (always positive).
// - Each distinct query term counts once: repeating a word in a query does not double its weight.
// - Only positive scores are returned; a query sharing no term with the corpus returns [] and the
//   caller decides whether that is an error (pack: yes, with a message).
// - Ties break by id, compared at query time (so building needs no sort).
// - Hot path: sub-tokens are scanned as spans and interned straight to integer term ids through an
//   open-addressing table that compares characters in place, so a token already seen creates no
//   string; postings live in typed arrays (CSR by term). A regex-and-Map version spends its time
//   creating and hashing strings; this one is several times faster.
import type { PySymbol } from '../model.js';
import { TermInterner } from './termInterner.js';
import { forEachSubTokenSpan, searchTerm, subTokens } from './tokenize.js';

const K1 = 1.5;
const B = 0.75;

export interface SearchIndex {
  /** Document number -> symbol id, in input order. */
  readonly ids: readonly string[];
  readonly termIds: ReadonlyMap<string, number>;
  /** idf per term id. */
  readonly idf: Float64Array;
  /** Postings of term t: docs[postingStart[t] .. postingStart[t+1]) with term frequencies in tf. */
  readonly postingStart: Uint32Array;
  readonly postingDocs: Uint32Array;
  readonly postingTf: Uint32Array;
  /** Precomputed k1 * (1 - b + b * len / avgLen) per document. */
  readonly lengthNorm: Float64Array;
}

export interface SearchHit {
  id: string;
  score: number;
}

/** The text a symbol is found by (documentation and tests use it; the index scans the two parts). */
export function searchDocumentText(symbol: PySymbol): string {
  return `${symbol.id}\n${symbol.signature}`;
}

export function buildSearchIndex(symbols: readonly PySymbol[]): SearchIndex {
  const n = symbols.length;
  const interner = new TermInterner();
  const termIdOf = new Map<string, number>();
  // Token stream of every document, as term ids, with document boundaries.
  let stream = new Uint32Array(1 << 16);
  let streamLength = 0;
  const docStart = new Uint32Array(n + 1);
  const push = (t: number): void => {
    if (streamLength === stream.length) {
      const grown = new Uint32Array(stream.length * 2);
      grown.set(stream);
      stream = grown;
    }
    stream[streamLength++] = t;
  };
  const addText = (text: string): void => {
    const ascii = forEachSubTokenSpan(text, (start, end) => push(interner.intern(text, start, end)));
    if (ascii) return;
    // Rare non-ASCII text: the Unicode tokenizer, interned through a Map of its (already lowercased) tokens.
    for (const token of subTokens(text)) {
      let t = termIdOf.get(token);
      if (t === undefined) {
        t = interner.intern(token, 0, token.length);
        termIdOf.set(token, t);
      }
      push(t);
    }
  };
  for (let d = 0; d < n; d++) {
    docStart[d] = streamLength;
    const symbol = symbols[d]!;
    addText(symbol.id);
    addText(symbol.signature);
  }
  docStart[n] = streamLength;

  // Sub-tokens -> terms: each distinct sub-token is stemmed once, and the stream is rewritten in place.
  const termIds = new Map<string, number>();
  const tokenToTerm = new Uint32Array(interner.terms.length);
  interner.terms.forEach((token, i) => {
    const term = searchTerm(token);
    let t = termIds.get(term);
    if (t === undefined) {
      t = termIds.size;
      termIds.set(term, t);
    }
    tokenToTerm[i] = t;
  });
  for (let i = 0; i < streamLength; i++) stream[i] = tokenToTerm[stream[i]!]!;

  // Pass 1: document frequency of each term (lastDoc marks a term already counted for this document).
  const termCount = termIds.size;
  const df = new Uint32Array(termCount);
  const lastDoc = new Int32Array(termCount).fill(-1);
  for (let d = 0; d < n; d++) {
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) {
      const t = stream[i]!;
      if (lastDoc[t] !== d) {
        lastDoc[t] = d;
        df[t]!++;
      }
    }
  }
  const postingStart = new Uint32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) postingStart[t + 1] = postingStart[t]! + df[t]!;

  // Pass 2: fill postings in document order.
  const postingDocs = new Uint32Array(postingStart[termCount]!);
  const postingTf = new Uint32Array(postingStart[termCount]!);
  const fill = postingStart.slice(0, termCount);
  const slotOf = new Uint32Array(termCount);
  lastDoc.fill(-1);
  for (let d = 0; d < n; d++) {
    for (let i = docStart[d]!; i < docStart[d + 1]!; i++) {
      const t = stream[i]!;
      if (lastDoc[t] !== d) {
        lastDoc[t] = d;
        const slot = fill[t]!++;
        slotOf[t] = slot;
        postingDocs[slot] = d;
        postingTf[slot] = 1;
      } else {
        postingTf[slotOf[t]!]!++;
      }
    }
  }

  const idf = new Float64Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = Math.log((n - df[t]! + 0.5) / (df[t]! + 0.5) + 1);
  const avgLength = n === 0 ? 0 : streamLength / n;
  const lengthNorm = new Float64Array(n);
  for (let d = 0; d < n; d++) {
    const length = docStart[d + 1]! - docStart[d]!;
    lengthNorm[d] = K1 * (1 - B + (avgLength === 0 ? 0 : (B * length) / avgLength));
  }
  return { ids: symbols.map((s) => s.id), termIds, idf, postingStart, postingDocs, postingTf, lengthNorm };
}

/** The `top` best documents for `query`, best first, ties by id; only positive scores. */
export function searchIndex(index: SearchIndex, query: string, top: number): SearchHit[] {
  const n = index.ids.length;
  if (n === 0 || top <= 0) return [];
  const scores = new Float64Array(n);
  const touched: number[] = [];
  const seenTerms = new Set<number>();
  for (const token of subTokens(query)) {
    const t = index.termIds.get(searchTerm(token));
    if (t === undefined || seenTerms.has(t)) continue;
    seenTerms.add(t);
    const idf = index.idf[t]!;
    for (let p = index.postingStart[t]!; p < index.postingStart[t + 1]!; p++) {
      const d = index.postingDocs[p]!;
      const tf = index.postingTf[p]!;
      if (scores[d] === 0) touched.push(d);
      scores[d]! += (idf * tf * (K1 + 1)) / (tf + index.lengthNorm[d]!);
    }
  }
  const ids = index.ids;
  const hits = touched.filter((d) => scores[d]! > 0);
  hits.sort((a, b) => scores[b]! - scores[a]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  return hits.slice(0, top).map((d) => ({ id: ids[d]!, score: scores[d]! }));
}
