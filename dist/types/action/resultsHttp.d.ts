import type { IncomingHttpHeaders } from 'node:http';
export declare const SOCKET_TIMEOUT_MS = 120000;
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
export declare function resultsHttp(userAgent?: string): ResultsHttp;
