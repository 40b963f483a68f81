import { RepoDigestError } from '../shared/errors.js';
import { type PackRun } from './packRun.js';
import { type Settled } from './settle.js';
/** Even the document with no code (title, preamble, footer, and the lines naming roots left out) exceeds the budget. */
export declare class BudgetTooSmallError extends RepoDigestError {
    constructor(budget: number, needed: number | undefined, skippedRoot?: string);
}
/** How many of the other skips (not roots') get a line in the estimate: as many, in order, as fit in what is left. */
export declare function listSkipsThatFit(run: PackRun): number;
/** The rendered document within the budget, folding and dropping as the top of this file says; `listed`: other skips named at first. */
export declare function fitDocument(run: PackRun, listed: number): Settled;
