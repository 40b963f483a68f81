// The process entries' V8 growth policy (src/shared/smallHeap.ts): with it, the old generation is
// collected as soon as it grows 10% past what survived, so a run that builds up a large live set
// does many more full collections (and peaks lower) than with V8's default growth. Measured in a
// child process: V8 flags are process-wide and must not touch the test runner's own heap.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('../../src/shared/smallHeap.ts', import.meta.url).href;

/** Full (mark-compact) collections while 80 MB of small arrays are kept alive, with or without the policy. */
function majorCollections(withPolicy: boolean): number {
  const script = `
    import { PerformanceObserver, constants } from 'node:perf_hooks';
    ${withPolicy ? `const { preferSmallHeap } = await import(${JSON.stringify(moduleUrl)}); preferSmallHeap();` : ''}
    let major = 0;
    const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++; });
    observer.observe({ entryTypes: ['gc'] });
    const kept = [];
    for (let i = 0; i < 1_000_000; i++) kept.push([i, String(i), { i }]);
    await new Promise((r) => setTimeout(r, 50));
    observer.disconnect();
    process.stdout.write(String(major));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' });
  return Number(out);
}

describe('preferSmallHeap', () => {
  it('makes V8 collect the old generation more often as the live set grows', () => {
    const without = majorCollections(false);
    const withPolicy = majorCollections(true);
    expect(withPolicy).toBeGreaterThan(without);
  }, 60_000);
});
