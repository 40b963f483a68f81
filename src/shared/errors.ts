// Errors that carry a remedy, and the one place that turns any thrown value into the line a user reads.
//
// Decision: expected failures (bad root, bad flag, unknown target) are RepoDigestError and print as ONE
// line, `error: <what failed> (<how to fix it>)`, never a stack: the stack of an expected error points at
// our code, not at the user's mistake. The remedy is joined here, once: the error's `message` is the
// whole sentence, `<what failed> (<how to fix it>)`, so a package-API caller who prints `message` reads
// the same text as the CLI (without `error: `) and the Action; `problem` and `remedy` stay apart for
// callers who word it themselves. Remedies name no CLI flag unless the error only comes from the CLI:
// the same errors reach API callers and the Action. Anything else is a bug or an environment failure: one line by
// default, the stack only under --debug so a bug report can carry it. The exit code travels with the
// error (1 failure, 2 usage, 3 a failed `--fail-on` gate) so entry points never map error classes to
// codes themselves. The gate has its own code because a CI script must tell "this change breaks a
// call" (block the merge) from "the tool could not run" (retry, or look at the tool).

export class RepoDigestError extends Error {
  /** What failed, without the remedy. */
  readonly problem: string;

  constructor(
    problem: string,
    readonly remedy?: string,
    readonly exitCode = 1,
  ) {
    super(withRemedy(problem, remedy));
    this.problem = problem;
    // Spelled out: a minifying bundler would rename the class and so `constructor.name`.
    this.name = 'RepoDigestError';
  }
}

/** The user asked for something malformed (flags, arguments): exit code 2. */
export class UsageError extends RepoDigestError {
  constructor(message: string, remedy?: string) {
    super(message, remedy, 2);
    this.name = 'UsageError';
  }
}

/** The change fails the gate the user asked for (`--fail-on breaking`): exit code 3. */
export class GateFailure extends RepoDigestError {
  constructor(message: string) {
    super(message, undefined, 3);
    this.name = 'GateFailure';
  }
}

/** Collapse whitespace runs (newlines included) so an error always prints on one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `<problem> (<remedy>)`, or the problem alone. */
function withRemedy(problem: string, remedy: string | undefined): string {
  return remedy ? `${problem} (${remedy})` : problem;
}

export function formatError(err: unknown, debug: boolean): string {
  if (err instanceof RepoDigestError) return `error: ${oneLine(err.message)}`;
  if (err instanceof Error) {
    const head = `error: ${oneLine(err.message) || err.name}`;
    return debug && err.stack ? `${head}\n${err.stack}` : head;
  }
  return `error: ${oneLine(String(err))}`;
}

/** The process exit code for a thrown value: the error's own for ours, 1 for anything else. */
export function exitCodeFor(err: unknown): number {
  return err instanceof RepoDigestError ? err.exitCode : 1;
}
