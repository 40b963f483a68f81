import type { Binding, CallSite, FileRecord, ImportRecord } from '../model.js';
/** Compacts a record; `facts` compacts one symbol's facts alone (as the record's are). */
export type RecordCompactor = ((record: FileRecord) => FileRecord) & {
    facts: (facts: Facts) => Facts;
};
/** A symbol's calls, bindings and imports. */
export type Facts = [calls: CallSite[], bindings: Binding[], imports: ImportRecord[]];
/**
 * Takes `adjust` to apply to `record`'s facts when they are read later, and says true; false when they
 * are to be compacted now (a record read from the cache decodes them when first read, cache/lazyFacts.ts).
 */
export type FactsLater = (record: FileRecord, adjust: (facts: Facts) => Facts) => boolean;
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
export declare function createRecordCompactor(textless?: boolean, later?: FactsLater): RecordCompactor;
