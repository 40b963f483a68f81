// The PR digest's JSON is data for programs: every packed entry carries the code it shows, the counts
// agree with the markdown document inside `content`, and symbols never measured are a count, not a
// list of zero-token entries.
import { afterAll, expect, test } from 'vitest';
import { withPackDefaults } from '../../src/pipeline/packRepository.js';
import { preparePrPacks } from '../../src/pr/digest.js';
import { samplePrRepository } from '../cli/cliHarness.js';
import { removeTempDirs } from '../support/testRepo.js';

afterAll(removeTempDirs);

interface PrJson {
  packed: { id: string; mode: string; format?: string; code: string; change?: string }[];
  skipped: { id: string; tokens: number; reason: string; atLeast?: boolean }[];
  skippedTotal: number;
  notVisitedTotal?: number;
  notVisitedFirst?: string[];
  insidePackedTotal?: number;
  content: string;
}

async function prJson(budget: number): Promise<PrJson> {
  const run = await preparePrPacks({ repoDir: samplePrRepository(), base: 'HEAD~1', head: 'HEAD', fullIndex: true }, [withPackDefaults({ budget, format: 'json' })]);
  return JSON.parse(run.results[0]!.content) as PrJson;
}

test('each packed entry carries the code the document shows, diffs flagged as such', async () => {
  const data = await prJson(3000);
  expect(data.packed.length).toBeGreaterThan(3);
  for (const entry of data.packed) {
    expect(entry.code.length, entry.id).toBeGreaterThan(0);
    // The markdown document holds the same lines in its fenced block, fenced as a diff when flagged so.
    const block = entry.code.endsWith('\n') ? entry.code : `${entry.code}\n`;
    expect(data.content, entry.id).toContain(`\`\`\`${entry.format === 'diff' ? 'diff' : 'python'}\n${block}`);
  }
  const quote = data.packed.find((p) => p.id === 'shop.pricing.quote')!;
  expect(quote.format).toBe('diff');
  expect(quote.code).toContain('+    discounted -= loyalty_discount(discounted, cart.customer_id)');
});

test('the counts are the markdown footer\'s, and never-measured symbols are counted, not listed', async () => {
  const data = await prJson(700);
  const footer = /Token usage: \d+ \/ \d+ \(\d+ packed, (\d+) skipped(?:, (\d+) already inside packed symbols)?\)/.exec(data.content);
  expect(footer, data.content.slice(-300)).not.toBeNull();
  expect(data.skippedTotal).toBe(Number(footer![1]));
  expect(data.insidePackedTotal ?? 0).toBe(Number(footer![2] ?? 0));
  expect(data.notVisitedTotal ?? 0).toBeGreaterThan(0);
  expect(data.skippedTotal).toBe(data.skipped.length + (data.notVisitedTotal ?? 0));
  // The nearest never-measured ones are named, at most 20.
  expect(data.notVisitedFirst?.length).toBe(Math.min(20, data.notVisitedTotal ?? 0));
  for (const id of data.notVisitedFirst ?? []) expect(data.skipped.map((s) => s.id)).not.toContain(id);
  for (const skip of data.skipped) {
    expect(skip.reason, skip.id).not.toMatch(/^(not considered|contained in)/);
    // A lower bound is flagged: its figure is not the symbol's size.
    expect(skip.atLeast === true, skip.id).toBe(/needs more than/.test(skip.reason));
  }
});
