// A one-line progress indicator on stderr: the phase (scan, parse, resolve, review, pack, render) and files
// parsed / total. Decision: it appears only when all of these hold, so that piped, captured and CI
// output stays byte-identical to a run without it:
// - stderr is a terminal (isTTY);
// - `CI` is not set (CI logs are often a pseudo-terminal yet must stay clean) and `--quiet` is not given;
// - the run has lasted 2 s (REPODIGEST_PROGRESS_DELAY_MS overrides that, for tests and the impatient):
//   a short run would only flicker.
// Redraws are throttled to every 100 ms (a 100k-file scan would otherwise write 100k lines), and the
// line is erased before anything else is printed, so it never mixes with the report on stderr.
// It draws only when the CLI tells it something: the scan counts the files it finds (its total is
// known only at its end), parsing and resolution report each file, a PR's review its steps and its
// packing each layout of the sections it tries, all with a percentage, so the line keeps moving
// through every long phase; rendering shows its name.

export const PHASES = ['scan', 'parse', 'resolve', 'review', 'pack', 'render'] as const;
export type ProgressPhase = (typeof PHASES)[number];

export interface Progress {
  phase(name: ProgressPhase): void;
  /** Files parsed so far out of the total found; moves the phase to parse, then to resolve at the end. */
  update(done: number, total: number): void;
  /** Files the resolver has worked through, out of all: the resolve phase keeps moving. */
  resolving(done: number, total: number): void;
  /** Python files found so far by the scan (its total is not known until it ends: no percentage). */
  found(count: number): void;
  /** Steps of a later phase done out of its total (`what`: "steps", "layouts packed"). */
  step(phase: ProgressPhase, done: number, total: number, what: string): void;
  /** Erases the line if one was drawn; call before printing anything else. */
  done(): void;
}

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressDeps {
  stream: ProgressStream;
  env: Record<string, string | undefined>;
  now: () => number;
}

const defaultDeps: ProgressDeps = { stream: process.stderr, env: process.env, now: () => performance.now() };

const SILENT: Progress = { phase() {}, update() {}, resolving() {}, found() {}, step() {}, done() {} };
const DEFAULT_DELAY_MS = 2000;
const REDRAW_MS = 100;

export interface ProgressOptions {
  quiet?: boolean;
}

/** True when a progress line may be drawn at all (the time condition aside). */
export function progressAllowed(options: ProgressOptions, deps: Pick<ProgressDeps, 'stream' | 'env'>): boolean {
  return !options.quiet && deps.stream.isTTY === true && !deps.env.CI;
}

function delayOf(env: ProgressDeps['env']): number {
  const raw = env.REPODIGEST_PROGRESS_DELAY_MS;
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_DELAY_MS;
}

export function createProgress(options: ProgressOptions = {}, deps: ProgressDeps = defaultDeps): Progress {
  if (!progressAllowed(options, deps)) return SILENT;
  const start = deps.now();
  const delay = delayOf(deps.env);
  let phase: ProgressPhase = 'scan';
  let tally: { done: number; total?: number; what: string } | undefined;
  let lastDraw = Number.NEGATIVE_INFINITY;
  let drawn = false;

  const draw = (force: boolean): void => {
    const now = deps.now();
    if (now - start < delay) return;
    if (!force && now - lastDraw < REDRAW_MS) return;
    lastDraw = now;
    drawn = true;
    const percent = tally?.total ? ` (${Math.floor((100 * tally.done) / tally.total)}%)` : '';
    const count = tally ? ` ${tally.done}${tally.total === undefined ? '' : `/${tally.total}`} ${tally.what}${percent}` : '';
    // \x1b[K erases what a longer previous line left behind.
    deps.stream.write(`\r${phase}${count} (${((now - start) / 1000).toFixed(0)} s)\x1b[K`);
  };

  return {
    phase(name) {
      if (name === phase) return;
      phase = name;
      draw(true);
    },
    update(done, total) {
      tally = { done, total, what: 'files parsed' };
      if (done >= total) {
        phase = 'resolve';
        draw(true);
      } else {
        const changed = phase !== 'parse';
        phase = 'parse';
        draw(changed);
      }
    },
    resolving(done, total) {
      const entering = tally?.what !== 'files resolved';
      tally = { done, total, what: 'files resolved' };
      phase = 'resolve';
      draw(entering);
    },
    found(count) {
      tally = { done: count, what: 'Python files found' };
      draw(false);
    },
    step(name, done, total, what) {
      const entering = name !== phase;
      tally = { done, total: Math.max(done, total), what };
      phase = name;
      draw(entering);
    },
    done() {
      if (drawn) deps.stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
