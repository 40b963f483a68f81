// The one HTTP layer of the results services (artifact and cache twirp calls) and their signed blob
// URLs: @actions/http-client, the client @actions/artifact and @actions/cache themselves use, so a
// runner's proxy settings (https_proxy, no_proxy) apply per destination exactly as they did.
//
// A connection silent for SOCKET_TIMEOUT_MS is dropped (an error, which callers retry): a hung socket
// must not hold the step until the job's own timeout.
import { createWriteStream } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpClient } from '@actions/http-client';
import { packageVersion } from '../shared/packageInfo.js';

export const SOCKET_TIMEOUT_MS = 120_000;

export interface HttpResult {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ResultsHttp {
  /** One request; the whole response body is read. Rejects only when no response came (network). */
  send: (method: string, url: string, body: Buffer | string | undefined, headers: Record<string, string>) => Promise<HttpResult>;
  /** GET streamed to `file` on a 2xx; any other answer is returned with its (short) body unwritten. */
  download: (url: string, headers: Record<string, string>, file: string) => Promise<HttpResult>;
}

export function resultsHttp(userAgent = `repodigest/${packageVersion}`): ResultsHttp {
  const client = new HttpClient(userAgent, [], { socketTimeout: SOCKET_TIMEOUT_MS });
  return {
    send: async (method, url, body, headers) => {
      const data = body === undefined ? null : typeof body === 'string' ? body : Readable.from([body]);
      const sized = body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) };
      const response = await client.request(method, url, data, { ...sized, ...headers });
      const chunks: Buffer[] = [];
      for await (const chunk of response.message) chunks.push(chunk as Buffer);
      return result(response.message, Buffer.concat(chunks));
    },
    download: async (url, headers, file) => {
      const response = await client.request('GET', url, null, headers);
      const status = response.message.statusCode ?? 0;
      if (status < 200 || status >= 300) return result(response.message, Buffer.from(await response.readBody()));
      await pipeline(response.message, createWriteStream(file));
      return result(response.message, Buffer.alloc(0));
    },
  };
}

function result(message: { statusCode?: number | undefined; statusMessage?: string | undefined; headers: IncomingHttpHeaders }, body: Buffer): HttpResult {
  return { status: message.statusCode ?? 0, statusText: message.statusMessage ?? '', headers: message.headers, body };
}
