// Memory policies for the process entries only (CLI bin.ts, the Action's main.ts and its analysis
// worker), never for an importer of the package API, whose process is not ours to tune.
//
// Decisions:
// - Old generation: a growth policy, not a heap limit (a limit turns a large monorepo into a crash) and
//   not `--optimize-for-size`. V8 may grow it by at most 10% over what survived the last full collection:
//   a lower peak for a few more full collections, where `--optimize-for-size` lowers the peak further
//   but scavenges so often that CPU suffers. Set at run time it applies to this isolate and to the
//   Action's analysis worker, made afterwards.
// - Young generation: held small while the live data is small. V8 doubles the nursery whenever much of
//   it survives a scavenge, which a scan building records does from its first files, up to its maximum
//   (Node 20: 32 MB of semi-spaces; Node 24: 128 MB) whatever the live data: on a mid-sized PR digest
//   that is a large part of the heap V8 reserves. Its size is fixed when
//   an isolate is made, but the growth factor is read at each growth, so `holdYoungGeneration` (called
//   on the heap guard's every check, once per file scanned or resolved) holds it at NURSERY_FLOOR
//   (factor 1) until the old generation reaches NURSERY_RELEASE, then gives V8 its own policy back for
//   the rest of the run. A small nursery costs CPU: more scavenges, and objects promoted early that
//   only full collections free, in proportion to the live data: while the live data is small that is
//   a lower peak for a few percent of CPU, held for a whole large run it would cost far more. So it is
//   released at NURSERY_RELEASE, and large repositories keep V8's nursery for most of the run.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

export const HEAP_GROWTH_FLAG = '--heap-growing-percent=10';
/** Bytes of both semi-spaces the nursery is held at (V8 reaches it by doubling: 2, 4, 8 MB). */
export const NURSERY_FLOOR = 8 * 2 ** 20;
/** Bytes of old generation past which the nursery is V8's again. */
export const NURSERY_RELEASE = 128 * 2 ** 20;

const HOLD = '--semi-space-growth-factor=1';
const GROW = '--semi-space-growth-factor=2';

let governed = false;
let holding = false;

export function preferSmallHeap(): void {
  setFlagsFromString(HEAP_GROWTH_FLAG);
  // Held from the start: what runs before the first check (a PR's changed files read at both
  // revisions) must not double it past the floor, which holding later would not undo.
  setFlagsFromString(HOLD);
  holding = true;
  governed = true;
}

/**
 * What the nursery's growth should be (pure): held at the floor, growing to it, or V8's for good. A
 * size of 0 is a space this V8 does not report (renamed): then V8 decides, never a nursery held for good.
 */
export function nurseryPolicy(nurseryBytes: number, oldBytes: number): 'hold' | 'grow' | 'release' {
  if (nurseryBytes === 0 || oldBytes === 0 || oldBytes >= NURSERY_RELEASE) return 'release';
  return nurseryBytes >= NURSERY_FLOOR ? 'hold' : 'grow';
}

/** After preferSmallHeap (in this isolate), holds the nursery as nurseryPolicy says; else nothing. */
export function holdYoungGeneration(): void {
  if (!governed) return;
  let nursery = 0;
  let old = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') nursery = space.space_size;
    else if (space.space_name === 'old_space') old = space.space_size;
  }
  const policy = nurseryPolicy(nursery, old);
  // Released once, for good: a full collection shrinking the old generation again does not hold it anew.
  if (policy === 'release') governed = false;
  const hold = policy === 'hold';
  if (hold === holding) return;
  setFlagsFromString(hold ? HOLD : GROW);
  holding = hold;
}
