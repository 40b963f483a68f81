// Which skips the document names, and the final check that makes the rendered document fit.
//
// - After the roots' lines (paid for during the scan), the other skips are listed while their lines
//   fit in what is left; the rest are counted on one "… and N more" line.
// - The estimate is then verified: the whole document is rendered and counted, the footer's figure
//   settled to an exact fixed point (settle.ts). While it is over the budget: fold listed skips into
//   "… and N more", then drop the last-packed non-root items, then fold roots' lines (always keeping
//   the first; never with `changedFirst`, whose roots are named on one line), then drop packed roots.
//   A dropped root becomes a root skip, named if its line fits. When even a document with no code
//   that names one skipped root does not fit, the budget is too small (BudgetTooSmallError, which
//   lets a PR digest shorten its sections first). So a single entry root is always in the document:
//   packed, or in the skip list.
// - Once it fits, the tokens it leaves are spent naming folded skips (listMore, each try rendered and
//   counted), so a Skipped section never reads only "… and N more" when a name fits.
import { RepoDigestError } from '../shared/errors.js';
import { plural } from '../shared/plural.js';
import type { DigestSkip } from './document.js';
import { documentFor, lastIndexWhere, listedSkips, otherSkips, type PackRun, rootSkips } from './packRun.js';
import { type Settled, settleUsage } from './settle.js';

/** About what a "… and N more" line costs (markdown: 9 tokens, o200k): bounds when listMore tries naming all. */
const FOLD_LINE_ALLOWANCE = 12;

/** Even the document with no code (title, preamble, footer, and the lines naming roots left out) exceeds the budget. */
export class BudgetTooSmallError extends RepoDigestError {
  constructor(budget: number, needed: number | undefined, skippedRoot?: string) {
    const what = skippedRoot === undefined ? 'an empty digest' : `a digest with no code that only names the skipped root ${skippedRoot}`;
    super(`Budget ${budget} is too small: even ${what} needs ${needed === undefined ? 'more tokens' : plural(needed, 'token')}`, 'raise the budget: --budget in the CLI, budget in the API and the action');
    this.name = 'BudgetTooSmallError';
  }
}

/** How many of the other skips (not roots') get a line in the estimate: as many, in order, as fit in what is left. */
export function listSkipsThatFit(run: PackRun): number {
  let listed = 0;
  for (const skip of otherSkips(run)) {
    const cost = skipLineCost(run, skip);
    if (cost > run.remaining) break;
    run.remaining -= cost;
    listed++;
  }
  return listed;
}

/** The rendered document within the budget, folding and dropping as the top of this file says; `listed`: other skips named at first. */
export function fitDocument(run: PackRun, listed: number): Settled {
  const { state, budget } = run;
  let rootLines = Number.POSITIVE_INFINITY;
  for (;;) {
    const render = (others: number) => settleUsage((used) => run.renderer.render(documentFor(run, listedSkips(run, rootLines, others), used)), run.counter, budget);
    const settled = render(listed);
    if (settled && settled.used <= budget) return listMore(settled, listed, otherSkips(run), render, (skip) => skipLineCost(run, skip), budget);
    let over = settled ? settled.used - budget : 1;
    if (listed > 0) {
      const others = otherSkips(run);
      do {
        listed--;
        over -= skipLineCost(run, others[listed]!);
      } while (listed > 0 && over > 0);
      continue;
    }
    const dropIndex = lastIndexWhere(state.items, (it) => it.direction !== 'root');
    if (dropIndex >= 0) {
      state.drop(dropIndex);
      continue;
    }
    const named = rootSkips(run);
    const shown = Math.min(rootLines, named.length);
    if (shown > 1 && !run.input.changedFirst) {
      // As for the other skips: fold as many lines as the excess needs at once (a PR has hundreds of roots).
      let keep = shown;
      do {
        keep--;
        over -= skipLineCost(run, named[keep]!);
      } while (keep > 1 && over > 0);
      rootLines = keep;
      continue;
    }
    if (state.items.length === 0) throw new BudgetTooSmallError(budget, settled?.used, named[0]?.id);
    state.drop(state.items.length - 1);
  }
}

function skipLineCost(run: PackRun, skip: DigestSkip): number {
  return run.counter.count(run.renderer.skipText(skip));
}

/**
 * The document fits: name more of the unlisted skips in the tokens it leaves unused (the final check
 * folded them, or dropped an item and freed more than the estimate was short). Each try is verified
 * by rendering; a try that does not fit folds lines back as the final check does.
 */
function listMore(
  fits: Settled,
  listed: number,
  others: readonly DigestSkip[],
  render: (others: number) => Settled | undefined,
  lineCost: (skip: DigestSkip) => number,
  budget: number,
): Settled {
  let spare = budget - fits.used;
  let more = listed;
  while (more < others.length) {
    const cost = lineCost(others[more]!);
    if (cost > spare) break;
    spare -= cost;
    more++;
  }
  // Naming the last unlisted skips also removes the "… and N more" line: worth one verified try.
  if (more < others.length) {
    // Summed only up to the allowance: a large repository has thousands of unlisted skips.
    let rest = 0;
    for (let i = more; i < others.length && rest <= spare + FOLD_LINE_ALLOWANCE; i++) rest += lineCost(others[i]!);
    if (rest <= spare + FOLD_LINE_ALLOWANCE) {
      const all = render(others.length);
      if (all && all.used <= budget) return all;
    }
  }
  while (more > listed) {
    const tried = render(more);
    if (tried && tried.used <= budget) return tried;
    let over = tried ? tried.used - budget : 1;
    do {
      more--;
      over -= lineCost(others[more]!);
    } while (more > listed && over > 0);
  }
  return fits;
}
