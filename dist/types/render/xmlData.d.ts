import type { DataRecord } from '../pack/document.js';
/** Each field of `data` as one element, in the record's key order, one per line. */
export declare function dataElements(data: DataRecord): string[];
