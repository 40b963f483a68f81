// Drops what a record holds of the code itself, for runs whose output prints none of it.
//
// Decision: `graph` (table, JSON, --callers/--callees) prints ids, files, lines and edges, never a
// symbol's code, yet every symbol's `full` and `signature` are views into its file's text, so the
// whole source would stay in memory to the end of the run (tens of megabytes on a large project,
// more as signatures and two-byte text). Once a file is extracted (and its cache entry written, with the
// text) those are emptied and every other string the record keeps is copied out of the source
// (compactRecord.ts `detached`), so the file's text can be collected. What resolution reads (calls,
// bindings, imports, params, decorators, bases) is untouched: the graph is the same, edge for edge.
import type { FileRecord, PySymbol } from '../model.js';
import { detached } from './compactRecord.js';

function textless(s: PySymbol, ids: ReadonlyMap<string, string>): void {
  s.full = '';
  s.signature = '';
  if (s.docstring !== undefined) s.docstring = undefined;
  // A parent is another symbol's id: the same copy, not one per child. (`module` and `file` come from the path.)
  s.id = ids.get(s.id)!;
  if (s.parent !== undefined) s.parent = ids.get(s.parent) ?? detached(s.parent);
  s.name = detached(s.name);
  if (s.spelledAs !== undefined) s.spelledAs = detached(s.spelledAs);
  if (s.returns !== undefined) s.returns = detached(s.returns);
  for (const p of s.params) {
    p.name = detached(p.name);
    if (p.annotation !== undefined) p.annotation = detached(p.annotation);
    if (p.default !== undefined) p.default = detached(p.default);
  }
}

/** The record with its symbols' texts (`full`, `signature`, `docstring`) emptied; mutated in place. */
export function dropText(record: FileRecord): FileRecord {
  const ids = new Map(record.symbols.map((s) => [s.id, detached(s.id)]));
  for (const s of record.symbols) textless(s, ids);
  record.notes = record.notes.map(detached);
  return record;
}
