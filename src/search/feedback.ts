// Pseudo-relevance feedback: a local semantic signal built from the repository itself (no model, no
// network). The words of the best first-pass hits that the question did not use are added to it, so
// "cookies lost on redirect" also finds code that says `resolve_redirects` and `extract_cookies_to_jar`
// when the best hits use those words together. This is term co-occurrence restricted to what the question
// already found (RM3-style: Lavrenko & Croft 2001; Abdul-Jaleel et al. 2004), cheaper than a global
// co-occurrence or LSA matrix and no less local.
//
// Decisions:
// - The top feedbackDocs documents of the first pass (after priors and signals) vote; each vote is the
//   document's share of their total score times the term's BM25F weight in it.
// - A term qualifies when it occurs in at least two documents of the repository (a word unique to one
//   hit just repeats that hit) and is not a question term. The feedbackTerms best are added with
//   weight feedbackWeight x their vote / the best vote.
import { saturate, type FieldIndex } from './fieldIndex.js';
import type { RetrievalTuning } from './tuning.js';

export interface Expansion {
  terms: number[];
  weights: number[];
}

export function feedbackTerms(fields: FieldIndex, scores: Float64Array, queryTerms: readonly number[], tuning: RetrievalTuning): Expansion {
  const k = tuning.feedbackDocs;
  if (k <= 0 || tuning.feedbackTerms <= 0 || tuning.feedbackWeight === 0) return { terms: [], weights: [] };
  const top: number[] = [];
  for (let d = 0; d < scores.length; d++) {
    if (scores[d]! <= 0) continue;
    if (top.length < k || scores[d]! > scores[top[top.length - 1]!]!) {
      top.push(d);
      top.sort((a, b) => scores[b]! - scores[a]! || a - b);
      if (top.length > k) top.pop();
    }
  }
  const total = top.reduce((sum, d) => sum + scores[d]!, 0);
  if (total <= 0) return { terms: [], weights: [] };
  const asked = new Set(queryTerms);
  const vote = new Map<number, number>();
  const { start, terms, x } = fields.forward;
  for (const d of top) {
    const share = scores[d]! / total;
    for (let i = start[d]!; i < start[d + 1]!; i++) {
      const t = terms[i]!;
      if (asked.has(t) || docFrequencyBelowTwo(fields, t)) continue;
      vote.set(t, (vote.get(t) ?? 0) + share * saturate(fields.idf[t]!, x[i]!));
    }
  }
  const ranked = [...vote].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, tuning.feedbackTerms);
  const best = ranked[0]?.[1] ?? 0;
  if (best <= 0) return { terms: [], weights: [] };
  return { terms: ranked.map(([t]) => t), weights: ranked.map(([, v]) => (tuning.feedbackWeight * v) / best) };
}

/** idf of a term in one document of n: log((n - 0.5) / 1.5 + 1); anything at or above it is df < 2. */
function docFrequencyBelowTwo(fields: FieldIndex, t: number): boolean {
  return fields.idf[t]! >= Math.log((fields.n - 1 + 0.5) / 1.5 + 1) - 1e-9;
}
