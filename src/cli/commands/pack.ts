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
  const notConsidered = result.skipped.filter((s) => s.considered === false).length;
  const details = [
    ...(notConsidered > 0 ? [`${notConsidered} of them never considered: the scan had stopped`] : []),
    ...(result.insidePacked > 0 ? [`${result.insidePacked} more already inside packed symbols`] : []),
  ];
  const detail = details.length > 0 ? ` (${details.join('; ')})` : '';
  warnings.push(`packed ${plural(result.packed.length, 'symbol')}, skipped ${result.skipped.length - result.insidePacked}${detail}, ${result.totalTokens}/${result.budget} tokens (${result.encoding})`);
  return warnings;
}

export function runPackCommand(index: RepoIndex, target: Target, settings: PackSettings): { text: string; warnings: string[] } {
  const result = packRepository(index, target, settings);
  return { text: result.content, warnings: packWarnings(result) };
}
