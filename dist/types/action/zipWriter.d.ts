export interface ZipEntry {
    /** The path inside the archive, '/'-separated, no leading slash. */
    name: string;
    data: Buffer;
    modified: Date;
}
export declare function writeZip(entries: readonly ZipEntry[]): Buffer;
/** CRC-32 (IEEE 802.3, as zip and gzip use it). */
export declare function crc32(data: Uint8Array): number;
/** The table-driven CRC-32, for Node versions without zlib.crc32 (exported to test it against that). */
export declare function tableCrc32(data: Uint8Array): number;
