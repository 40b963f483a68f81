// Whole-process measurements: each row is a fresh process (what a user or the Action pays, start-up
// included), timed by GNU time: wall seconds, user + system CPU seconds, and peak RSS (the largest of
// the process and the children it waited for). Rows run in interleaved rounds (A B C, A B C, ...) so a
// neighbour's load hits every row alike; each figure is the median of the counted runs.
// A run that fails, times out or is killed is recorded with what happened (exit code or signal, the
// last line of stderr, how long it ran and how much memory it held): for the largest trees that is a
// finding, not an error of the bench.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './timing.js';

export interface ProcessRun {
  wallS: number;
  cpuS: number;
  maxRssMiB: number;
  ok: boolean;
  /** Why the run failed: exit code or signal, and the last line of stderr. */
  failure?: string;
}

export interface ProcessCommand {
  /** argv, first the program. */
  argv: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Kill the run after this long (seconds). */
  timeoutS?: number;
  /** Runs before each timed run, untimed (a fresh cache folder, say). */
  before?: () => void;
}

export interface ProcessRow {
  name: string;
  note: string;
  /** A command, or why the row cannot run (`n/a (no --cache-dir)`, an install failure). */
  command: ProcessCommand | { unavailable: string };
}

export interface RowResult {
  name: string;
  note: string;
  runs: ProcessRun[];
  unavailable?: string;
  wallS?: number;
  cpuS?: number;
  maxRssMiB?: number;
  failure?: string;
}

const lastLine = (text: string): string => text.trim().split('\n').at(-1)?.slice(0, 200) ?? '';

/** One run of a command under /usr/bin/time (and `timeout`), stdout discarded. */
export function timeProcess(command: ProcessCommand): ProcessRun {
  const dir = mkdtempSync(join(tmpdir(), 'repodigest-bench-time-'));
  const report = join(dir, 'time.txt');
  // --foreground: timeout signals only the command and then reaps it, so GNU time still gets its CPU
  // and memory (without it, timeout kills its own process group, itself included, and the figures are lost).
  const timeout = command.timeoutS === undefined ? [] : ['timeout', '--foreground', '--signal=KILL', String(command.timeoutS)];
  try {
    const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M %x', '-o', report, ...timeout, ...command.argv], {
      cwd: command.cwd,
      env: { ...process.env, ...command.env },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (run.error) return { wallS: 0, cpuS: 0, maxRssMiB: 0, ok: false, failure: `cannot start: ${run.error.message}` };
    // GNU time writes "Command exited with non-zero status N" / "Command terminated by signal N" first.
    const lines = readFileSync(report, 'utf8').trim().split('\n');
    const [wall, user, sys, rssKiB, exit] = lines.at(-1)!.split(' ').map(Number) as [number, number, number, number, number];
    const ok = run.status === 0 && lines.length === 1;
    const killed = timeout.length > 0 && (exit === 137 || lines.some((l) => l.includes('signal 9')));
    const why = !ok ? (killed ? `killed after the ${command.timeoutS} s time limit` : `${lines.length > 1 ? lines[0] : `exit ${run.status}`}: ${lastLine(run.stderr)}`) : undefined;
    return { wallS: wall, cpuS: user + sys, maxRssMiB: rssKiB / 1024, ok, ...(why ? { failure: why } : {}) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Warm-up rounds, then `rounds` counted rounds over the rows in turn; a row that failed is not run again. */
export function measureRows(rows: ProcessRow[], options: { rounds: number; warmup: number; log: (line: string) => void }): RowResult[] {
  const results: RowResult[] = rows.map((r) => ({ name: r.name, note: r.note, runs: [], ...('unavailable' in r.command ? { unavailable: r.command.unavailable } : {}) }));
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    const counted = round >= options.warmup;
    rows.forEach((row, i) => {
      const result = results[i]!;
      if ('unavailable' in row.command || result.failure) return;
      row.command.before?.();
      const run = timeProcess(row.command);
      options.log(`    ${row.name}: ${run.wallS.toFixed(2)} s wall, ${run.cpuS.toFixed(2)} s CPU, ${run.maxRssMiB.toFixed(0)} MiB${counted ? '' : ' (warm-up)'}${run.failure ? `, FAILED ${run.failure}` : ''}`);
      if (!run.ok) {
        result.failure = `${run.failure} (after ${run.wallS.toFixed(1)} s wall, ${run.cpuS.toFixed(1)} s CPU, peak RSS ${(run.maxRssMiB / 1024).toFixed(2)} GiB)`;
        return;
      }
      if (counted) result.runs.push(run);
    });
  }
  for (const result of results) {
    if (result.runs.length === 0) continue;
    result.wallS = median(result.runs.map((r) => r.wallS));
    result.cpuS = median(result.runs.map((r) => r.cpuS));
    result.maxRssMiB = median(result.runs.map((r) => r.maxRssMiB));
  }
  return results;
}
