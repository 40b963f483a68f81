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

test('JSON: a never-considered skip missing is the lower bound; a considered one changed is a difference', async () => {
  const run = await preparePrPacks({ repoDir: samplePrRepository(), base: 'HEAD~1', head: 'HEAD', fullIndex: true }, [withPackDefaults({ budget: 700, format: 'json' })]);
  const full = run.results[0]!.content;
  const data = JSON.parse(full) as { skipped: { id: string; reason: string }[]; skippedTotal: number };
  const stop = data.skipped.findIndex((s) => s.reason.startsWith('not considered'));
  expect(stop, 'the scan must stop for this test to mean anything').toBeGreaterThanOrEqual(0);
  const fewer = { ...data, skipped: data.skipped.filter((_, i) => i !== data.skipped.length - 1 || i < stop), skippedTotal: data.skippedTotal - 1 };
  expect(fewer.skipped.length).toBe(data.skipped.length - 1);
  expect(compareDigests(full, `${JSON.stringify(fewer, null, 2)}\n`, 'json').verdict).toBe('lower-bound');
  const considered = data.skipped.findIndex((s, i) => i < stop || !s.reason.startsWith('not considered'));
  expect(considered).toBeGreaterThanOrEqual(0);
  const changed = { ...data, skipped: data.skipped.map((s, i) => (i === considered ? { ...s, id: `${s.id}_other` } : s)) };
  expect(compareDigests(full, `${JSON.stringify(changed, null, 2)}\n`, 'json').verdict).toBe('different');
});
