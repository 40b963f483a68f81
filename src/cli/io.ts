// Where the CLI writes: stdout, stderr and the progress line, injected so tests can run it in-process.
import { createProgress, type Progress, type ProgressDeps } from './progress.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** stdout is a terminal: tables are box-drawn (plain columns otherwise). */
  terminal?: boolean;
  /** Where the progress line may go (progress.ts decides whether it does); without it, never. */
  progress?: ProgressDeps;
}

export const defaultIo: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  terminal: process.stdout.isTTY === true,
  progress: { stream: process.stderr, env: process.env, now: () => performance.now() },
};

/** The run's progress line: silent for an io without a progress stream (tests, the API). */
export function progressFor(io: CliIo, flags: { quiet?: boolean }): Progress {
  return io.progress ? createProgress({ quiet: flags.quiet === true }, io.progress) : createProgress({ quiet: true });
}
