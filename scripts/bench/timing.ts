// Timing of benchmark phases.
//
// Phases run in interleaved rounds (A B C, A B C, ...) rather than A A A, B B B: slow drift of the
// machine (thermal, a neighbour's load on a shared 2-core box) then hits every phase alike instead
// of biasing whichever phase ran during the bad moment. Round 0 is a warm-up (JIT, WASM tier-up, file
// cache) and is not counted. Each phase reports its best run — the least-disturbed measurement of
// the same work — and its median to show the spread. The heap is collected before every run so
// one phase's garbage is not billed to the next.
//
// Wall time is what a user waits for, so targets are judged on it; process CPU time (user + system)
// is recorded beside it because on a shared machine other processes stretch wall time but barely
// touch our CPU time (measured here: a busy neighbour made Django's parse-only 3.2 s wall against
// 1.0 s on a quiet machine). CPU time also counts V8's helper threads (GC), so it can exceed wall.

export interface Timing {
  /** Milliseconds of the fastest counted run (wall clock). */
  best: number;
  median: number;
  runs: number[];
  /** Process CPU milliseconds (user + system): the lowest counted run, and each run. */
  cpuBest: number;
  cpuRuns: number[];
}

export interface Phase {
  name: string;
  run: () => Promise<void> | void;
}

export type GcFn = () => void;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timeOnce(run: Phase['run'], gc: GcFn | undefined): Promise<{ wall: number; cpu: number }> {
  gc?.();
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Warm-up rounds, then `rounds` counted rounds of every phase in turn. */
export async function timeRounds(
  phases: Phase[],
  options: {
    rounds: number;
    warmup: number;
    gc: GcFn | undefined;
    onRun?: (phase: string, run: { wall: number; cpu: number }, counted: boolean) => void;
  },
): Promise<Map<string, Timing>> {
  const runs = new Map<string, { wall: number; cpu: number }[]>(phases.map((p) => [p.name, []]));
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    const counted = round >= options.warmup;
    for (const phase of phases) {
      const run = await timeOnce(phase.run, options.gc);
      options.onRun?.(phase.name, run, counted);
      if (counted) runs.get(phase.name)!.push(run);
    }
  }
  return new Map(
    [...runs].map(([name, list]) => {
      const wall = list.map((r) => r.wall);
      const cpu = list.map((r) => r.cpu);
      return [name, { best: Math.min(...wall), median: median(wall), runs: wall, cpuBest: Math.min(...cpu), cpuRuns: cpu }];
    }),
  );
}
