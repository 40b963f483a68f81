import { expect, test } from 'vitest';
import { DEFAULT_PACK_SETTINGS, indexRepository, packPr, packRepository, prDigest, preparePr, searchRepository } from '../../src/index.js';
import { samplePrRepository, sampleRepo } from './cliHarness.js';

test('the package API indexes once and packs many times', async () => {
  const index = await indexRepository(sampleRepo);
  expect(index.files.map((f) => f.path)).toContain('shop/checkout.py');
  const bySymbol = packRepository(index, { entry: 'shop.checkout.checkout' }, { ...DEFAULT_PACK_SETTINGS, budget: 1500 });
  const byQuery = packRepository(index, { query: 'value-added tax' }, { ...DEFAULT_PACK_SETTINGS, budget: 800, format: 'xml' });
  expect(bySymbol.roots).toEqual(['shop.checkout.checkout']);
  expect(bySymbol.totalTokens).toBeLessThanOrEqual(1500);
  expect(byQuery.roots).toEqual(['shop.pricing.compute_tax']);
  expect(byQuery.content.startsWith('<')).toBe(true);
  expect(searchRepository(index, 'discount code', 2).map((h) => h.id)).toContain('shop.pricing.apply_discount');
  // Packing again gives the same bytes: nothing in the index is mutated by a pack.
  expect(packRepository(index, { entry: 'shop.checkout.checkout' }, { ...DEFAULT_PACK_SETTINGS, budget: 1500 }).content).toBe(bySymbol.content);
});

test('PR digest settings are partial too: what is not given comes from DEFAULT_PACK_SETTINGS', async () => {
  const repoDir = samplePrRepository();
  const partial = await prDigest({ repoDir, base: 'HEAD~1', head: 'HEAD', fullIndex: true, pack: { budget: 3000 } });
  const whole = await prDigest({ repoDir, base: 'HEAD~1', head: 'HEAD', fullIndex: true, pack: { ...DEFAULT_PACK_SETTINGS, budget: 3000 } });
  expect(partial.result.content).toBe(whole.result.content);
  const prepared = await preparePr({ repoDir, base: 'HEAD~1', head: 'HEAD', fullIndex: true });
  expect(packPr(prepared, { budget: 3000, format: 'xml' }).content).toBe(packPr(prepared, { ...DEFAULT_PACK_SETTINGS, budget: 3000, format: 'xml' }).content);
}, 60_000);
