// The token encoder's start-up as both encoder rows measure it (hostileInput.ts from source,
// encoderStartup.ts bundled): from the first import of the counter to its first count, wall and
// process CPU milliseconds. No static import of the counter here, so its loading is inside the timing.

/** Process CPU time (user + system), milliseconds. */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export async function timeFirstCount(): Promise<{ ms: number; cpuMs: number }> {
  const start = performance.now();
  const cpu = cpuNow();
  const { createTokenCounter } = await import('../../src/pack/tokens.js');
  createTokenCounter('o200k_base').count('hello');
  return { ms: performance.now() - start, cpuMs: cpuNow() - cpu };
}
