// Pack timing: how long one pack takes once the index exists (the programmatic API builds the index
// once and packs many times, so this is what each further question costs). Two targets, through the
// pipeline's packRepository: a plain-English query (its BM25 search included, as a user pays it) and
// a named symbol. What every pack shares is built once and timed apart: the token encoder's tables
// (once per process) and the adjacency lists (once per index). The first pack (cold code paths) is
// reported apart from the median of the packs after it, which is steadier than the best for runs
// this short.
import type { Edge, RepoIndex } from '../../src/model.js';
import type { PackFns, Stages, Target } from './modules.js';
import { median } from './timing.js';

export interface PackTarget {
  query?: string;
  entry?: string;
}

export interface PackMeasurement {
  /** What was asked and how it was chosen. */
  target: string;
  root: string;
  firstMs: number;
  medianMs: number;
  runs: number[];
  totalTokens: number;
  packed: number;
}

export type PackOrError = PackMeasurement | { target: string; error: string };

export type PackResults =
  | { ok: true; budget: number; encoderMs: number; prepareMs: number; query: PackOrError; symbol: PackOrError }
  | { ok: false; reason: string };

/** The symbol with the most call edges in and out (ties by id): a root with neighbours both ways. */
export function mostConnected(index: RepoIndex, edges: Edge[] = index.edges): string | undefined {
  const degree = new Map<string, number>();
  for (const e of edges) {
    if (e.kind !== 'calls') continue;
    degree.set(e.from, (degree.get(e.from) ?? 0) + 1);
    degree.set(e.to, (degree.get(e.to) ?? 0) + 1);
  }
  let best: [string, number] | undefined;
  for (const [id, d] of degree) {
    const symbol = index.byId.get(id);
    if (!symbol || symbol.kind === 'module') continue;
    if (!best || d > best[1] || (d === best[1] && id < best[0])) best = [id, d];
  }
  return best?.[0];
}

function timePack(index: RepoIndex, fns: PackFns, target: Target, label: string, budget: number, runs: number): PackOrError {
  try {
    const coldStart = performance.now();
    let last = fns.pack(index, target, budget);
    const firstMs = performance.now() - coldStart;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      last = fns.pack(index, target, budget);
      times.push(performance.now() - start);
    }
    return { target: label, root: last.roots.join(', '), firstMs, medianMs: median(times), runs: times, totalTokens: last.totalTokens, packed: last.packed };
  } catch (error) {
    return { target: label, error: (error as Error).message.split('\n')[0] ?? 'unknown error' };
  }
}

export function measurePacks(index: RepoIndex, stages: Stages, wanted: PackTarget, budget: number, runs: number): PackResults {
  if (!stages.pack.ok) return { ok: false, reason: stages.pack.reason };
  const fns = stages.pack.value;
  const encoderStart = performance.now();
  fns.loadEncoder();
  const encoderMs = performance.now() - encoderStart;
  const prepareStart = performance.now();
  fns.prepare(index);
  const prepareMs = performance.now() - prepareStart;

  const connected = mostConnected(index);
  const entry = wanted.entry && index.byId.has(wanted.entry) ? wanted.entry : connected;
  const entryLabel =
    entry === wanted.entry ? `symbol ${entry}` : `most-connected symbol ${entry}${wanted.entry ? ` (${wanted.entry} is not in the index)` : ''}`;
  // Without a query (a plain directory), ask for the most-connected symbol's name in words.
  const query = wanted.query ?? index.byId.get(connected ?? '')?.name.split('.').at(-1)?.replace(/_/g, ' ');

  return {
    ok: true,
    budget,
    encoderMs,
    prepareMs,
    query: query
      ? timePack(index, fns, { query }, `query "${query}"`, budget, runs)
      : { target: 'query', error: 'no --query given and no symbol to derive one from' },
    symbol: entry
      ? timePack(index, fns, { entry }, entryLabel, budget, runs)
      : { target: 'symbol', error: 'no --entry given and no call edges to pick a symbol from' },
  };
}
