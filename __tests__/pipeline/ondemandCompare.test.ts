// scripts/eval/ondemandCompare.ts: the on-demand digest may differ from the full index's only in the symbols
// never considered (walked after the packer stopped). A real JSON PR digest, packed small enough that the
// scan stops, is compared with itself minus one never-considered entry (what on demand can miss: the
// pytest replay c0ab40c93b) and with one considered entry changed (a real difference).
import { afterAll, expect, test } from 'vitest';
import { compareDigests } from '../../scripts/eval/ondemandCompare.js';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { samplePrRepository } from '../cli/cliHarness.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

test('JSON: one never-considered symbol fewer is the lower bound; a measured skip changed is a difference', async () => {
  const run = await preparePrPacks({ repoDir: samplePrRepository(), base: 'HEAD~1', head: 'HEAD', fullIndex: true }, [withPackDefaults({ budget: 700, format: 'json' })]);
  const full = run.results[0]!.content;
  const data = JSON.parse(full) as { skipped: { id: string; reason: string }[]; skippedTotal: number; notVisitedTotal?: number };
  expect(data.notVisitedTotal ?? 0, 'the scan must stop for this test to mean anything').toBeGreaterThan(0);
  expect(data.skipped.some((s) => s.reason.startsWith('not considered')), 'never-considered symbols are counted, not listed').toBe(false);
  const fewer = { ...data, skippedTotal: data.skippedTotal - 1, notVisitedTotal: (data.notVisitedTotal ?? 0) - 1 };
  expect(compareDigests(full, `${JSON.stringify(fewer, null, 2)}\n`, 'json').verdict).toBe('lower-bound');
  expect(data.skipped.length).toBeGreaterThan(0);
  const changed = { ...data, skipped: data.skipped.map((s, i) => (i === 0 ? { ...s, id: `${s.id}_other` } : s)) };
  expect(compareDigests(full, `${JSON.stringify(changed, null, 2)}\n`, 'json').verdict).toBe('different');
});
