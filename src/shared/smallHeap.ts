// Memory policies for the process entries only (CLI bin.ts, the Action's main.ts and its analysis
// worker), never for an importer of the package API, whose process is not ours to tune.
//
// Decisions:
// - Old generation: a growth policy, not a heap limit (a limit turns a large monorepo into a crash) and
//   not `--optimize-for-size`. After each full collection V8 may grow it by GROWTH_WHILE_SMALL percent
//   over what survived while it is under GROWTH_SWITCH, then by GROWTH_ONCE_LARGE for the rest of the
//   run. A scan only adds to its live set, so the number of full collections it costs is the log of its
//   growth in base (1 + percent), each in proportion to the live data, so a small percent from the start
//   costs a large scan many full collections for little less peak (figures: docs/benchmarks.md).
//   Past the switch the peak decides whether a large tree fits the runner, so growth is small again.
//   Set at run time it applies to this isolate and to the Action's analysis worker, made afterwards.
// - Young generation: held small while the live data is small. V8 doubles the nursery whenever much of
//   it survives a scavenge, which a scan building records does from its first files, up to its maximum
//   (Node 20: 32 MB of semi-spaces; Node 24: 128 MB) whatever the live data: on a mid-sized PR digest
//   that is a large part of the heap V8 reserves. Its size is fixed when
//   an isolate is made, but the growth factor is read at each growth, so `followHeapPolicies` (called
//   on the heap guard's every check, once per file scanned or resolved) holds it at NURSERY_FLOOR
//   (factor 1) until the old generation reaches NURSERY_RELEASE, then gives V8 its own policy back for
//   the rest of the run. A small nursery costs CPU: more scavenges, and objects promoted early that
//   only full collections free, in proportion to the live data: while the live data is small that is
//   a lower peak for a few percent of CPU, held for a whole large run it would cost far more. So it is
//   released at NURSERY_RELEASE, and large repositories keep V8's nursery for most of the run.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Percent the old generation may grow past what survived a full collection, while it is small and once it is large. */
export const GROWTH_WHILE_SMALL = 50;
export const GROWTH_ONCE_LARGE = 10;
/** Bytes of old generation past which its growth is GROWTH_ONCE_LARGE for good. */
export const GROWTH_SWITCH = 512 * 2 ** 20;
/** Bytes of both semi-spaces the nursery is held at (V8 reaches it by doubling: 2, 4, 8 MB). */
export const NURSERY_FLOOR = 8 * 2 ** 20;
/** Bytes of old generation past which the nursery is V8's again. */
export const NURSERY_RELEASE = 128 * 2 ** 20;

const HOLD = '--semi-space-growth-factor=1';
const GROW = '--semi-space-growth-factor=2';
const growth = (percent: number): string => `--heap-growing-percent=${percent}`;

/** What the policies read and set: V8's flags and the sizes of its nursery and old space (0 when not reported). */
export interface HeapPolicyDeps {
  setFlags: (flag: string) => void;
  spaces: () => { nursery: number; old: number };
}

function v8Spaces(): { nursery: number; old: number } {
  let nursery = 0;
  let old = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name === 'new_space') nursery = space.space_size;
    else if (space.space_name === 'old_space') old = space.space_size;
  }
  return { nursery, old };
}

/**
 * What the nursery's growth should be (pure): held at the floor, growing to it, or V8's for good. A
 * size of 0 is a space this V8 does not report (renamed): then V8 decides, never a nursery held for good.
 */
export function nurseryPolicy(nurseryBytes: number, oldBytes: number): 'hold' | 'grow' | 'release' {
  if (nurseryBytes === 0 || oldBytes === 0 || oldBytes >= NURSERY_RELEASE) return 'release';
  return nurseryBytes >= NURSERY_FLOOR ? 'hold' : 'grow';
}

/** The old generation's growth in percent for its size (pure); a size of 0 (a space this V8 does not report) is treated as large, the lower peak. */
export function growthPercent(oldBytes: number): number {
  return oldBytes === 0 || oldBytes >= GROWTH_SWITCH ? GROWTH_ONCE_LARGE : GROWTH_WHILE_SMALL;
}

/** One isolate's policies: `prefer` at start-up, then `follow` on every heap guard check (it does nothing before `prefer`). */
export function createHeapPolicies(deps: HeapPolicyDeps): { prefer: () => void; follow: () => void } {
  let nurseryGoverned = false;
  let holding = false;
  let growthGoverned = false;
  return {
    prefer() {
      deps.setFlags(growth(GROWTH_WHILE_SMALL));
      growthGoverned = true;
      // Held from the start: what runs before the first check (a PR's changed files read at both
      // revisions) must not double it past the floor, which holding later would not undo.
      deps.setFlags(HOLD);
      holding = true;
      nurseryGoverned = true;
    },
    follow() {
      if (!nurseryGoverned && !growthGoverned) return;
      const { nursery, old } = deps.spaces();
      if (growthGoverned && growthPercent(old) === GROWTH_ONCE_LARGE) {
        // For good, as the nursery's release: a full collection shrinking the old generation does not undo it.
        deps.setFlags(growth(GROWTH_ONCE_LARGE));
        growthGoverned = false;
      }
      if (!nurseryGoverned) return;
      const policy = nurseryPolicy(nursery, old);
      // Released once, for good: a full collection shrinking the old generation again does not hold it anew.
      if (policy === 'release') nurseryGoverned = false;
      const hold = policy === 'hold';
      if (hold === holding) return;
      deps.setFlags(hold ? HOLD : GROW);
      holding = hold;
    },
  };
}

const processPolicies = createHeapPolicies({ setFlags: setFlagsFromString, spaces: v8Spaces });

/** This isolate's policies from now on (the process entries call it first thing). */
export function preferSmallHeap(): void {
  processPolicies.prefer();
}

/** After preferSmallHeap (in this isolate), holds the nursery as nurseryPolicy says and sets growthPercent; else nothing. */
export function followHeapPolicies(): void {
  processPolicies.follow();
}
