/** Where a streamed entry goes: chunks appended in order, and one write at a position (the header, last). */
export interface EntrySink {
    append(bytes: Buffer): void;
    writeAt(position: number, bytes: Buffer): void;
}
/** `payload`: the payload's bytes (UTF-8 text), a view into the entry's. */
export type Unframed<H> = {
    ok: true;
    header: H;
    payload: Buffer;
} | {
    ok: false;
    reason: string;
};
/** The entry's bytes (UTF-8 text): `fields` (the entry's own header fields) with length and sha256 added. */
export declare function frameEntry(fields: Record<string, unknown>, payload: string): string;
/** Writes an entry into `sink`: `produce` emits the payload's text in pieces. The bytes unframe as a framed entry's do. */
export declare function streamEntry(sink: EntrySink, fields: Record<string, unknown>, produce: (emit: (text: string) => void) => void): void;
/** The bytes streamEntry writes, in memory (for tests and small entries). */
export declare function streamedBytes(write: (sink: EntrySink) => void): Buffer;
/**
 * The header and payload of an entry. `isHeader` checks the header's own fields (length and
 * sha256 are checked here); `names` returns why the entry is not the one asked for, or undefined.
 */
export declare function unframeEntry<H extends object>(bytes: Buffer, isHeader: (value: Record<string, unknown>) => value is Record<string, unknown> & H, shapeReason: string, names: (header: H) => string | undefined): Unframed<H>;
export declare function parseJson(text: string): unknown;
