import type { RepoIndex } from '../../model.js';
import { type PackResult } from '../../pack/packer.js';
import { type PackSettings } from '../../pipeline/packRepository.js';
import type { Target } from '../../pipeline/resolveTarget.js';
/** Lines for stderr that say what the budget left out, so a short pack is never silent. */
export declare function packWarnings(result: PackResult): string[];
export declare function runPackCommand(index: RepoIndex, target: Target, settings: PackSettings): {
    text: string;
    warnings: string[];
};
