// A compiler policy for the process entries only (CLI bin.ts, the Action's main.ts), never for an
// importer of the package API, whose process is not ours to tune.
//
// Decisions:
// - V8 optimises a function once it has run a number of times (TurboFan, and Maglev where it is on),
//   on background threads. A digest is a short process whose code runs a few thousand times per
//   function at most, so most of that compilation is never paid back: about a third of a small
//   library's cold PR digest is TurboFan. Raising the thresholds tenfold keeps the optimised code for
//   what really is hot (tokenising, the parse walk) and drops the rest; docs/benchmarks.md has the
//   figures (CPU down a fifth on a 50-file library, wall time equal or lower, output and peak memory
//   the same).
// - The flags' names differ by V8 version (an interrupt budget in bytes of bytecode up to V8 11, an
//   invocation count from V8 12), and V8 answers a name it does not know with an error line on stderr.
//   So the flags are chosen by V8's major version, and a version not listed gets none: V8's defaults.
// - A threshold the user set (NODE_OPTIONS or the command line) is theirs: then none are set.
import { setFlagsFromString } from 'node:v8';

/** The flags raising V8's tier-up thresholds, by the V8 version string (`process.versions.v8`). */
export function lateTierUpFlags(v8Version: string): string[] {
  const major = Number.parseInt(v8Version, 10);
  if (major === 11) return ['--interrupt-budget=2000000'];
  if (major === 12 || major === 13) return ['--invocation-count-for-turbofan=30000', '--invocation-count-for-maglev=4000'];
  return [];
}

/** True when the user's own Node options already set one of the flags `flags` names. */
export function userSetsAny(flags: readonly string[], userOptions: string): boolean {
  return flags.some((flag) => userOptions.includes(flag.slice(0, flag.indexOf('='))));
}

/** Sets the tier-up flags for this process (every isolate made afterwards shares them), unless the user set their own. */
export function preferLateTierUp(): void {
  const flags = lateTierUpFlags(process.versions.v8);
  const userOptions = [...process.execArgv, process.env['NODE_OPTIONS'] ?? ''].join(' ');
  if (userSetsAny(flags, userOptions)) return;
  for (const flag of flags) setFlagsFromString(flag);
}
