export declare const CACHE_FORMAT_VERSION = 4;
/** The folder name every entry of this build lives under (16 hex digits). */
export declare function cacheNamespace(): string;
/** sha256 of the code this process runs (see the decisions above); '' when it cannot be read. */
export declare function codeIdentity(): string;
/** git's blob id of `text` as UTF-8. */
export declare function blobId(text: string): string;
/** The entry's file name inside its namespace folder: `ab/<sha1 of path and blob>`. */
export declare function entryName(path: string, blob: string): string;
