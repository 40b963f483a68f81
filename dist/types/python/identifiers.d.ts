import type { FileRecord, PySymbol } from '../model.js';
/** The name Python binds for an identifier spelled `raw` (ASCII is already normal). */
export declare function pythonName(raw: string): string;
/**
 * An expression's text with its names as Python reads them and everything else as written: string
 * literals (f-strings whole) and comments are copied, the code between them normalised. A backslash
 * inside a literal always skips the next character, which is right for raw literals too (a raw
 * literal cannot end on an odd backslash).
 */
export declare function pythonCode(text: string): string;
/** Whether a text has anything to normalise: most files are ASCII, and the walk below is skipped. */
export declare function hasNonAscii(text: string): boolean;
/** The note for a definition spelled otherwise than the name Python binds. */
export declare function lookalikeNote(symbol: PySymbol): string | undefined;
/**
 * Normalises every name a symbol's records hold (references, parameters, bindings, imports, and the
 * expression texts the resolver reads: bases, decorators, annotations). Definition names are
 * normalised earlier, when their ids are made (extract.ts), so `#2` numbering sees Python's names.
 */
export declare function normaliseNames(record: FileRecord): void;
