// Stops a run whose JavaScript heap is about to run out with one clear line (what ran out, how far the
// run got, the remedies) instead of V8's fatal "heap out of memory" stack dump and abort.
//
// Decisions:
// - An in-process check, sampled: the per-file loops (full scan, on-demand reading and parsing, the
//   resolver's pass over files via CallGraphOptions.afterFile) call `check` once per file; every
//   SAMPLE_EVERY-th call reads `v8.getHeapStatistics()` (cheap, not free), every call once the heap is past
//   WATCH_SHARE. Only when the used heap passes NEAR_SHARE of the limit is a full collection forced (the
//   used figure counts garbage too) and the live heap judged: still above NEAR_SHARE -> the error.
//   V8 cannot hand an out-of-memory back to JavaScript (the process aborts), so the check must come
//   before the limit. V8 also aborts below NEAR_SHARE: after 4 full collections in a row that leave the
//   old space at 80% of its limit or more while the program ran less than 40% of the time (its
//   "ineffective mark-compacts near heap limit"). So a forced collection is timed too: two in a row
//   past V8_INEFFECTIVE_SHARE, the program running under V8_LOW_MUTATOR of the time since the previous
//   one, also give the error (a 40 MB heap whose live set crept from 81% to 83% was aborted by V8
//   with the guard's own collections 40 ms apart). The phases without a per-file loop (the resolver's
//   steps after its pass over files, CallGraphOptions.afterStep; a PR's review steps; its packs) call
//   `checkStep` between their steps, which reads the heap every time: a step that fills the heap by
//   itself is still V8's abort, but a heap left nearly full gives the line before the next step. The
//   Action's analysis worker also gets a heap limit of its own (action/analysis.ts), whose overflow
//   ends only the worker, reported as the same line.
// - No re-exec with a larger heap for the CLI: a second process on every run would add a Node start-up's
//   CPU and memory to every digest, and a larger heap is the user's call (NODE_OPTIONS); the line
//   names the value this machine allows (SAFE_MEMORY_SHARE of its memory, cgroup limit included).

import { freemem, totalmem } from 'node:os';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RepoDigestError } from './errors.js';
import { followHeapPolicies } from './smallHeap.js';

/** Share of the heap limit above which the live heap (after a full collection) stops the run. */
export const NEAR_SHARE = 0.85;
/** Share of the limit past which every call reads the heap. */
export const WATCH_SHARE = 0.6;
/** Calls between two readings of the heap statistics. */
export const SAMPLE_EVERY = 64;
/** V8's line for an ineffective full collection: the old space still holds this share of its limit. */
export const V8_INEFFECTIVE_SHARE = 0.8;
/** ... and the program ran less than this share of the time since the previous full collection. */
export const V8_LOW_MUTATOR = 0.4;
/** Forced collections in a row that were ineffective by V8's measure before the run stops (V8 aborts at 4). */
export const INEFFECTIVE_IN_A_ROW = 2;
/** Share of the machine's memory (or cgroup limit) a heap may be given. */
export const SAFE_MEMORY_SHARE = 0.75;

export interface HeapReading {
  /** Bytes of JS heap in use (live and not yet collected). */
  used: number;
  /** Bytes the heap may grow to (V8's heap_size_limit). */
  limit: number;
}

export interface HeapGuardDeps {
  read: () => HeapReading;
  /** A full garbage collection. */
  collect: () => void;
  /** Bytes of memory this process may use at most: the machine's, or its cgroup's limit. */
  machineMemory: () => number;
  /** Milliseconds on a monotonic clock, to time forced collections (unset: they are not timed). */
  now?: () => number;
}

export interface HeapGuard {
  /**
   * Throws a RepoDigestError when the heap is nearly full. `done`/`total`: how far the run got (`what`: e.g.
   * "files parsed").
   */
  check(done: number, total: number, what: string): void;
  /** The same check, the heap read on every call: between the steps of a phase without a per-file loop. */
  checkStep(done: number, total: number, what: string): void;
}

/** Whether a reading is near the limit (pure). */
export function nearLimit(reading: HeapReading, share = NEAR_SHARE): boolean {
  return reading.used > share * reading.limit;
}

/** MB of heap this machine can give a run (pure): a safe share of its memory, in whole 256 MB steps. */
export function safeHeapMb(machineBytes: number, share = SAFE_MEMORY_SHARE): number {
  return Math.max(256, Math.floor((machineBytes * share) / (256 * 2 ** 20)) * 256);
}

const mb = (bytes: number): string => Math.round(bytes / 2 ** 20).toLocaleString('en-US');

/** What a user can do about a full heap (pure): on demand, a folder, or a larger heap when the machine has it. */
export function heapRemedy(limitBytes: number, machineBytes: number, onDemand = false): string {
  const safe = safeHeapMb(machineBytes);
  const larger = safe * 2 ** 20 > limitBytes * 1.1
    ? `a larger heap, NODE_OPTIONS=--max-old-space-size=${safe} (${SAFE_MEMORY_SHARE * 100}% of this machine's ${mb(machineBytes)} MB)`
    : `a machine with more memory (this one has ${mb(machineBytes)} MB)`;
  const first = onDemand ? '' : 'a PR digest indexed on demand, --on-demand or Action input on-demand: true; ';
  return `remedies: ${first}a folder of the repository instead of the whole tree; ${larger}`;
}

/** The one line (pure). */
export function outOfHeapError(reading: HeapReading, done: number, total: number, what: string, machineBytes: number, onDemand = false): RepoDigestError {
  return new RepoDigestError(
    `out of memory: the JavaScript heap holds ${mb(reading.used)} MB of its ${mb(reading.limit)} MB limit with ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${what}`,
    heapRemedy(reading.limit, machineBytes, onDemand),
  );
}

/** The Action's analysis worker ran past its own heap limit (pure): the same line, without a file count. */
export function workerOutOfHeapError(limitMb: number, machineBytes: number): RepoDigestError {
  return new RepoDigestError(`out of memory: the analysis filled its ${limitMb.toLocaleString('en-US')} MB JavaScript heap`, heapRemedy(limitMb * 2 ** 20, machineBytes));
}

/** The old-space limit (MB) for a worker: a safe share of the machine, or this process's own limit when larger (pure). */
export function workerHeapMb(machineBytes: number, ownLimitBytes: number): number {
  return Math.max(safeHeapMb(machineBytes), Math.floor(ownLimitBytes / 2 ** 20));
}

/** `onDemandRun`: the run already indexes on demand, so that is not offered as a remedy. */
export function createHeapGuard(deps: HeapGuardDeps = processHeapDeps(), sampleEvery = SAMPLE_EVERY, onDemandRun = false): HeapGuard {
  let calls = 0;
  // After a forced collection that left enough room, the next one waits until half of that room is used:
  // a live set just under the line must not cost a full collection every sample.
  let nextCollectAt = 0;
  // Past WATCH_SHARE of the limit every call reads the heap: 64 files can be a quarter of a small heap.
  let every = sampleEvery;
  // The end of the previous forced collection, and how many in a row were ineffective by V8's measure.
  let lastCollectEnd: number | undefined;
  let ineffective = 0;
  const judge = (done: number, total: number, what: string): void => {
    const first = deps.read();
    every = nearLimit(first, WATCH_SHARE) ? 1 : sampleEvery;
    if (!nearLimit(first) || first.used < nextCollectAt) return;
    const start = deps.now?.();
    deps.collect();
    const end = deps.now?.();
    const live = deps.read();
    every = nearLimit(live, WATCH_SHARE) ? 1 : sampleEvery;
    if (nearLimit(live)) throw outOfHeapError(live, done, total, what, deps.machineMemory(), onDemandRun);
    if (start !== undefined && end !== undefined) {
      const mutator = lastCollectEnd === undefined || end <= lastCollectEnd ? 1 : (start - lastCollectEnd) / (end - lastCollectEnd);
      lastCollectEnd = end;
      ineffective = nearLimit(live, V8_INEFFECTIVE_SHARE) && mutator < V8_LOW_MUTATOR ? ineffective + 1 : 0;
      if (ineffective >= INEFFECTIVE_IN_A_ROW) throw outOfHeapError(live, done, total, what, deps.machineMemory(), onDemandRun);
    }
    nextCollectAt = live.used + (live.limit - live.used) / 2;
  };
  return {
    check(done, total, what) {
      // Every call, not only sampled ones: V8 can double the nursery twice within 64 files (smallHeap.ts).
      followHeapPolicies();
      if (calls++ % every !== 0) return;
      judge(done, total, what);
    },
    checkStep(done, total, what) {
      followHeapPolicies();
      judge(done, total, what);
    },
  };
}

// V8's heap_size_limit also counts the young generation's reserve (3 semi-spaces of 16 MB on 64-bit), which
// old-space data never fills: `--max-old-space-size=48` reads as 96 MB.
const YOUNG_RESERVE = 48 * 2 ** 20;

let gcFunction: (() => void) | undefined;

/** V8's own collector, reached without --expose-gc on the command line (the flag is read when a context is made). */
function fullCollection(): void {
  if (!gcFunction) {
    setFlagsFromString('--expose-gc');
    gcFunction = runInNewContext('gc') as () => void;
  }
  gcFunction();
}

function machineMemory(): number {
  // process.constrainedMemory (Node >= 19.6) is the cgroup limit, or a huge number / 0 when there is none.
  const constrained = (process as { constrainedMemory?: () => number | undefined }).constrainedMemory?.() ?? 0;
  const total = totalmem();
  return constrained > 0 && constrained < total ? constrained : Math.max(total, freemem());
}

export function processHeapDeps(): HeapGuardDeps {
  return {
    read: () => {
      const s = getHeapStatistics();
      return { used: s.used_heap_size, limit: Math.max(s.heap_size_limit - YOUNG_RESERVE, s.heap_size_limit / 4) };
    },
    collect: fullCollection,
    machineMemory,
    now: () => performance.now(),
  };
}

/** Bytes of memory this process may use (for the Action worker's heap limit). */
export function machineMemoryBytes(): number {
  return machineMemory();
}
