import type { FileRecord } from '../model.js';
import type { PythonParser } from './treeSitter.js';
export declare function extractFile(parser: PythonParser, relPath: string, text: string): FileRecord;
