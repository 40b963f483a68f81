import type { FileRecord } from '../model.js';
import { type SourceLines } from '../python/render.js';
/** Why `record` does not describe the file `src` (a short phrase), or undefined when every text checks out. */
export declare function textProblem(record: FileRecord, src: SourceLines): string | undefined;
