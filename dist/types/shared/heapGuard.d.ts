import { RepoDigestError } from './errors.js';
/** Share of the heap limit above which the live heap (after a full collection) stops the run. */
export declare const NEAR_SHARE = 0.85;
/** Share of the limit past which every call reads the heap. */
export declare const WATCH_SHARE = 0.6;
/** Calls between two readings of the heap statistics. */
export declare const SAMPLE_EVERY = 64;
/** V8's line for an ineffective full collection: the old space still holds this share of its limit. */
export declare const V8_INEFFECTIVE_SHARE = 0.8;
/** ... and the program ran less than this share of the time since the previous full collection. */
export declare const V8_LOW_MUTATOR = 0.4;
/** Forced collections in a row that were ineffective by V8's measure before the run stops (V8 aborts at 4). */
export declare const INEFFECTIVE_IN_A_ROW = 2;
/** Share of the machine's memory (or cgroup limit) a heap may be given. */
export declare const SAFE_MEMORY_SHARE = 0.75;
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
export declare function nearLimit(reading: HeapReading, share?: number): boolean;
/** MB of heap this machine can give a run (pure): a safe share of its memory, in whole 256 MB steps. */
export declare function safeHeapMb(machineBytes: number, share?: number): number;
/** What a user can do about a full heap (pure): on demand, a folder, or a larger heap when the machine has it. */
export declare function heapRemedy(limitBytes: number, machineBytes: number, onDemand?: boolean): string;
/** The one line (pure). */
export declare function outOfHeapError(reading: HeapReading, done: number, total: number, what: string, machineBytes: number, onDemand?: boolean): RepoDigestError;
/** The Action's analysis worker ran past its own heap limit (pure): the same line, without a file count. */
export declare function workerOutOfHeapError(limitMb: number, machineBytes: number): RepoDigestError;
/** The old-space limit (MB) for a worker: a safe share of the machine, or this process's own limit when larger (pure). */
export declare function workerHeapMb(machineBytes: number, ownLimitBytes: number): number;
/** `onDemandRun`: the run already indexes on demand, so that is not offered as a remedy. */
export declare function createHeapGuard(deps?: HeapGuardDeps, sampleEvery?: number, onDemandRun?: boolean): HeapGuard;
export declare function processHeapDeps(): HeapGuardDeps;
/** Bytes of memory this process may use (for the Action worker's heap limit). */
export declare function machineMemoryBytes(): number;
