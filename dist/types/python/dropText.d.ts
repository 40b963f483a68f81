import type { FileRecord } from '../model.js';
/** The record with its symbols' texts (`full`, `signature`, `docstring`) emptied; mutated in place. */
export declare function dropText(record: FileRecord): FileRecord;
