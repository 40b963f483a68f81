// Real directory trees for the file-layer tests: every test gets its own mkdtemp directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) {
    // Restore permissions first so a test that chmod'ed something never leaves debris behind.
    try {
      fs.chmodSync(dir, 0o755);
    } catch {
      // already gone
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

export function tempDir(prefix = 'repodigest-files-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Write files: keys are POSIX paths relative to root, values are text or raw bytes. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

export function link(root: string, rel: string, target: string): void {
  const abs = path.join(root, ...rel.split('/'));
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.symlinkSync(target, abs);
}

/** chmod 000 stops reads only for a non-root user; tests running as root must use another way. */
export const runningAsRoot = process.getuid?.() === 0;

export function errnoError(code: string, syscall: string, p: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${syscall} '${p}'`), { code, syscall, path: p });
}
