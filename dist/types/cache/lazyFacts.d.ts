import type { FileRecord, PySymbol } from '../model.js';
import type { Facts } from '../python/compactRecord.js';
export type { Facts };
/** A symbol as an entry stores it: everything but its facts, in the symbol's key order. */
export type FactlessSymbol = Omit<PySymbol, 'calls' | 'bindings' | 'imports'>;
/** Every symbol's facts, in symbol order (an entry's second part). */
export declare function factsOf(record: FileRecord): Facts[];
/** `s` without its facts; its other keys keep their order. */
export declare function withoutFacts(s: PySymbol): FactlessSymbol;
/**
 * The record as JSON with its symbols' facts apart: one text for equal records, whether their facts are
 * plain fields (placed among a symbol's keys by extraction) or decoded accessors (the last keys).
 */
export declare function recordJson(record: FileRecord): string;
/**
 * Gives every symbol of `symbols` (decoded without facts) accessors for its facts, which `decode` returns
 * (one entry per symbol, in order) when any of them is first read.
 */
export declare function attachFacts(symbols: readonly FactlessSymbol[], decode: () => Facts[]): void;
/** Whether any symbol of `record` holds facts its entry has not decoded yet. */
export declare function factsPending(record: FileRecord): boolean;
/**
 * Decodes every pending fact of `files` and makes each symbol that reads its facts through accessors a
 * plain object with the same fields, in its record: for a reader of every symbol's facts (resolution),
 * to which an accessor read costs about twice the time of a field's.
 */
export declare function plainFacts(files: readonly FileRecord[]): void;
/**
 * `{ ...s, ...changes }` (keys in `s`'s order) without decoding facts that are not yet: the copy then
 * reads and writes the same facts as `s`, as a spread copy shares the same lists.
 */
export declare function copySymbol(s: PySymbol, changes: Partial<FactlessSymbol>): PySymbol;
/**
 * A deep copy of `record` (shared/copyPlain.ts). When none of its symbols' facts is decoded yet, the
 * copy's stay so: the copy decodes its own when one is first read, a copy of the record's (decoded then,
 * once for every copy). A reader of a copy that never reads its facts (a changed file's other version
 * read for its lines and signatures) then costs neither their decoding nor their copy.
 */
export declare function copyRecord(record: FileRecord): FileRecord;
/**
 * When `record`'s facts are not decoded yet: `adjust` is applied to each symbol's facts as they are
 * (after any adjustment registered before), and true. False when they are plain fields or decoded
 * already: the caller adjusts them itself.
 */
export declare function adjustFactsWhenRead(record: FileRecord, adjust: (facts: Facts) => Facts): boolean;
