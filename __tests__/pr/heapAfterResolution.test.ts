// A heap that fills in the steps without a per-file loop (the resolver's steps after its pass over the
// files, the review steps): the run stops with the guard's one line (src/shared/heapGuard.ts checkStep),
// not V8's abort. Real git, real Python, the real tree-sitter and resolver; only the heap reading, the
// guard's boundary with V8, is given: it reads a quarter full, then nine tenths full from a given point.
import { afterAll, describe, expect, it } from 'vitest';
import { prDigest } from '../../src/pr/digest.js';
import { RepoDigestError } from '../../src/shared/errors.js';
import { createHeapGuard, type HeapGuard, type HeapReading } from '../../src/shared/heapGuard.js';
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

function shopRepo(): string {
  const repo = makeRepo();
  repo.write({ 'shop/__init__.py': '', 'shop/cart.py': CART, 'shop/pricing.py': PRICING_BASE });
  repo.commit('base');
  repo.write({ 'shop/pricing.py': PRICING_HEAD });
  repo.commit('head');
  return repo.dir;
}

/** A guard over a heap that reads nine tenths full once `full()` says so. */
function guardFilling(full: () => boolean): HeapGuard {
  const limit = 1000 * MB;
  const read = (): HeapReading => ({ used: full() ? 0.9 * limit : 0.25 * limit, limit });
  return createHeapGuard({ read, collect: () => undefined, machineMemory: () => 4000 * MB });
}

describe('a heap that fills after resolution', () => {
  it('stops the PR digest with one line naming the review steps done', async () => {
    // Full once the resolver's last step is judged: the first check after it is the review's.
    let resolved = false;
    const inner = guardFilling(() => resolved);
    const heapGuard: HeapGuard = {
      check: (done, total, what) => inner.check(done, total, what),
      checkStep: (done, total, what) => {
        inner.checkStep(done, total, what);
        if (what === 'resolution steps done' && done === total - 1) resolved = true;
      },
    };
    const run = prDigest({ repoDir: shopRepo(), base: 'HEAD~1', head: 'HEAD', fullIndex: true, index: { heapGuard }, pack: { budget: 4000 } });
    await expect(run).rejects.toThrow(RepoDigestError);
    await expect(run).rejects.toThrow(/^out of memory: the JavaScript heap holds 900 MB of its 1,000 MB limit with 0 of 4 review steps done \(remedies: /);
  }, 60_000);

  it('stops it in the resolver\'s steps after its pass over the files, before the review', async () => {
    // Full while the last file's sites are resolved (onResolve tells of it before), past every per-file check.
    let lastFile = false;
    const heapGuard = guardFilling(() => lastFile);
    const run = prDigest({
      repoDir: shopRepo(),
      base: 'HEAD~1',
      head: 'HEAD',
      fullIndex: true,
      index: { heapGuard, onResolve: (done, total) => (lastFile = done === total) },
      pack: { budget: 4000 },
    });
    await expect(run).rejects.toThrow(RepoDigestError);
    await expect(run).rejects.toThrow(/^out of memory: the JavaScript heap holds 900 MB of its 1,000 MB limit with 0 of 4 resolution steps done \(remedies: /);
  }, 60_000);
});
