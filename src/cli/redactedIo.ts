// The CLI's output with the names' secrets replaced (review/redactNames.ts): once a command has its
// index, everything it prints goes through this, stdout and stderr alike (file names reach both).
import { redactNames } from '../review/redactNames.js';
import type { CliIo } from './io.js';

export function redactedIo(io: CliIo, secrets: ReadonlyMap<string, string> | undefined): CliIo {
  if (secrets === undefined || secrets.size === 0) return io;
  return { ...io, stdout: (text) => io.stdout(redactNames(text, secrets)), stderr: (text) => io.stderr(redactNames(text, secrets)) };
}
