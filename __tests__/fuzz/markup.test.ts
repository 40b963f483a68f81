// The seeded short run of the markup fuzz target (scripts/fuzz/markupTarget.ts) in every `npm test`:
// hostile PR text through the renderers, a real PR digest, the comment and the job summary, rendered
// by cmark-gfm. `npm run fuzz -- --target markup` runs the same target for as many cases as asked.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkMarkupCase, markupCaseArbitrary } from '../../scripts/fuzz/markupTarget.js';

const RUNS = Number(process.env.REPODIGEST_MARKUP_FUZZ_RUNS ?? 150);

describe('fuzz: hostile PR text in the comment and the job summary', () => {
  it(`renders no link, image, foreign element, mention or reference, and keeps code spans whole, on ${RUNS} seeded cases`, { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(markupCaseArbitrary(), async (c) => {
        await checkMarkupCase(c);
      }),
      { numRuns: RUNS, seed: 20261202, endOnFailure: true },
    );
  });
});
