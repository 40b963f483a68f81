import { describe, expect, it } from 'vitest';
import { exitCodeFor, formatError, RepoDigestError, UsageError } from '../../src/shared/errors.js';

describe('errors', () => {
  it('formats our errors as one line with the remedy, even under --debug', () => {
    const err = new RepoDigestError("scan root 'x' does not exist", 'pass the repository directory');
    expect(formatError(err, false)).toBe("error: scan root 'x' does not exist (pass the repository directory)");
    expect(formatError(err, true)).toBe(formatError(err, false));
    expect(err.exitCode).toBe(1);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('RepoDigestError');
  });

  it('keeps a multi-line message on one line, and omits an absent remedy', () => {
    expect(formatError(new RepoDigestError('bad\n  thing'), false)).toBe('error: bad thing');
  });

  it('gives usage errors exit code 2', () => {
    const err = new UsageError('use exactly one of --entry and --query', 'pass --entry ID or --query TEXT');
    expect(err).toBeInstanceOf(RepoDigestError);
    expect(err.exitCode).toBe(2);
    expect(err.name).toBe('UsageError');
    expect(exitCodeFor(err)).toBe(2);
    expect(formatError(err, false)).toBe('error: use exactly one of --entry and --query (pass --entry ID or --query TEXT)');
  });

  it('prints unexpected errors as one line, with the stack only under debug', () => {
    const err = new TypeError('x is undefined');
    expect(formatError(err, false)).toBe('error: x is undefined');
    const debug = formatError(err, true);
    expect(debug.split('\n')[0]).toBe('error: x is undefined');
    expect(debug).toContain(err.stack ?? 'missing stack');
    expect(debug.split('\n').length).toBeGreaterThan(2);
    expect(exitCodeFor(err)).toBe(1);
  });

  it('handles thrown non-errors', () => {
    expect(formatError('boom', true)).toBe('error: boom');
    expect(exitCodeFor(42)).toBe(1);
  });
});
