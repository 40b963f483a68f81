// Question -> ranked symbols: the pipeline `search` and `pack --query` use (bm25.ts stays as the seed
// baseline eval:search compares against).
//
//   words ----------> BM25F over name / id / signature / docstring / body   (fieldIndex.ts)
//   names, files, --> exact and fuzzy matches, in units of the best BM25F    (queryParse.ts, signals.ts)
//   frames, errors
//   (sum) x prior --> tests, modules, vendored code down; many callers up    (priors.ts)
//   tests of the --> lifted to a share of the best code hits they test      (testLinks.ts)
//   best hits
//   + one hop -----> the top GRAPH_SEEDS spread GRAPH_SHARE of their score to resolved callees, callers,
//                    parent and children (graphBoost.ts)
//
// Decision: additive signals on one scale rather than a learned combination: every weight is one line
// in the file that applies it, and eval:search (scripts/eval/search.ts) is how they were chosen.
import type { Edge, PySymbol } from '../model.js';
import { buildFieldIndex, FIELDS, type FieldIndex, fieldTexts, queryTerms, scoreFields } from './fieldIndex.js';
import { applyFileShare, applyPathBoost, buildFileContext, type FileContext } from './fileContext.js';
import { buildNeighbours, type Neighbours, spreadOneHop } from './graphBoost.js';
import { asksAboutTests, isTestCode, kindCode, queryPriors, staticPrior } from './priors.js';
import { parseQuery } from './queryParse.js';
import { buildSignalTables, type SignalTables, signalBonuses } from './signals.js';
import { buildTestLinks, liftLinkedTests, type TestLinks } from './testLinks.js';
import { DEFAULT_TUNING, type RetrievalTuning } from './tuning.js';

export interface RetrievalIndex {
  readonly symbols: readonly PySymbol[];
  readonly fields: FieldIndex;
  readonly signals: SignalTables;
  readonly neighbours: Neighbours;
  readonly files: FileContext;
  /** Query-independent factor (vendored code, callers). */
  readonly prior: Float64Array;
  readonly kinds: Uint8Array;
  readonly isTest: Uint8Array;
  /** Built on first use: only a tuning with testShare > 0 needs it (off by default). */
  readonly testLinks: () => TestLinks;
}

export interface RankedHit {
  id: string;
  score: number;
}

/** The symbol's source minus the lines of its direct children (each child is a document of its own). */
export function ownBody(symbol: PySymbol, children: readonly PySymbol[]): string {
  if (children.length === 0) return symbol.full;
  const lines = symbol.full.split('\n');
  const keep = new Uint8Array(lines.length).fill(1);
  for (const child of children) {
    const from = Math.max(0, child.startLine - symbol.startLine);
    const to = Math.min(lines.length - 1, child.endLine - symbol.startLine);
    keep.fill(0, from, to + 1);
  }
  return lines.filter((_, i) => keep[i] === 1).join('\n');
}

export function buildRetrievalIndex(symbols: readonly PySymbol[], edges: readonly Edge[]): RetrievalIndex {
  const children = new Map<string, PySymbol[]>();
  for (const s of symbols) {
    if (s.parent === undefined) continue;
    const list = children.get(s.parent);
    if (list) list.push(s);
    else children.set(s.parent, [s]);
  }
  const fields = buildFieldIndex(symbols.length, (d) => {
    const s = symbols[d]!;
    return fieldTexts(s, ownBody(s, children.get(s.id) ?? []));
  });
  const docOf = new Map(symbols.map((s, d) => [s.id, d]));
  const neighbours = buildNeighbours(symbols.length, docOf, edges);
  const prior = new Float64Array(symbols.length);
  const kinds = new Uint8Array(symbols.length);
  const isTest = new Uint8Array(symbols.length);
  symbols.forEach((s, d) => {
    prior[d] = staticPrior(s, neighbours.callerCount[d]!);
    kinds[d] = kindCode(s);
    isTest[d] = isTestCode(s) ? 1 : 0;
  });
  let links: TestLinks | undefined;
  const testLinks = () => (links ??= buildTestLinks(symbols, edges, isTest, docOf));
  return { symbols, fields, signals: buildSignalTables(symbols), neighbours, files: buildFileContext(symbols, fields), prior, kinds, isTest, testLinks };
}

/** The `top` best symbols for `query`, best first, ties by id; only positive scores. */
export function retrieve(index: RetrievalIndex, query: string, top: number, tuning: RetrievalTuning = DEFAULT_TUNING): RankedHit[] {
  const n = index.symbols.length;
  if (n === 0 || top <= 0) return [];
  const terms = queryTerms(index.fields, query, tuning.metaWords);
  const lexical = scoreFields(index.fields, terms, FIELDS.map((f) => (f === 'body' ? tuning.bodyFactor : 1)));
  const bonuses = signalBonuses(index.signals, parseQuery(query));
  const priors = queryPriors(index.prior, index.kinds, index.isTest, tuning, asksAboutTests(query, tuning.broadTestIntent));
  let base = scored(index, lexical, bonuses, priors, terms, tuning);
  base = applyFileShare(index.files, base, index.kinds, tuning);
  const final = spreadOneHop(index.neighbours, base, lexical, priors, tuning);
  if (tuning.testShare > 0 && tuning.testSeeds > 0) liftLinkedTests(index.testLinks(), final, index.isTest, tuning);
  const ids = index.symbols.map((s) => s.id);
  const hits: number[] = [];
  for (let d = 0; d < n; d++) if (final[d]! > 0) hits.push(d);
  hits.sort((a, b) => final[b]! - final[a]! || (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
  return hits.slice(0, top).map((d) => ({ id: ids[d]!, score: final[d]! }));
}

/** Words + signals (in units of the best word score), times the priors and the path factor. */
function scored(index: RetrievalIndex, lexical: Float64Array, bonuses: ReadonlyMap<number, number>, priors: Float64Array, terms: readonly number[], tuning: RetrievalTuning): Float64Array {
  let best = 0;
  for (let d = 0; d < lexical.length; d++) if (lexical[d]! > best) best = lexical[d]!;
  const unit = (best > 0 ? best : 1) * tuning.signalScale;
  const base = Float64Array.from(lexical);
  for (const [d, bonus] of bonuses) base[d]! += bonus * unit;
  for (let d = 0; d < base.length; d++) if (base[d] !== 0) base[d]! *= priors[d]!;
  applyPathBoost(index.files, base, terms, tuning);
  return base;
}
