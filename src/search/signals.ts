// Exact and fuzzy matches of what a question names (queryParse.ts) to symbols, as bonuses independent of
// BM25F. A bonus is in units of the best BM25F score of the question (retrieve.ts scales it), so "names
// this function" outweighs "shares three words with it" whatever the words' idf.
//
// Strengths (one line each; several matches on one symbol add up):
// - traceback frame (file + line)          2.0 on the innermost symbol holding the line; the last frame x1.5
// - traceback frame (file + function name) 1.0 when the line is outside every definition of that name
// - file:line                               2.0 on the innermost symbol holding the line
// - file alone                              0.3 on every symbol of the file (when it names at most 3 files)
// - dotted identifier, id ends with it      1.5; its parts in order inside the id 1.0; its last part only 0.4
// - identifier = bare name                  1.0; equal ignoring case and underscores 0.7; one edit away 0.4
// - error class                             0.8 on the class; 0.6 on functions that `raise` it
// - identifiers inside code blocks          half of the above
// A pasted log can name thousands of things: only the last MAX_FRAMES frames, the first MAX_MENTIONS
// files and the first MAX_MENTIONS fuzzy look-ups count, so a question costs what a screenful would.
// An identifier that several symbols carry splits its bonus: each gets it / sqrt(count), so `__init__`
// (hundreds) says almost nothing and a unique name says everything.
import type { PySymbol } from '../model.js';
import type { ParsedQuery } from './queryParse.js';
import { editDistance } from './suggest.js';

export interface SignalTables {
  readonly symbols: readonly PySymbol[];
  /** Bare name (last part of the qualified name) -> documents. */
  readonly byName: ReadonlyMap<string, readonly number[]>;
  /** Bare name lowercased without underscores -> documents. */
  readonly byLooseName: ReadonlyMap<string, readonly number[]>;
  /** File path -> its documents. */
  readonly byFile: ReadonlyMap<string, readonly number[]>;
  readonly files: readonly string[];
}

export function looseName(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

export function buildSignalTables(symbols: readonly PySymbol[]): SignalTables {
  const byName = new Map<string, number[]>();
  const byLooseName = new Map<string, number[]>();
  const byFile = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, d: number) => {
    const list = map.get(key);
    if (list) list.push(d);
    else map.set(key, [d]);
  };
  symbols.forEach((s, d) => {
    const bare = s.name.split('.').at(-1) ?? '';
    if (bare !== '') {
      push(byName, bare, d);
      push(byLooseName, looseName(bare), d);
    }
    push(byFile, s.file, d);
  });
  return { symbols, byName, byLooseName, byFile, files: [...byFile.keys()].sort() };
}

type Add = (d: number, bonus: number) => void;

const MAX_FRAMES = 32;
const MAX_MENTIONS = 64;

/** Files whose path is `path` or ends with `/path` (a traceback carries absolute or site-packages paths). */
function filesMatching(tables: SignalTables, path: string): string[] {
  const exact = tables.byFile.has(path) ? [path] : [];
  if (exact.length > 0) return exact;
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  // Try ever shorter tails of the mentioned path: `/usr/lib/python3/site-packages/flask/app.py` -> `flask/app.py`.
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join('/');
    const hits = tables.files.filter((f) => f === tail || f.endsWith(`/${tail}`));
    if (hits.length > 0) return hits;
  }
  return [];
}

function innermostAt(tables: SignalTables, file: string, line: number): number | undefined {
  let best: number | undefined;
  for (const d of tables.byFile.get(file) ?? []) {
    const s = tables.symbols[d]!;
    if (s.startLine > line || s.endLine < line) continue;
    if (best === undefined || s.endLine - s.startLine < tables.symbols[best]!.endLine - tables.symbols[best]!.startLine) best = d;
  }
  return best;
}

function spread(docs: readonly number[], bonus: number, add: Add): void {
  const each = bonus / Math.sqrt(Math.max(1, docs.length));
  for (const d of docs) add(d, each);
}

function identifierSignal(tables: SignalTables, raw: string, strength: number, add: Add, budget: { fuzzy: number }): void {
  const parts = raw.split('.').filter((p) => p !== 'self' && p !== 'cls' && p !== '');
  const last = parts.at(-1);
  if (!last) return;
  const exact = tables.byName.get(last) ?? [];
  if (parts.length > 1) {
    const dotted = parts.join('.');
    const tiers: number[][] = [[], [], []];
    for (const d of exact) {
      const id = tables.symbols[d]!.id;
      if (id === dotted || id.endsWith(`.${dotted}`)) tiers[0]!.push(d);
      else if (inOrder(id.split('.'), parts)) tiers[1]!.push(d);
      else tiers[2]!.push(d);
    }
    spread(tiers[0]!, 1.5 * strength, add);
    spread(tiers[1]!, 1.0 * strength, add);
    spread(tiers[2]!, 0.4 * strength, add);
    return;
  }
  if (exact.length > 0) {
    spread(exact, 1.0 * strength, add);
    return;
  }
  const loose = tables.byLooseName.get(looseName(last)) ?? [];
  if (loose.length > 0) {
    spread(loose, 0.7 * strength, add);
    return;
  }
  if (last.length < 6 || budget.fuzzy <= 0) return;
  budget.fuzzy--;
  const near: number[] = [];
  const wanted = looseName(last);
  for (const [name, docs] of tables.byLooseName) {
    if (Math.abs(name.length - wanted.length) <= 1 && editDistance(name, wanted) <= 1) near.push(...docs);
  }
  spread(near, 0.4 * strength, add);
}

function inOrder(idParts: readonly string[], wanted: readonly string[]): boolean {
  let i = 0;
  for (const part of idParts) if (part === wanted[i]) i++;
  return i === wanted.length;
}

/** Bonus per document (sparse), in units of the question's best BM25F score. */
export function signalBonuses(tables: SignalTables, parsed: ParsedQuery): Map<number, number> {
  const bonus = new Map<number, number>();
  const add: Add = (d, b) => bonus.set(d, (bonus.get(d) ?? 0) + b);
  const frames = parsed.frames.slice(-MAX_FRAMES);
  frames.forEach((frame, i) => {
    const weight = i === frames.length - 1 ? 1.5 : 1;
    for (const file of filesMatching(tables, frame.path)) {
      const d = innermostAt(tables, file, frame.line);
      const func = frame.func.split('.').at(-1);
      const named = (tables.byFile.get(file) ?? []).filter((x) => tables.symbols[x]!.name.split('.').at(-1) === func);
      if (d !== undefined && tables.symbols[d]!.kind !== 'module') add(d, 2.0 * weight);
      else spread(named, 1.0 * weight, add);
    }
  });
  const frameFiles = new Set(parsed.frames.map((f) => f.path));
  for (const mention of parsed.files.slice(0, MAX_MENTIONS)) {
    if (frameFiles.has(mention.path)) continue;
    const files = filesMatching(tables, mention.path);
    if (mention.line !== undefined) {
      for (const file of files) {
        const d = innermostAt(tables, file, mention.line);
        if (d !== undefined) add(d, 2.0);
      }
    } else if (files.length <= 3) {
      for (const file of files) for (const d of tables.byFile.get(file) ?? []) add(d, 0.3);
    }
  }
  const errors = new Set(parsed.errorClasses);
  const budget = { fuzzy: MAX_MENTIONS };
  for (const id of parsed.identifiers) if (!errors.has(id)) identifierSignal(tables, id, 1, add, budget);
  for (const id of parsed.codeIdentifiers) if (!errors.has(id)) identifierSignal(tables, id, 0.5, add, budget);
  for (const name of parsed.errorClasses.slice(0, MAX_MENTIONS)) {
    spread((tables.byName.get(name) ?? []).filter((d) => tables.symbols[d]!.kind === 'class'), 0.8, add);
    const raising: number[] = [];
    const pattern = new RegExp(`\\braise\\s+(?:[\\w.]+\\.)?${name}\\b`);
    tables.symbols.forEach((s, d) => {
      if ((s.kind === 'function' || s.kind === 'method') && s.full.includes(name) && pattern.test(s.full)) raising.push(d);
    });
    spread(raising, 0.6, add);
  }
  return bonus;
}
