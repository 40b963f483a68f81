import type { DigestItem } from '../pack/document.js';
import type { RedactionCount } from '../review/redact.js';
/** The header line (our own markdown) when the document shows a redaction, else undefined. */
export declare function redactionNote(counts: readonly RedactionCount[], shown: {
    items: readonly DigestItem[];
    sections: readonly string[];
}, names: ReadonlyMap<string, string> | undefined): string | undefined;
