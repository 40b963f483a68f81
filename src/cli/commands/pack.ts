// `repodigest pack`: validated flags -> packRepository -> the rendered document.

import type { RepoIndex } from '../../model.js';
import { type PackResult, rootsInDocument } from '../../pack/packer.js';
import { type PackSettings, packRepository } from '../../pipeline/packRepository.js';
import type { Target } from '../../pipeline/resolveTarget.js';
import { plural } from '../../shared/plural.js';

/** Lines for stderr that say what the budget left out, so a short pack is never silent. */
export function packWarnings(result: PackResult): string[] {
  const warnings: string[] = [];
  // A root inside another packed root (a changed method of a changed class) is shown, not missing.
  const rootsPacked = rootsInDocument(result);
  if (rootsPacked < result.roots.length) {
    warnings.push(`warning: ${result.roots.length - rootsPacked} of ${plural(result.roots.length, 'root symbol')} did not fit in the budget of ${result.budget} tokens (see the skipped list)`);
  }
  // Worded as what the budget bought, not as failures: on a large tree most neighbours are never
  // reached once the budget is spent, which is the packer working, not losing code.
  const notReached = result.skipped.filter((s) => s.considered === false).length;
  const left = result.skipped.length - result.insidePacked - notReached;
  const details = [
    ...(left > 0 ? [`${left} did not fit`] : []),
    ...(notReached > 0 ? [`${notReached} further neighbours not visited once the budget was spent`] : []),
    ...(result.insidePacked > 0 ? [`${result.insidePacked} already inside packed symbols`] : []),
  ];
  const detail = details.length > 0 ? `; ${details.join('; ')}` : '';
  warnings.push(`packed ${plural(result.packed.length, 'symbol')} in ${result.totalTokens}/${result.budget} tokens (${result.encoding})${detail}`);
  return warnings;
}

export function runPackCommand(index: RepoIndex, target: Target, settings: PackSettings): { text: string; warnings: string[] } {
  const result = packRepository(index, target, settings);
  return { text: result.content, warnings: packWarnings(result) };
}
