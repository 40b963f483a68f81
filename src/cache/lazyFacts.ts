// A cached record's facts (each symbol's call sites, bindings and imports: over half of an entry's bytes
// and most of the objects decoding it makes) are decoded when first read, not when the entry is.
//
// Decisions:
// - Why: only resolution reads every symbol's facts. A run whose call graph comes from the cache
//   (graphCache.ts) reads them for the few symbols its review looks at, so decoding them all cost a warm
//   run most of its JSON parsing and garbage collection.
// - How: an entry stores its symbols without facts, then the facts of every symbol in symbol order as
//   a second JSON text (entryCodec.ts). Decoding gives each symbol enumerable accessors `calls`,
//   `bindings` and `imports` that decode the file's facts on first use, once for all its symbols, from
//   the entry read again then (holding every entry's facts until resolution would raise a first run's
//   peak by their size). They are own, enumerable properties, so a copy (`{ ...s }`, structuredClone,
//   shared/copyPlain.ts) or JSON.stringify of a symbol reads them as if they were plain fields;
//   what the accessors share across symbols (getter, setter, descriptors) keeps every symbol on one
//   hidden class. They come last among a symbol's keys (an accessor cannot take a data field's place
//   without making the object a slow dictionary), so what hashes a record's JSON uses recordJson,
//   which is the same for both orders.
// - A setter stores into the file's facts: a write after decoding is kept like a field's.
// - The entry read again is checked as it was the first time (header, length, checksum), and the facts'
//   structure as the rest's (validateRecord.ts); facts that fail are the caller's to replace
//   (fileCache.ts extracts the file again and says so).
import type { FileRecord, PySymbol } from '../model.js';
import type { Facts } from '../python/compactRecord.js';
import { copyPlain } from '../shared/copyPlain.js';

export type { Facts };

/** A symbol as an entry stores it: everything but its facts, in the symbol's key order. */
export type FactlessSymbol = Omit<PySymbol, 'calls' | 'bindings' | 'imports'>;

/** Every symbol's facts, in symbol order (an entry's second part). */
export function factsOf(record: FileRecord): Facts[] {
  return record.symbols.map((s) => [s.calls, s.bindings, s.imports]);
}

/** `s` without its facts; its other keys keep their order. */
export function withoutFacts(s: PySymbol): FactlessSymbol {
  const { calls: _calls, bindings: _bindings, imports: _imports, ...rest } = s;
  return rest;
}

/**
 * The record as JSON with its symbols' facts apart: one text for equal records, whether their facts are
 * plain fields (placed among a symbol's keys by extraction) or decoded accessors (the last keys).
 */
export function recordJson(record: FileRecord): string {
  return `${JSON.stringify({ ...record, symbols: record.symbols.map(withoutFacts) })}\n${JSON.stringify(factsOf(record))}`;
}

/** A file's facts: how to decode them until first read, then the decoded list (`adjust` applied). */
interface FileFacts {
  decode: (() => Facts[]) | undefined;
  decoded: Facts[] | undefined;
  adjust: ((facts: Facts) => Facts) | undefined;
}

const FACT_KEYS: ReadonlySet<string> = new Set(['calls', 'bindings', 'imports']);
const FILE = Symbol('file facts');
const AT = Symbol('symbol number');

interface Lazy {
  [FILE]: FileFacts;
  [AT]: number;
}

function factsAt(symbol: Lazy): Facts {
  const file = symbol[FILE];
  if (file.decoded === undefined) {
    const decoded = file.decode!();
    file.decode = undefined;
    file.decoded = file.adjust === undefined ? decoded : decoded.map(file.adjust);
  }
  return file.decoded[symbol[AT]]!;
}

function accessor(at: 0 | 1 | 2): PropertyDescriptor {
  return {
    get(this: Lazy) {
      return factsAt(this)[at];
    },
    set(this: Lazy, value: unknown) {
      (factsAt(this) as unknown[])[at] = value;
    },
    enumerable: true,
    configurable: true,
  };
}

const ACCESSORS: PropertyDescriptorMap = {
  [FILE]: { value: undefined, writable: true },
  [AT]: { value: 0, writable: true },
  calls: accessor(0),
  bindings: accessor(1),
  imports: accessor(2),
};

/**
 * Gives every symbol of `symbols` (decoded without facts) accessors for its facts, which `decode` returns
 * (one entry per symbol, in order) when any of them is first read.
 */
export function attachFacts(symbols: readonly FactlessSymbol[], decode: () => Facts[]): void {
  const file: FileFacts = { decode, decoded: undefined, adjust: undefined };
  for (let i = 0; i < symbols.length; i++) {
    const s = Object.defineProperties(symbols[i]!, ACCESSORS) as unknown as Lazy;
    s[FILE] = file;
    s[AT] = i;
  }
}

/** Whether `s` holds facts an entry has not decoded yet. */
function pending(s: PySymbol): boolean {
  const file = (s as unknown as Partial<Lazy>)[FILE];
  return file !== undefined && file.decoded === undefined;
}

/** Whether any symbol of `record` holds facts its entry has not decoded yet. */
export function factsPending(record: FileRecord): boolean {
  return record.symbols.some(pending);
}

/**
 * Decodes every pending fact of `files` and makes each symbol that reads its facts through accessors a
 * plain object with the same fields, in its record: for a reader of every symbol's facts (resolution),
 * to which an accessor read costs about twice the time of a field's.
 */
export function plainFacts(files: readonly FileRecord[]): void {
  for (const f of files) {
    if (!f.symbols.some(readsThroughAccessors)) continue;
    f.symbols = f.symbols.map((s) => (readsThroughAccessors(s) ? { ...s } : s));
  }
}

function readsThroughAccessors(s: PySymbol): boolean {
  return (s as unknown as Partial<Lazy>)[FILE] !== undefined;
}

/** `s`'s fields but its facts, in its key order, each as `field` maps it: its facts' accessors are not read. */
function factlessFields(s: PySymbol, field: (key: string, value: unknown) => unknown): Record<string, unknown> {
  const from = s as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(from)) if (!FACT_KEYS.has(key)) out[key] = field(key, from[key]);
  return out;
}

/**
 * `{ ...s, ...changes }` (keys in `s`'s order) without decoding facts that are not yet: the copy then
 * reads and writes the same facts as `s`, as a spread copy shares the same lists.
 */
export function copySymbol(s: PySymbol, changes: Partial<FactlessSymbol>): PySymbol {
  if (!pending(s)) return { ...s, ...changes };
  const changed = changes as Record<string, unknown>;
  const copy = factlessFields(s, (key, value) => (key in changed ? changed[key] : value));
  for (const key of Object.keys(changed)) if (!(key in copy)) copy[key] = changed[key];
  const lazy = Object.defineProperties(copy, ACCESSORS) as unknown as Lazy;
  lazy[FILE] = (s as unknown as Lazy)[FILE];
  lazy[AT] = (s as unknown as Lazy)[AT];
  return copy as unknown as PySymbol;
}

/**
 * A deep copy of `record` (shared/copyPlain.ts). When none of its symbols' facts is decoded yet, the
 * copy's stay so: the copy decodes its own when one is first read, a copy of the record's (decoded then,
 * once for every copy). A reader of a copy that never reads its facts (a changed file's other version
 * read for its lines and signatures) then costs neither their decoding nor their copy.
 */
export function copyRecord(record: FileRecord): FileRecord {
  const symbols = record.symbols;
  if (symbols.length === 0 || !symbols.every(pending)) return copyPlain(record);
  const from = record as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(from)) out[key] = key === 'symbols' ? undefined : copyPlain(from[key]);
  const copied = symbols.map((s) => factlessFields(s, (_key, value) => copyPlain(value)) as unknown as FactlessSymbol);
  attachFacts(copied, () => copyPlain(symbols.map((s): Facts => [s.calls, s.bindings, s.imports])));
  out.symbols = copied;
  return out as unknown as FileRecord;
}

/**
 * When `record`'s facts are not decoded yet: `adjust` is applied to each symbol's facts as they are
 * (after any adjustment registered before), and true. False when they are plain fields or decoded
 * already: the caller adjusts them itself.
 */
export function adjustFactsWhenRead(record: FileRecord, adjust: (facts: Facts) => Facts): boolean {
  const first = record.symbols[0] as unknown as Partial<Lazy> | undefined;
  const file = first?.[FILE];
  if (file === undefined || file.decoded !== undefined || record.symbols.some((s) => (s as unknown as Partial<Lazy>)[FILE] !== file)) return false;
  const before = file.adjust;
  file.adjust = before === undefined ? adjust : (facts) => adjust(before(facts));
  return true;
}
