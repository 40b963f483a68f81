export type Decoded = {
    ok: true;
    text: string;
    notes: string[];
} | {
    ok: false;
    reason: string;
};
export declare const NOTE_BOM = "UTF-8 BOM removed";
export declare const NOTE_NEWLINES = "CRLF line endings normalised";
export declare const NOTE_INVALID_UTF8 = "not valid UTF-8: undecodable bytes replaced with U+FFFD";
type Codec = {
    kind: 'utf-8';
} | {
    kind: 'latin-1';
} | {
    kind: 'cp1252';
} | {
    kind: 'decoder';
    label: string;
} | {
    kind: 'unknown';
};
/** The coding cookie on line 1 or 2, if any (already lower-cased). */
export declare function findCodingCookie(bytes: Uint8Array): string | undefined;
/** Map a Python codec name to how we decode it; Python's `-*` suffixes (utf-8-sig, latin-1-x) normalised as CPython does. */
export declare function codecFor(cookie: string): Codec;
export declare function decodePythonSource(input: Uint8Array): Decoded;
export {};
