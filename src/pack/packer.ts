// Packs the code around some roots into a document that never exceeds a token budget.
//
// Decisions (each rule's full text sits in the module that implements it):
// - Candidates come in expansion order: roots, then alternating callee and caller hops, resolved
//   edges first (expansion.ts).
// - Skip, never truncate: a candidate that does not fit is skipped with its reason and the scan goes
//   on; no text is packed twice; the scan stops on an empty budget or after `maxCandidates`, and what
//   it did not reach is still counted as skipped (fitCandidates.ts).
// - A PR's roots take the best view that leaves the other roots room for their smallest views that
//   show the change, so more budget never shows fewer changed symbols as code (rootViews.ts).
// - A class reached as a callee and constructed by code in the document is shown as its construction
//   view unless its full code is small (constructionChoice.ts).
// - The budget bounds the rendered document in any format, frame and skip list included; while packing,
//   a candidate costs the text it adds (packRun.ts, packItem.ts).
// - The estimate is verified on the rendered document: skip lines are folded, then neighbours dropped,
//   then roots; spare tokens name more skips; a budget that cannot hold even a document naming one
//   skipped root is an error (finalCheck.ts).
// - A root that is not packed is always named: packed, or in the skip list.

import { RepoDigestError } from '../shared/errors.js';
import { fitDocument, listSkipsThatFit } from './finalCheck.js';
import { fitCandidates } from './fitCandidates.js';
import { startRun } from './packRun.js';
import type { PackInput, PackResult } from './packTypes.js';

export { BudgetTooSmallError } from './finalCheck.js';
export { NOT_CONSIDERED_BUDGET, NOT_CONSIDERED_CHANGED_FIRST, notConsideredLimit } from './fitCandidates.js';
export type { PackedSymbol, PackInput, PackResult, Preamble, PreambleData, RootView, SkippedSymbol } from './packTypes.js';

/** How many roots have their code in the document: packed, or inside a packed symbol (a method of a packed class). */
export function rootsInDocument(result: Pick<PackResult, 'roots' | 'packed' | 'skipped'>): number {
  const roots = new Set(result.roots);
  return result.packed.filter((p) => p.direction === 'root').length + result.skipped.filter((s) => s.within !== undefined && roots.has(s.id)).length;
}

function validate(input: PackInput): void {
  if (!Number.isInteger(input.budget) || input.budget <= 0) {
    const shown = typeof input.budget === 'string' ? `'${input.budget}' (a string)` : String(input.budget);
    throw new RepoDigestError(`Invalid budget ${shown}: expected a positive integer number of tokens`, 'give a budget such as 4000');
  }
  for (const id of input.roots) {
    if (!input.symbols.has(id)) throw new RepoDigestError(`Unknown root symbol '${id}'`, 'pass an id listed by `repodigest graph <path>`');
  }
}

export function packContext(input: PackInput): PackResult {
  validate(input);
  const run = startRun(input);
  fitCandidates(run);
  const settled = fitDocument(run, listSkipsThatFit(run));
  const { state, counter } = run;
  return {
    budget: run.budget,
    totalTokens: settled.used,
    encoding: counter.encoding,
    roots: [...run.roots],
    packed: state.items.map(({ text, ...meta }) => ({ ...meta, code: text })),
    skipped: [...state.skips],
    insidePacked: state.insidePackedCount(),
    content: settled.text,
  };
}
