// Azure Blob Storage through a signed URL (SAS) the results service hands out: the digest artifact's
// zip and the cache archive go up, the cache archive comes down. The subset of the REST API the Azure
// SDK used for @actions/artifact and @actions/cache sends, without the SDK:
// - Upload as staged blocks (Put Block `comp=block&blockid=…`, then Put Block List `comp=blocklist`
//   naming them `Latest`), as BlockBlobClient.uploadStream does for artifacts (8 MiB blocks), or as
//   one Put Blob (`x-ms-blob-type: BlockBlob`) when the whole fits `singleShotMax`, as uploadFile does
//   for cache archives (up to 128 MiB; past it, 64 MiB blocks). Blocks go one after another: the
//   archives here are a few MB, parallel blocks would buy nothing.
// - Block ids as the SDK makes them: base64 of a random UUID and the block index padded to 6 digits
//   (Azure wants every id of a blob the same length).
// - Download as one streamed Get Blob (the SDK reads ranges in parallel, for speed on large blobs).
// - Every request names the REST API version the URL was signed for (its `sv`) in x-ms-version: the
//   one the service that signed it chose, and what Azure would assume for a SAS without the header.
// - Each request is tried up to 4 times when it gets no answer or a 500/503, waiting 4 s, 8 s, 16 s:
//   the shape of the SDK's default storage retry policy. Other statuses are answers.
// Errors name the operation, the status and Azure's x-ms-error-code; never the URL (its `sig` is a
// credential).
import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { HttpResult, ResultsHttp } from './resultsHttp.js';

const TRIES = 4;
const RETRY_DELAY_MS = 4000;

export interface BlobDeps {
  http: ResultsHttp;
  sleep: (ms: number) => Promise<void>;
}

/** Bytes to upload, read a block at a time (a Buffer, or a file by its handle). */
export interface BlobSource {
  size: number;
  read: (offset: number, length: number) => Promise<Buffer>;
}

export interface UploadOptions {
  /** Largest size sent as one Put Blob; 0: always staged blocks. */
  singleShotMax: number;
  blockSize: number;
  /** The blob's Content-Type (x-ms-blob-content-type), if any. */
  contentType?: string;
}

export function bufferSource(data: Buffer): BlobSource {
  return { size: data.length, read: async (offset, length) => data.subarray(offset, offset + length) };
}

export async function uploadFileBlob(url: string, file: string, options: UploadOptions, deps: BlobDeps): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (offset: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    };
    await uploadBlob(url, { size, read }, options, deps);
  } finally {
    await handle.close();
  }
}

export async function uploadBlob(url: string, source: BlobSource, options: UploadOptions, deps: BlobDeps): Promise<void> {
  const blobHeaders: Record<string, string> = options.contentType ? { 'x-ms-blob-content-type': options.contentType } : {};
  if (source.size <= options.singleShotMax) {
    const body = await source.read(0, source.size);
    await request('Put Blob', 'PUT', url, body, { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/octet-stream', ...blobHeaders }, deps);
    return;
  }
  const prefix = randomUUID();
  const ids: string[] = [];
  for (let offset = 0, index = 0; offset < source.size; offset += options.blockSize, index++) {
    const id = blockId(prefix, index);
    const body = await source.read(offset, Math.min(options.blockSize, source.size - offset));
    await request('Put Block', 'PUT', withQuery(url, `comp=block&blockid=${encodeURIComponent(id)}`), body, { 'Content-Type': 'application/octet-stream' }, deps);
    ids.push(id);
  }
  const list = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><BlockList>${ids.map((id) => `<Latest>${id}</Latest>`).join('')}</BlockList>`;
  await request('Put Block List', 'PUT', withQuery(url, 'comp=blocklist'), Buffer.from(list, 'utf8'), { 'Content-Type': 'application/xml', ...blobHeaders }, deps);
}

/** Get Blob, streamed into `file`. */
export async function downloadBlob(url: string, file: string, deps: BlobDeps): Promise<void> {
  await tried('Get Blob', () => deps.http.download(url, versionHeader(url), file), deps);
}

/** The SDK's block id: base64 of (prefix + index padded to 6 digits), cut to 48 characters before encoding. */
export function blockId(prefix: string, index: number): string {
  return Buffer.from(`${prefix}${String(index).padStart(6, '0')}`.slice(0, 48), 'utf8').toString('base64');
}

function withQuery(url: string, query: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function request(operation: string, method: string, url: string, body: Buffer, headers: Record<string, string>, deps: BlobDeps): Promise<HttpResult> {
  return tried(operation, () => deps.http.send(method, url, body, { ...versionHeader(url), ...headers }), deps);
}

/** x-ms-version: the signed version (`sv`) of the SAS URL, when it has one. */
export function versionHeader(url: string): Record<string, string> {
  let version: string | null = null;
  try {
    version = new URL(url).searchParams.get('sv');
  } catch {
    // not a URL: the request fails on its own
  }
  return version ? { 'x-ms-version': version } : {};
}

async function tried(operation: string, attempt: () => Promise<HttpResult>, deps: BlobDeps): Promise<HttpResult> {
  let last = '';
  for (let n = 1; n <= TRIES; n++) {
    if (n > 1) await deps.sleep(RETRY_DELAY_MS * 2 ** (n - 2));
    let response: HttpResult;
    try {
      response = await attempt();
    } catch (error) {
      // A socket error may quote the request path, whose query is the signature.
      last = `${operation} failed: ${(error as Error).message.replace(/\?\S*/g, '?…')}`;
      continue;
    }
    if (response.status >= 200 && response.status < 300) return response;
    const code = response.headers['x-ms-error-code'];
    last = `${operation} failed: (${response.status}) ${response.statusText}${code ? ` ${String(code)}` : ''}`;
    if (response.status !== 500 && response.status !== 503) throw new Error(last);
  }
  throw new Error(`${last} (after ${TRIES} tries)`);
}
