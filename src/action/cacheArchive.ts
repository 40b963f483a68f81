// The cache archive: the cached folder packed by the system tar, compressed by zstd when the runner
// has it, else gzip, exactly as @actions/cache packs it, so an entry one of them saved the other can
// restore, and the entry's version (which must match for a restore to find it) is computed the same:
// - compression: `zstd --quiet --version` prints anything -> "zstd-without-long" (zstdmt to pack,
//   unzstd to unpack, archive cache.tzst); else "gzip" (tar -z, cache.tgz);
// - version: sha256 of the cache paths as written, the compression method and the salt "1.0", joined
//   with "|";
// - paths are stored relative to the workspace (GITHUB_WORKSPACE, else the working directory) with
//   -P, listed in manifest.txt: `tar --posix -cf cache.tzst --exclude cache.tzst -P -C <workspace>
//   --files-from manifest.txt`, unpacked with `tar -xf <archive> -P -C <workspace>`. A path outside
//   the workspace is stored as ../…, so it is restored where it was as long as the workspace is too.
// - tar is GNU tar on Linux; on macOS gtar when installed (with --delay-directory-restore), else the
//   system's BSD tar. Windows runners are not supported here (its tar variants and their workarounds
//   are @actions/cache's largest part, and none can be tested here): the cache reports itself
//   unavailable there and the run is analysed uncached.
// Paths are plain paths with an optional leading `~` (the home folder), no glob patterns.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { delimiter, join, relative, resolve, sep } from 'node:path';

export type CompressionMethod = 'gzip' | 'zstd-without-long';

/** Runs a program (no shell); rejects with its stderr when it fails. */
export type Run = (file: string, args: readonly string[], cwd?: string) => Promise<string>;

export const runProgram: Run = (file, args, cwd) =>
  new Promise((resolvePromise, reject) => {
    execFile(file, args, { cwd, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(Object.assign(new Error(`${String(stderr).trim() || error.message}`), { code: (error as { code?: unknown }).code }));
      else resolvePromise(`${String(stdout)}${String(stderr)}`);
    });
  });

export async function compressionMethod(run: Run): Promise<CompressionMethod> {
  let output = '';
  try {
    output = (await run('zstd', ['--quiet', '--version'])).trim();
  } catch {
    // no zstd: gzip
  }
  return output === '' ? 'gzip' : 'zstd-without-long';
}

export function cacheFileName(method: CompressionMethod): string {
  return method === 'gzip' ? 'cache.tgz' : 'cache.tzst';
}

export function cacheVersion(paths: readonly string[], method: CompressionMethod): string {
  return createHash('sha256').update([...paths, method, '1.0'].join('|')).digest('hex');
}

/** `~/x` -> `<home>/x`; other paths resolved against the working directory. */
export function expandPath(path: string, home: string = homedir()): string {
  return path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : resolve(path);
}

/** The existing paths, relative to the workspace with '/' separators ('.' for the workspace itself). */
export function archivePaths(paths: readonly string[], workspace: string, home: string = homedir()): string[] {
  return paths
    .map((p) => expandPath(p, home))
    .filter((p) => existsSync(p))
    .map((p) => relative(workspace, p).split(sep).join('/') || '.');
}

interface Tar {
  path: string;
  gnu: boolean;
}

function tarProgram(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): Tar {
  if (platform === 'darwin') {
    const gtar = (env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'gtar')).find((p) => existsSync(p));
    return gtar ? { path: gtar, gnu: true } : { path: 'tar', gnu: false };
  }
  return { path: 'tar', gnu: true };
}

function platformArgs(tar: Tar, platform: NodeJS.Platform): string[] {
  return tar.gnu && platform === 'darwin' ? ['--delay-directory-restore'] : [];
}

export interface ArchiveContext {
  run: Run;
  workspace: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}

/** Packs `paths` (from archivePaths) into `<folder>/<cacheFileName>`; returns the archive's path. */
export async function createArchive(folder: string, paths: readonly string[], method: CompressionMethod, ctx: ArchiveContext): Promise<string> {
  const name = cacheFileName(method);
  writeFileSync(join(folder, 'manifest.txt'), paths.join('\n'));
  const tar = tarProgram(ctx.platform, ctx.env);
  const compress = method === 'gzip' ? ['-z'] : ['--use-compress-program', 'zstdmt'];
  const args = ['--posix', '-cf', name, '--exclude', name, '-P', '-C', ctx.workspace.split(sep).join('/'), '--files-from', 'manifest.txt', ...platformArgs(tar, ctx.platform), ...compress];
  await tarRun(tar, args, folder, ctx.run);
  return join(folder, name);
}

export async function extractArchive(archive: string, method: CompressionMethod, ctx: ArchiveContext): Promise<void> {
  await mkdir(ctx.workspace, { recursive: true });
  const tar = tarProgram(ctx.platform, ctx.env);
  const decompress = method === 'gzip' ? ['-z'] : ['--use-compress-program', 'unzstd'];
  const args = ['-xf', archive.split(sep).join('/'), '-P', '-C', ctx.workspace.split(sep).join('/'), ...platformArgs(tar, ctx.platform), ...decompress];
  await tarRun(tar, args, undefined, ctx.run);
}

async function tarRun(tar: Tar, args: string[], cwd: string | undefined, run: Run): Promise<void> {
  try {
    await run(tar.path, args, cwd);
  } catch (error) {
    throw new Error(`${tar.path} failed with error: ${(error as Error).message}`, { cause: error });
  }
}
