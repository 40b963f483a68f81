import type { ResultsHttp } from './resultsHttp.js';
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
export declare function bufferSource(data: Buffer): BlobSource;
export declare function uploadFileBlob(url: string, file: string, options: UploadOptions, deps: BlobDeps): Promise<void>;
export declare function uploadBlob(url: string, source: BlobSource, options: UploadOptions, deps: BlobDeps): Promise<void>;
/** Get Blob, streamed into `file`. */
export declare function downloadBlob(url: string, file: string, deps: BlobDeps): Promise<void>;
/** The SDK's block id: base64 of (prefix + index padded to 6 digits), cut to 48 characters before encoding. */
export declare function blockId(prefix: string, index: number): string;
/** x-ms-version: the signed version (`sv`) of the SAS URL, when it has one. */
export declare function versionHeader(url: string): Record<string, string>;
