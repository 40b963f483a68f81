// The heap guard (src/shared/heapGuard.ts): a run whose JS heap fills up stops with one line and a
// non-zero exit instead of V8's fatal dump. End to end: the real CLI (src/cli/bin.ts through tsx) in a
// child process with a 24 MB old space, over a real synthetic tree (scripts/bench/syntheticFiles.ts)
// written to a temp dir, parsed by the real tree-sitter. Without the guard V8 aborts (signal 6).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { syntheticFiles } from '../../scripts/bench/syntheticFiles.js';
import { RepoDigestError } from '../../src/shared/errors.js';
import { createHeapGuard, type HeapReading, heapRemedy, nearLimit, safeHeapMb, workerHeapMb, workerOutOfHeapError } from '../../src/shared/heapGuard.js';
import { repoRoot } from '../cli/cliHarness.js';

const MB = 2 ** 20;

describe('heap guard, end to end', () => {
  let root = '';
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'repodigest-heap-'));
    for (const file of syntheticFiles(600, 1)) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
    }
  });

  // 24 MB fills while parsing; 40 MB holds the records and fills while resolving (the resolver's per-file hook).
  it.each([24, 40])('stops `graph` over 600 files in a %i MB heap with one line naming the files and the remedies, exit 1', (mb) => {
    const run = spawnSync(process.execPath, [`--max-old-space-size=${mb}`, '--import', 'tsx', join(repoRoot, 'src/cli/bin.ts'), 'graph', root, '--format', 'json', '--quiet', '--no-cache'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(run.signal, run.stderr.slice(0, 3000)).toBeNull();
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^error: out of memory: the JavaScript heap holds \\d+ MB of its ${mb} MB limit with [\\d,]+ of 600 files (parsed|resolved) \\(remedies: .*--on-demand.*a folder.*--max-old-space-size=\\d+`));
    expect(run.stdout).toBe('');
  }, 60_000);
});

describe('createHeapGuard', () => {
  const reading = (used: number, limit = 100): HeapReading => ({ used: used * MB, limit: limit * MB });

  it('judges the heap only after a forced collection, and only every n-th call', () => {
    const heap = { now: reading(90), afterCollect: reading(50), collections: 0, reads: 0 };
    const guard = createHeapGuard({
      read: () => (heap.reads++, heap.now),
      collect: () => ((heap.collections++), (heap.now = heap.afterCollect)),
      machineMemory: () => 8192 * MB,
    }, 4);
    guard.check(1, 10, 'files parsed'); // sampled: 90% used -> collect -> 50% live: go on
    expect(heap.collections).toBe(1);
    for (let i = 2; i <= 4; i++) guard.check(i, 10, 'files parsed'); // not sampled
    expect(heap.reads).toBe(2);
    heap.now = reading(65); // past 60%: from now on every call reads the heap
    guard.check(5, 10, 'files parsed');
    expect(heap.reads).toBe(3);
    heap.now = reading(90);
    heap.afterCollect = reading(88);
    let thrown: unknown;
    try {
      guard.check(6, 10, 'files parsed');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RepoDigestError);
    expect((thrown as Error).message).toBe(
      'out of memory: the JavaScript heap holds 88 MB of its 100 MB limit with 6 of 10 files parsed (remedies: a PR digest indexed on demand, --on-demand or Action input on-demand: true; a folder of the repository instead of the whole tree; a larger heap, NODE_OPTIONS=--max-old-space-size=6144 (75% of this machine\'s 8,192 MB))',
    );
  });

  it('does not force a collection every sample while the live heap stays just under the line', () => {
    let collections = 0;
    let live = 70;
    const guard = createHeapGuard({ read: () => reading(collections > 0 ? live : 86), collect: () => void collections++, machineMemory: () => 8192 * MB }, 1);
    guard.check(1, 9, 'files parsed'); // 86 used -> collect -> 70 live: the next collection waits for 85 (70 + 30 / 2)
    live = 84;
    guard.check(2, 9, 'files parsed'); // 84 used, over nothing: no collection
    expect(collections).toBe(1);
    live = 95;
    expect(() => guard.check(3, 9, 'files parsed')).toThrow(RepoDigestError); // 95 used -> collect -> 95 live
    expect(collections).toBe(2);
  });

  it('stops before V8 does when its own collections leave 80% live and the program ran under 40% of the time', () => {
    // V8 aborts after 4 such full collections in a row ("ineffective mark-compacts near heap limit"),
    // below the guard's 85% line: a 40 MB heap whose live set crept from 81% to 83% died that way.
    const run = (gap: number) => {
      const clock = { t: 0 };
      let collected = false;
      const guard = createHeapGuard({
        read: () => reading(collected ? 82 : 91),
        collect: () => ((clock.t += 8), (collected = true)),
        machineMemory: () => 8192 * MB,
        now: () => clock.t,
      }, 1);
      let stoppedAt = 0;
      for (let i = 1; i <= 6 && stoppedAt === 0; i++) {
        clock.t += gap;
        collected = false;
        try {
          guard.check(i, 9, 'files resolved');
        } catch (error) {
          expect(error).toBeInstanceOf(RepoDigestError);
          stoppedAt = i;
        }
      }
      return stoppedAt;
    };
    // Collections 8 ms long, 10 ms apart: the program ran a fifth of the time. The first is timed
    // against nothing; the two after it, ineffective in a row, stop the run (V8 would abort at its fourth).
    expect(run(2)).toBe(3);
    // 100 ms apart: the program ran 92% of the time, V8 goes on, and so does the run.
    expect(run(92)).toBe(0);
  });

  it('checkStep reads the heap on every call, between the steps of a phase without a per-file loop', () => {
    const heap = { now: reading(30), reads: 0 };
    const guard = createHeapGuard({ read: () => (heap.reads++, heap.now), collect: () => undefined, machineMemory: () => 8192 * MB }, 64);
    guard.check(1, 10, 'files resolved'); // sampled: the first call reads
    guard.checkStep(0, 4, 'review steps done');
    guard.checkStep(1, 4, 'review steps done');
    expect(heap.reads).toBe(3);
    heap.now = reading(90);
    expect(() => guard.checkStep(2, 4, 'review steps done')).toThrow(/^out of memory: the JavaScript heap holds 90 MB of its 100 MB limit with 2 of 4 review steps done \(remedies: /);
  });

  it('a guard made for an on-demand run does not offer --on-demand', () => {
    const full = { read: () => reading(95), collect: () => undefined, machineMemory: () => 8192 * MB };
    expect(() => createHeapGuard(full, 1, true).check(3, 9, 'files parsed on demand')).toThrow(/^out of memory: .*3 of 9 files parsed on demand \(remedies: a folder of the repository/);
    expect(() => createHeapGuard(full, 1).check(3, 9, 'files parsed')).toThrow(/\(remedies: a PR digest indexed on demand, --on-demand/);
  });

  it('names a larger heap only when the machine has room for one', () => {
    expect(safeHeapMb(16 * 1024 * MB)).toBe(12288);
    expect(heapRemedy(4096 * MB, 16 * 1024 * MB)).toContain('NODE_OPTIONS=--max-old-space-size=12288');
    expect(heapRemedy(12288 * MB, 16 * 1024 * MB)).toContain('a machine with more memory (this one has 16,384 MB)');
    // A run already on demand is not told to index on demand.
    expect(heapRemedy(4096 * MB, 16 * 1024 * MB, true)).toBe("remedies: a folder of the repository instead of the whole tree; a larger heap, NODE_OPTIONS=--max-old-space-size=12288 (75% of this machine's 16,384 MB)");
    expect(nearLimit(reading(85))).toBe(false);
    expect(nearLimit(reading(86))).toBe(true);
  });

  it("gives the Action's analysis worker a safe share of the machine, never less than its own heap", () => {
    expect(workerHeapMb(7 * 1024 * MB, 2096 * MB)).toBe(5376);
    expect(workerHeapMb(4 * 1024 * MB, 4144 * MB)).toBe(4144);
    expect(workerOutOfHeapError(5376, 7 * 1024 * MB).message).toMatch(/^out of memory: the analysis filled its 5,376 MB JavaScript heap \(remedies: .*on-demand: true; a folder .*; a machine with more memory \(this one has 7,168 MB\)\)$/);
  });
});
