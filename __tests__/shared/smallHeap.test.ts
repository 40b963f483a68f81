// The process entries' V8 memory policies (src/shared/smallHeap.ts): with them, the old generation is
// collected when it grows half again past what survived while it is small (fewer full collections
// than growing 10% at a time, which it does once large), more often than V8's default growth; and the
// nursery is held small while the old generation is, as long as the heap guard is consulted. Measured
// in child processes: V8 flags are process-wide and must not touch the test runner's own heap.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createHeapPolicies, GROWTH_ONCE_LARGE, GROWTH_SWITCH, GROWTH_WHILE_SMALL, growthPercent, NURSERY_FLOOR, NURSERY_RELEASE, nurseryPolicy } from '../../src/shared/smallHeap.js';

const moduleUrl = new URL('../../src/shared/smallHeap.ts', import.meta.url).href;
const guardUrl = new URL('../../src/shared/heapGuard.ts', import.meta.url).href;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The nursery's size (bytes of both semi-spaces) after a scan-like loop: `files` x 200 records kept
 * alive (2,000 files: ~35 MB of old space, 10,000: ~146 MB) and ten times as much garbage, the heap
 * guard checked once per "file" as the scans do.
 */
function nurseryAfterScan(withPolicy: boolean, files = 2000): { nursery: number; old: number } {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    ${withPolicy ? `const { preferSmallHeap } = await import(${JSON.stringify(moduleUrl)}); preferSmallHeap();` : ''}
    const { createHeapGuard } = await import(${JSON.stringify(guardUrl)});
    const guard = createHeapGuard();
    const kept = [];
    for (let file = 0; file < ${files}; file++) {
      const garbage = [];
      for (let i = 0; i < 2000; i++) garbage.push({ i, name: 'n' + i });
      for (let i = 0; i < 200; i++) kept.push({ file, i, name: 'k' + i });
      guard.check(file, ${files}, 'files parsed');
    }
    const space = (name) => getHeapSpaceStatistics().find((s) => s.space_name === name).space_size;
    process.stdout.write(JSON.stringify({ nursery: space('new_space'), old: space('old_space'), kept: kept.length }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' })) as { nursery: number; old: number };
}

/**
 * Full (mark-compact) collections during a scan-like loop that keeps 6,000 x 500 small records alive
 * (about 120 MB) and makes ten times as much garbage: with V8's own growth, the policies, or the old
 * generation growing 10% at a time throughout.
 */
function majorCollections(growth: 'v8' | 'policies' | 'tenPercent'): number {
  const script = `
    import { PerformanceObserver, constants } from 'node:perf_hooks';
    import { setFlagsFromString } from 'node:v8';
    ${growth === 'policies' ? `const { preferSmallHeap } = await import(${JSON.stringify(moduleUrl)}); preferSmallHeap();` : ''}
    ${growth === 'tenPercent' ? `setFlagsFromString('--heap-growing-percent=10');` : ''}
    let major = 0;
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++; });
    observer.observe({ entryTypes: ['gc'] });
    const kept = [];
    for (let file = 0; file < 6000; file++) {
      const records = [];
      for (let i = 0; i < 500; i++) records.push({ file, i, name: 'k' + i });
      kept.push(records);
      let garbage = [];
      for (let i = 0; i < 5000; i++) {
        garbage.push({ i, name: 'g' + i });
        if (garbage.length > 1000) garbage = [];
      }
      if (file % 50 === 0) await null;
    }
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    process.stdout.write(String(major));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8' });
  return Number(out);
}

describe('preferSmallHeap', () => {
  it('makes V8 collect a small old generation more often than its own growth does, and less often than growing 10% at a time', () => {
    const own = majorCollections('v8');
    const policies = majorCollections('policies');
    const tenPercent = majorCollections('tenPercent');
    expect(policies).toBeGreaterThan(own);
    expect(policies).toBeLessThan(tenPercent);
  }, 60_000);
});

describe('the old generation\'s growth', () => {
  it('is half again while small, 10% from the switch size on, and 10% where V8 does not report the space', () => {
    expect(growthPercent(10 * 2 ** 20)).toBe(GROWTH_WHILE_SMALL);
    expect(growthPercent(GROWTH_SWITCH - 1)).toBe(GROWTH_WHILE_SMALL);
    expect(growthPercent(GROWTH_SWITCH)).toBe(GROWTH_ONCE_LARGE);
    expect(growthPercent(0)).toBe(GROWTH_ONCE_LARGE);
  });

  it('is set at start-up, lowered once when the old generation passes the switch, and kept low after', () => {
    const flags: string[] = [];
    let old = 0;
    const policies = createHeapPolicies({ setFlags: (f) => void flags.push(f), spaces: () => ({ nursery: 2 * NURSERY_FLOOR, old }) });
    policies.follow();
    expect(flags).toEqual([]); // nothing before start-up's call
    policies.prefer();
    expect(flags.filter((f) => f.startsWith('--heap-growing-percent'))).toEqual([`--heap-growing-percent=${GROWTH_WHILE_SMALL}`]);
    for (old of [NURSERY_RELEASE, GROWTH_SWITCH - 1, GROWTH_SWITCH, GROWTH_SWITCH * 2, GROWTH_SWITCH / 2]) policies.follow();
    expect(flags.filter((f) => f.startsWith('--heap-growing-percent'))).toEqual([`--heap-growing-percent=${GROWTH_WHILE_SMALL}`, `--heap-growing-percent=${GROWTH_ONCE_LARGE}`]);
    // The nursery's own policy ran beside it: held at start-up, V8's once the old generation was large.
    expect(flags.filter((f) => f.startsWith('--semi-space'))).toEqual(['--semi-space-growth-factor=1', '--semi-space-growth-factor=2']);
  });
});

describe('the young generation under preferSmallHeap', () => {
  it('stays at its floor while the old generation is small and the heap guard is consulted', () => {
    const free = nurseryAfterScan(false);
    const held = nurseryAfterScan(true);
    expect(held.old).toBeLessThan(NURSERY_RELEASE);
    // V8 alone doubles it to its maximum (Node 20: 32 MB; Node 24: more).
    expect(free.nursery).toBeGreaterThanOrEqual(4 * NURSERY_FLOOR);
    // Held: at most one doubling past the floor (V8 may grow it twice between two checks).
    expect(held.nursery).toBeLessThanOrEqual(2 * NURSERY_FLOOR);
  }, 60_000);

  it('is V8\'s own again once the old generation passes the release size', () => {
    const large = nurseryAfterScan(true, 10_000);
    expect(large.old).toBeGreaterThanOrEqual(NURSERY_RELEASE);
    expect(large.nursery).toBeGreaterThanOrEqual(4 * NURSERY_FLOOR);
  }, 60_000);

  it('grows to its floor, holds there, and is V8\'s again for good once the old generation is large', () => {
    expect(nurseryPolicy(NURSERY_FLOOR / 2, 10 * 2 ** 20)).toBe('grow');
    expect(nurseryPolicy(NURSERY_FLOOR, 10 * 2 ** 20)).toBe('hold');
    expect(nurseryPolicy(NURSERY_FLOOR, NURSERY_RELEASE)).toBe('release');
    // A V8 that names its spaces otherwise keeps its own policy.
    expect(nurseryPolicy(0, 10 * 2 ** 20)).toBe('release');
    expect(nurseryPolicy(NURSERY_FLOOR, 0)).toBe('release');
  });
});
