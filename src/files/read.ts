// Read one discovered .py file with its guards: containment, regular file, size, then decode.ts.
//
// Decisions:
// - The realpath is re-checked here even though discovery already did: the tree can change between the
//   walk and the read, and this is the function that actually opens the file.
// - The realpath is opened with O_NOFOLLOW (a symlink swapped in after the check is refused) and
//   O_NONBLOCK (opening a FIFO named *.py returns at once instead of hanging the run); the type and size
//   come from fstat on the open handle, so they describe the file we read.
// - Never throws for a file problem: every failure is a reason string the caller reports as a skip.
import { constants, promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { decodePythonSource } from './decode.js';

export type ReadResult = { ok: true; text: string; notes: string[] } | { ok: false; reason: string };

export interface ReadDeps {
  realpath: (p: string) => Promise<string>;
  open: (p: string, flags: number) => Promise<FileHandle>;
}

const defaultDeps: ReadDeps = {
  realpath: (p) => fsp.realpath(p),
  open: (p, flags) => fsp.open(p, flags),
};

const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

export function isInside(rootReal: string, candidate: string): boolean {
  if (candidate === rootReal) return true;
  const prefix = rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep;
  return candidate.startsWith(prefix);
}

function failure(err: unknown): ReadResult {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return { ok: false, reason: `unreadable: ${code ?? (err instanceof Error ? err.message : String(err))}` };
}

export async function readPythonSource(
  root: string,
  relPath: string,
  options: { maxBytes: number },
  deps: ReadDeps = defaultDeps,
): Promise<ReadResult> {
  const normal = path.posix.normalize(relPath);
  if (path.posix.isAbsolute(normal) || normal === '..' || normal.startsWith('../')) {
    return { ok: false, reason: 'path escapes the scan root' };
  }

  let realFile: string;
  try {
    const rootReal = await deps.realpath(root);
    realFile = await deps.realpath(path.join(root, normal));
    if (!isInside(rootReal, realFile)) return { ok: false, reason: 'symlink points outside the scan root' };
  } catch (err) {
    return failure(err);
  }

  let handle: FileHandle | undefined;
  try {
    handle = await deps.open(realFile, OPEN_FLAGS);
    const stat = await handle.stat();
    if (!stat.isFile()) return { ok: false, reason: 'not a regular file' };
    if (stat.size > options.maxBytes) return tooLarge(options.maxBytes, stat.size);
    const bytes = await handle.readFile();
    // The file may have grown between fstat and read.
    if (bytes.length > options.maxBytes) return tooLarge(options.maxBytes, bytes.length);
    return decodePythonSource(bytes);
  } catch (err) {
    return failure(err);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function tooLarge(maxBytes: number, size: number): ReadResult {
  return {
    ok: false,
    reason: `larger than ${maxBytes} bytes (${size} bytes); raise --max-file-bytes to include it`,
  };
}
