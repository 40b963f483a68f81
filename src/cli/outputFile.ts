// Files the CLI writes on request (`--output`, `--html`). The name comes from the user, but it may sit
// in a checkout whose links a pull request controls: a symbolic link is never followed (O_NOFOLLOW,
// checked by the kernel at open, so no race between a check and the write); the write is refused
// with one line instead, and the link and its target are left as they were.
import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { RepoDigestError } from '../shared/errors.js';

export function writeOutputFile(option: string, path: string, text: string): void {
  let fd: number;
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o666);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new RepoDigestError(`Cannot write ${option} '${path}': it is a symbolic link, which is never followed`, 'remove the link or name another file');
    throw new RepoDigestError(`Cannot write ${option} '${path}': ${code ?? (error as Error).message}`, 'check that the folder exists and is writable');
  }
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  } finally {
    closeSync(fd);
  }
}
