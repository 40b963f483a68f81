import type { FileRecord } from '../model.js';
import { type Facts } from './lazyFacts.js';
/** What an entry must be to answer a lookup. */
export interface EntryKey {
    namespace: string;
    path: string;
    blob: string;
}
export type Decoded = {
    ok: true;
    record: FileRecord;
} | {
    ok: false;
    reason: string;
};
/** The entry's bytes (UTF-8 text) for `record`, extracted from `text` at `key.path`. */
export declare function encodeEntry(key: EntryKey, record: FileRecord, text: string): string;
/**
 * The record an entry holds, or why it cannot be trusted (one short phrase). Its facts are decoded when
 * first read, from the entry's bytes as `reread` gives them then (the entry read again, and checked again
 * as here, so the run does not hold every entry's facts until it needs them); when they cannot be read
 * or are not what validateRecord.ts expects, `recover` is given the reason and returns the facts to use
 * instead, one per symbol of `ids` (the record's symbols' ids, in order).
 */
export declare function decodeEntry(key: EntryKey, bytes: Buffer, text: string, reread: () => Buffer | undefined, recover: (reason: string, ids: readonly string[]) => Facts[]): Decoded;
