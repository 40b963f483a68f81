// Read one discovered .py file with its guards: containment, regular file, size, then decode.ts.
//
// Decisions:
// - The file's realpath is re-checked here even though discovery already did: the tree can change
//   between the walk and the read, and this is the function that actually opens the file.
// - The realpath is opened with O_NOFOLLOW (a symlink swapped in after the check is refused) and
//   O_NONBLOCK (opening a FIFO named *.py returns at once instead of hanging the run); the type and size
//   come from fstat on the open descriptor, so they describe the file we read. The size cap is checked
//   before the contents are read, and again on the bytes read (the file may grow after fstat).
// - Synchronous I/O. Indexing reads files one after another, so awaiting each step bought nothing and
//   cost a thread-pool round trip for each of them (2 realpaths, open, fstat, read, close). With sync
//   calls and libc realpath (realpathSync.native: one call, not one lstat per path component) reading is
//   close to a bare readFileSync while every check above stays per file.
// - `createSourceReader` resolves the root's realpath once per run (indexRepository makes one reader
//   per run); the file's realpath is still resolved for every file, so a symlink anywhere on its path,
//   made before or during the run, is caught. `readPythonSource` keeps its contract and makes a
//   one-file reader.
// - Never throws for a file problem: every failure is a reason string the caller reports as a skip.
import fs, { constants } from 'node:fs';
import path from 'node:path';
import { decodePythonSource } from './decode.js';

/** Python files larger than this are skipped (and reported) unless the caller raises the limit. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

export type ReadResult = { ok: true; text: string; notes: string[] } | { ok: false; reason: string };

/** The file system calls a reader makes, synchronous; defaults are node:fs. */
export interface ReadDeps {
  realpath: (p: string) => string;
  open: (p: string, flags: number) => number;
  fstat: (fd: number) => fs.Stats;
  read: (fd: number, buffer: Buffer, offset: number, length: number) => number;
  close: (fd: number) => void;
}

export const defaultReadDeps: ReadDeps = {
  realpath: (p) => fs.realpathSync.native(p),
  open: (p, flags) => fs.openSync(p, flags),
  fstat: (fd) => fs.fstatSync(fd),
  read: (fd, buffer, offset, length) => fs.readSync(fd, buffer, offset, length, null),
  close: (fd) => fs.closeSync(fd),
};

export interface SourceReader {
  read(relPath: string): ReadResult;
}

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

export function isInside(rootReal: string, candidate: string): boolean {
  if (candidate === rootReal) return true;
  const prefix = rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep;
  return candidate.startsWith(prefix);
}

function failure(err: unknown): { ok: false; reason: string } {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return { ok: false, reason: `unreadable: ${code ?? (err instanceof Error ? err.message : String(err))}` };
}

function tooLarge(maxBytes: number, size: number): ReadResult {
  return {
    ok: false,
    reason: `larger than ${maxBytes} bytes (${size} bytes); raise --max-file-bytes to include it`,
  };
}

/** A reader for one run over `root`: the root's realpath is resolved once, on the first read. */
export function createSourceReader(root: string, options: { maxBytes: number }, deps: ReadDeps = defaultReadDeps): SourceReader {
  type RootReal = { ok: true; path: string } | { ok: false; reason: string };
  let rootReal: RootReal | undefined;
  const resolveRoot = (): RootReal => {
    if (!rootReal) {
      try {
        rootReal = { ok: true, path: deps.realpath(root) };
      } catch (err) {
        rootReal = failure(err);
      }
    }
    return rootReal;
  };

  return {
    read(relPath: string): ReadResult {
      const normal = path.posix.normalize(relPath);
      if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) {
        return { ok: false, reason: 'path escapes the scan root' };
      }
      const rootResolved = resolveRoot();
      if (!rootResolved.ok) return rootResolved;

      let realFile: string;
      try {
        realFile = deps.realpath(path.join(root, normal));
      } catch (err) {
        return failure(err);
      }
      if (!isInside(rootResolved.path, realFile)) return { ok: false, reason: 'symlink points outside the scan root' };
      return readOpened(realFile, options.maxBytes, deps);
    },
  };
}

function readOpened(realFile: string, maxBytes: number, deps: ReadDeps): ReadResult {
  let fd: number | undefined;
  try {
    fd = deps.open(realFile, OPEN_FLAGS);
    const stat = deps.fstat(fd);
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > maxBytes) return tooLarge(maxBytes, stat.size);
    const bytes = readCapped(fd, stat.size, maxBytes, deps);
    // The file may have grown between fstat and read.
    if (bytes.length > maxBytes) {
      return { ok: false, reason: `larger than ${maxBytes} bytes (grew while being read); raise --max-file-bytes to include it` };
    }
    return decodePythonSource(bytes);
  } catch (err) {
    return failure(err);
  } finally {
    if (fd !== undefined) {
      try {
        deps.close(fd);
      } catch {
        // Nothing to do: the bytes (or the failure) are already decided.
      }
    }
  }
}

/** Reads to end of file, but never more than maxBytes + 1 bytes (enough to know it is too large). */
function readCapped(fd: number, sizeHint: number, maxBytes: number, deps: ReadDeps): Buffer {
  const limit = maxBytes + 1;
  let buffer = Buffer.allocUnsafe(Math.min(limit, sizeHint + 1));
  let filled = 0;
  for (;;) {
    if (filled === buffer.length) {
      if (buffer.length >= limit) break;
      const grown = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
      buffer.copy(grown, 0, 0, filled);
      buffer = grown;
    }
    const n = deps.read(fd, buffer, filled, buffer.length - filled);
    if (n === 0) break;
    filled += n;
  }
  return buffer.subarray(0, filled);
}

export async function readPythonSource(
  root: string,
  relPath: string,
  options: { maxBytes: number },
  deps: ReadDeps = defaultReadDeps,
): Promise<ReadResult> {
  return createSourceReader(root, options, deps).read(relPath);
}
