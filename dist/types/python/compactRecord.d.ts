import type { FileRecord } from '../model.js';
export type RecordCompactor = (record: FileRecord) => FileRecord;
/**
 * Bytes of used heap below which a record read from the cache is kept as decoded. JSON.parse already
 * makes what the compactor rebuilds (arrays at their exact length, fields held in the object), so on
 * a decoded record compacting only shares equal values: a little less peak for a tenth of a warm run's
 * CPU or more (docs/decisions.md, Memory). Worth it only once memory grows; extracted records are
 * always compacted.
 */
export declare const COMPACT_DECODED_ABOVE: number;
/** Whether a record read from the cache is compacted, given the heap in use (pure). */
export declare function compactsDecoded(usedHeapBytes: number): boolean;
/**
 * `s` holding its own characters. V8 makes a substring of 13 characters or more a view into the string
 * it was cut from, so one name sliced from a file keeps the whole file's text alive; a shorter one is a
 * copy already.
 */
export declare function detached(s: string): string;
/**
 * One compactor per scan: its tables live as long as it does (drop it when the scan ends).
 * `textless`: the records' texts are dropped after it (python/dropText.ts), so every string it keeps is
 * copied out of the source, long ones too; otherwise `full` holds the source anyway and only short
 * strings are copied (a long one copied would be a second copy).
 */
export declare function createRecordCompactor(textless?: boolean): RecordCompactor;
