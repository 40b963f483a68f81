// A heap that fills after resolution, in the review steps that have no per-file loop: the run stops with
// the guard's one line (src/shared/heapGuard.ts checkStep), not V8's abort. Real git, real Python, the
// real tree-sitter and resolver; only the heap reading, the guard's boundary with V8, is given: it reads
// a quarter full until the last file is resolved, nine tenths full after.
import { afterAll, describe, expect, it } from 'vitest';
import { prDigest } from '../../src/pr/digest.js';
import { RepoDigestError } from '../../src/shared/errors.js';
import { createHeapGuard, type HeapReading } from '../../src/shared/heapGuard.js';
import { makeRepo, removeTempDirs } from '../support/testRepo.js';

const MB = 2 ** 20;

const PRICING_BASE = `def quote(total):
    return round(total, 2)
`;

const PRICING_HEAD = `def quote(total, rate=1.0):
    return round(total * rate, 2)
`;

const CART = `from shop.pricing import quote


def checkout(items):
    return quote(sum(items))
`;

afterAll(() => removeTempDirs());

describe('a heap that fills after resolution', () => {
  it('stops the PR digest with one line naming the review steps done', async () => {
    const repo = makeRepo();
    repo.write({ 'shop/__init__.py': '', 'shop/cart.py': CART, 'shop/pricing.py': PRICING_BASE });
    repo.commit('base');
    repo.write({ 'shop/pricing.py': PRICING_HEAD });
    repo.commit('head');
    let resolved = false;
    const limit = 1000 * MB;
    const read = (): HeapReading => ({ used: resolved ? 0.9 * limit : 0.25 * limit, limit });
    const heapGuard = createHeapGuard({ read, collect: () => undefined, machineMemory: () => 4000 * MB });
    const run = prDigest({
      repoDir: repo.dir,
      base: 'HEAD~1',
      head: 'HEAD',
      fullIndex: true,
      index: { heapGuard, onResolve: (done, total) => (resolved = done === total) },
      pack: { budget: 4000 },
    });
    await expect(run).rejects.toThrow(RepoDigestError);
    await expect(run).rejects.toThrow(/^out of memory: the JavaScript heap holds 900 MB of its 1,000 MB limit with 0 of 4 review steps done \(remedies: /);
  }, 60_000);
});
