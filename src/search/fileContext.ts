// The file a symbol lives in, as evidence: a commit or bug report usually concerns one file's worth of
// code, and its words often name that file or folder ("blueprint", "formatting", "latex").
//
// Decisions:
// - Path words: the sub-tokens of a file's folders and name (stemmed like every term). A word carried
//   by more than a third of the files (the package name) says nothing and is left out. Each question
//   word that is a path word of the symbol's file multiplies its score by (1 + pathBoost), at most twice.
// - File share: every symbol of a file that matched the question on its own gets fileShare x the best
//   score in its file, so the hits of a file many words point to rise together above lone matches.
import type { PySymbol } from '../model.js';
import type { FieldIndex } from './fieldIndex.js';
import { searchTerm, subTokens } from './tokenize.js';
import type { RetrievalTuning } from './tuning.js';

const COMMON_PATH_SHARE = 1 / 3;
const MAX_PATH_MATCHES = 2;

export interface FileContext {
  /** File number of each document. */
  readonly fileOf: Uint32Array;
  readonly fileCount: number;
  /** Per file, the index terms of its path (distinct, common ones dropped). */
  readonly pathTerms: readonly (readonly number[])[];
}

export function buildFileContext(symbols: readonly PySymbol[], fields: FieldIndex): FileContext {
  const files = [...new Set(symbols.map((s) => s.file))].sort();
  const number = new Map(files.map((f, i) => [f, i]));
  const fileOf = Uint32Array.from(symbols.map((s) => number.get(s.file)!));
  const termsOf = files.map((file) => {
    const terms = new Set<number>();
    for (const token of subTokens(file.replace(/\.py$/, ''))) {
      const t = fields.termIds.get(searchTerm(token));
      if (t !== undefined) terms.add(t);
    }
    return [...terms].sort((a, b) => a - b);
  });
  const fileDf = new Map<number, number>();
  for (const terms of termsOf) for (const t of terms) fileDf.set(t, (fileDf.get(t) ?? 0) + 1);
  const limit = Math.max(1, files.length * COMMON_PATH_SHARE);
  const pathTerms = termsOf.map((terms) => terms.filter((t) => files.length < 3 || fileDf.get(t)! <= limit));
  return { fileOf, fileCount: files.length, pathTerms };
}

/** Multiplies `scores` in place by the path factor of each document's file for the question's terms. */
export function applyPathBoost(context: FileContext, scores: Float64Array, queryTerms: readonly number[], tuning: RetrievalTuning): void {
  if (tuning.pathBoost === 0 || queryTerms.length === 0) return;
  const wanted = new Set(queryTerms);
  const factor = context.pathTerms.map((terms) => {
    const matches = Math.min(MAX_PATH_MATCHES, terms.filter((t) => wanted.has(t)).length);
    return (1 + tuning.pathBoost) ** matches;
  });
  for (let d = 0; d < scores.length; d++) if (scores[d]! > 0) scores[d]! *= factor[context.fileOf[d]!]!;
}

/** Adds fileShare x its file's best score to each document that scored on its own (new array). */
export function applyFileShare(context: FileContext, scores: Float64Array, kinds: Uint8Array, tuning: RetrievalTuning): Float64Array {
  const out = Float64Array.from(scores);
  if (tuning.fileShare === 0) return out;
  const best = new Float64Array(context.fileCount);
  for (let d = 0; d < scores.length; d++) {
    const f = context.fileOf[d]!;
    if (kinds[d] !== 2 && scores[d]! > best[f]!) best[f] = scores[d]!;
  }
  for (let d = 0; d < scores.length; d++) if (scores[d]! > 0) out[d]! += tuning.fileShare * best[context.fileOf[d]!]!;
  return out;
}
