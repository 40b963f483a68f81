import type { FileRecord } from '../model.js';
export type RecordCompactor = (record: FileRecord) => FileRecord;
/** One compactor per scan: its tables live as long as it does (drop it when the scan ends). */
export declare function createRecordCompactor(): RecordCompactor;
