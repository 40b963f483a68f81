// A client of the Actions cache service v2, doing what @actions/cache's restoreCache and saveCache do
// there (the service and the archives are theirs: cacheArchive.ts, twirpClient.ts, blobStorage.ts),
// without that package's 35 MB of dependencies. Only what action/digestCache.ts uses:
// - Available when @actions/cache would pick the v2 service and find its URL: not GitHub Enterprise
//   Server (which has the legacy v1 service only; not implemented here), ACTIONS_CACHE_SERVICE_V2
//   set, ACTIONS_RESULTS_URL set. Also not on Windows runners (cacheArchive.ts says why).
// - ACTIONS_CACHE_MODE (none, read, write, write-only) is honoured the same way: a restore or save it
//   forbids is skipped with an info line; an unknown or missing mode allows both.
// - Restore: GetCacheEntryDownloadURL {key, restore_keys, version} -> matched_key and
//   signed_download_url; download, unpack; returns the matched key. Keys as @actions/cache checks
//   them (at most 10, each at most 512 characters, no commas): a bad one throws. Any other failure is
//   one warning "Failed to restore: …" and a miss: the cache is optional.
// - Save: pack, CreateCacheEntry {key, version} -> signed_upload_url; upload (one Put Blob up to
//   128 MiB, else 64 MiB blocks); FinalizeCacheEntryUpload {key, version, size_bytes} -> entry_id,
//   returned. A refused reservation (another job saving the key) is an info line, a write the token
//   may not make or any other failure a warning, both "Failed to save: …" and -1; a cache path that
//   does not exist throws, as there.
// The log lines are @actions/cache's, word for word ("Cache hit for restore-key: …"): workflows and
// tests read them.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BlobDeps, downloadBlob, uploadFileBlob } from './blobStorage.js';
import { archivePaths, cacheFileName, cacheVersion, compressionMethod, createArchive, extractArchive, type Run, runProgram } from './cacheArchive.js';
import { runnerServiceDeps } from './runnerServiceDeps.js';
import { CACHE_SERVICE, type TwirpDeps, type TwirpMessage, twirpCall } from './twirpClient.js';

const SINGLE_SHOT_MAX = 128 * 1024 * 1024;
const BLOCK_SIZE = 64 * 1024 * 1024;
const WRITE_DENIED = 'cache write denied:';

export type CacheClientDeps = TwirpDeps &
  BlobDeps & {
    env: NodeJS.ProcessEnv;
    platform: NodeJS.Platform;
    /** What a leading `~` of a cache path stands for. */
    home: string;
    run: Run;
  };

export function defaultCacheDeps(): CacheClientDeps {
  return {
    env: process.env,
    platform: process.platform,
    home: homedir(),
    run: runProgram,
    ...runnerServiceDeps(),
  };
}

/** Thrown for keys and paths @actions/cache refuses: a caller's mistake, not a service failure. */
export class CacheValidationError extends Error {}

export function isCacheServiceAvailable(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean {
  return platform !== 'win32' && !isGhes(env) && Boolean(env['ACTIONS_CACHE_SERVICE_V2']) && Boolean(env['ACTIONS_RESULTS_URL']);
}

function isGhes(env: NodeJS.ProcessEnv): boolean {
  const host = new URL(env['GITHUB_SERVER_URL'] || 'https://github.com').hostname.trimEnd().toUpperCase();
  return host !== 'GITHUB.COM' && !host.endsWith('.GHE.COM') && !host.endsWith('.LOCALHOST');
}

export async function restoreCache(paths: string[], key: string, restoreKeys: string[], deps: CacheClientDeps): Promise<string | undefined> {
  checkPaths(paths);
  const keys = [key, ...restoreKeys];
  if (keys.length > 10) throw new CacheValidationError('Key Validation Error: Keys are limited to a maximum of 10.');
  keys.forEach(checkKey);
  const mode = cacheMode(deps.env);
  if (!permits(mode, ['read', 'write'])) {
    deps.info(`Cache restore skipped: the effective cache-mode '${mode}' does not permit reads.`);
    return undefined;
  }
  let folder: string | undefined;
  try {
    const method = await compressionMethod(deps.run);
    const request: TwirpMessage = { key, ...(restoreKeys.length > 0 ? { restore_keys: restoreKeys } : {}), version: cacheVersion(paths, method) };
    const response = await twirpCall(CACHE_SERVICE, target(deps.env), 'GetCacheEntryDownloadURL', request, deps);
    const matched = typeof response['matched_key'] === 'string' ? response['matched_key'] : '';
    if (response['ok'] !== true || typeof response['signed_download_url'] !== 'string') return undefined;
    deps.info(matched !== key ? `Cache hit for restore-key: ${matched}` : `Cache hit for: ${matched}`);
    folder = await tempFolder(deps.env);
    const archive = join(folder, cacheFileName(method));
    await downloadBlob(response['signed_download_url'], archive, deps);
    const size = (await stat(archive)).size;
    deps.info(`Cache Size: ~${Math.round(size / (1024 * 1024))} MB (${size} B)`);
    await extractArchive(archive, method, archiveContext(deps));
    deps.info('Cache restored successfully');
    return matched;
  } catch (error) {
    deps.warning(`Failed to restore: ${(error as Error).message}`);
    return undefined;
  } finally {
    if (folder) await rm(folder, { recursive: true, force: true });
  }
}

export async function saveCache(paths: string[], key: string, deps: CacheClientDeps): Promise<number> {
  checkPaths(paths);
  checkKey(key);
  const mode = cacheMode(deps.env);
  if (!permits(mode, ['write', 'write-only'])) {
    deps.info(`Cache save skipped: the effective cache-mode '${mode}' does not permit writes.`);
    return -1;
  }
  const method = await compressionMethod(deps.run);
  const ctx = archiveContext(deps);
  const existing = archivePaths(paths, ctx.workspace, deps.home);
  if (existing.length === 0) throw new Error('Path Validation Error: Path(s) specified in the action for caching do(es) not exist, hence no cache is being saved.');
  const folder = await tempFolder(deps.env);
  try {
    const archive = await createArchive(folder, existing, method, ctx);
    const size = (await stat(archive)).size;
    const version = cacheVersion(paths, method);
    const uploadUrl = await reserve(key, version, deps);
    await uploadFileBlob(uploadUrl, archive, { singleShotMax: SINGLE_SHOT_MAX, blockSize: BLOCK_SIZE }, deps);
    const finalized = await twirpCall(CACHE_SERVICE, target(deps.env), 'FinalizeCacheEntryUpload', { key, version, size_bytes: String(size) }, deps);
    if (finalized['ok'] !== true) {
      const message = typeof finalized['message'] === 'string' ? finalized['message'] : '';
      if (message !== '') {
        deps.warning(message);
        return -1;
      }
      throw new Error(`Unable to finalize cache with key ${key}, another job may be finalizing this cache.`);
    }
    return Number.parseInt(String(finalized['entry_id']), 10);
  } catch (error) {
    if (error instanceof Reserved) deps.info(`Failed to save: ${error.message}`);
    else deps.warning(`Failed to save: ${(error as Error).message}`);
    return -1;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The reservation was refused: another job is saving this key (the service's usual reason). */
class Reserved extends Error {}

async function reserve(key: string, version: string, deps: CacheClientDeps): Promise<string> {
  let message: string;
  try {
    const response = await twirpCall(CACHE_SERVICE, target(deps.env), 'CreateCacheEntry', { key, version }, deps);
    if (response['ok'] === true && typeof response['signed_upload_url'] === 'string') return response['signed_upload_url'];
    message = typeof response['message'] === 'string' ? response['message'] : '';
    if (message !== '' && !message.startsWith(WRITE_DENIED)) deps.warning(`Cache reservation failed: ${message}`);
  } catch (error) {
    message = (error as Error).message;
  }
  if (message.startsWith(WRITE_DENIED)) throw new Error(`Unable to reserve cache with key ${key}. More details: ${message}`);
  throw new Reserved(`Unable to reserve cache with key ${key}, another job may be creating this cache.`);
}

function checkPaths(paths: string[]): void {
  if (paths.length === 0) throw new CacheValidationError('Path Validation Error: At least one directory or file path is required');
}

function checkKey(key: string): void {
  if (key.length > 512) throw new CacheValidationError(`Key Validation Error: ${key} cannot be larger than 512 characters.`);
  if (key.includes(',')) throw new CacheValidationError(`Key Validation Error: ${key} cannot contain commas.`);
}

function cacheMode(env: NodeJS.ProcessEnv): string {
  return (env['ACTIONS_CACHE_MODE'] || '').trim().toLowerCase();
}

/** Unknown or unset modes allow everything, as there. */
function permits(mode: string, allowing: string[]): boolean {
  return !['none', 'read', 'write', 'write-only'].includes(mode) || allowing.includes(mode);
}

function target(env: NodeJS.ProcessEnv): { resultsUrl: string; token: string } {
  const token = env['ACTIONS_RUNTIME_TOKEN'];
  if (!token) throw new Error('Unable to get the ACTIONS_RUNTIME_TOKEN env variable');
  return { resultsUrl: env['ACTIONS_RESULTS_URL'] ?? '', token };
}

function archiveContext(deps: CacheClientDeps) {
  return { run: deps.run, workspace: deps.env['GITHUB_WORKSPACE'] ?? process.cwd(), platform: deps.platform, env: deps.env };
}

async function tempFolder(env: NodeJS.ProcessEnv): Promise<string> {
  const folder = join(env['RUNNER_TEMP'] || tmpdir(), randomUUID());
  await mkdir(folder, { recursive: true });
  return folder;
}
