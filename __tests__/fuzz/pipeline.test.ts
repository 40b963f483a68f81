// The seeded short fuzz run (issue 9) in every `npm test`: mutated real Python through decode ->
// extract -> graph -> pack -> render, invariants in scripts/fuzz/target.ts. `npm run fuzz` runs the
// same target for 100,000 cases.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { checkCase, fuzzCaseArbitrary, loadCorpus } from '../../scripts/fuzz/target.js';
import { loadPythonParser } from '../../src/python/treeSitter.js';

const RUNS = Number(process.env.REPODIGEST_FUZZ_RUNS ?? 2000);

describe('fuzz: hostile Python through the whole pack path', () => {
  it(`holds every invariant on ${RUNS} seeded cases`, { timeout: 600_000 }, async () => {
    const corpus = loadCorpus(process.cwd());
    const parser = await loadPythonParser();
    fc.assert(
      fc.property(fuzzCaseArbitrary(corpus.length), (c) => {
        checkCase(parser, corpus, c, { perFileMs: 20_000, perCaseMs: 60_000 });
      }),
      { numRuns: RUNS, seed: 20261130 },
    );
  });
});
