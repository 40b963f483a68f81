// buildCallGraph: the precise call graph plus the structural edges, in one sorted list.
//
// `references` edges (resolver/references.ts: functions used as values) are made per symbol in pass 1.
// Phases: index the project once (resolver/projectIndex.ts), then resolve every call site in its own
// scope (resolver/calls.ts over resolver/evaluator.ts), then (parameter flow, on by default for called
// parameters) revisit the sites that resolved nothing and start at a parameter, with the arguments
// their callers pass (resolver/flow.ts: one level), then merge per (from, to): one calls edge with
// every call-site line, `resolved` when any site proved it. Everything is sorted, so the output is a
// pure function of the input records whatever order the files arrive in.
//
// Decision: one idle evaluator (with its class model, flow and getter collector) lives for the
// process. V8 keeps the hidden classes of class instances only while an instance uses them; if one
// run's evaluator died, the next run's instances would get new hidden classes and V8 would throw away
// and recompile the resolver's optimized code on every run.

import type { CallSite, Edge, EdgeKind, FileRecord, PySymbol } from '../model.js';
import { appendAll } from '../shared/arrays.js';
import { edgeLines } from './edgeLines.js';
import { callTargets, GetterCollector, resolveSite, type SiteTargets } from './resolver/calls.js';
import { DEFAULT_MIN_CONFIDENCE } from './resolver/confidence.js';
import { decoratedAt } from './resolver/decorated.js';
import { containsEdges, importEdges, inheritsEdges } from './resolver/edges.js';
import { Evaluator } from './resolver/evaluator.js';
import { ArgumentFlow } from './resolver/flow.js';
import { DEFAULT_MAX_HEURISTIC_TARGETS } from './resolver/heuristic.js';
import { bareName, buildProjectIndex } from './resolver/projectIndex.js';
import { referenceEdges } from './resolver/references.js';

export interface CallGraphOptions {
  maxHeuristicTargets?: number;
  /**
   * Parameter flow (resolver/flow.ts). Default `'callables'`: only parameters the function calls
   * (`cb()`, `fn(x)`, `factory().start()`, a decorator's wrapper calling the wrapped function), which
   * is what callbacks, keyword hooks and decorators need at a fraction of the cost. `true` also
   * follows receivers (`def persist(doc): doc.save()`), which costs noticeably more resolution time;
   * `false` turns it off.
   */
  parameterFlow?: boolean | 'callables';
  /** Heuristic edges under this confidence are not made (resolver/confidence.ts; default DEFAULT_MIN_CONFIDENCE, 0 keeps every guess). */
  minHeuristicConfidence?: number;
  /** Called before each file's sites are resolved, with the files done so far (the pipeline's heap guard, shared/heapGuard.ts). */
  afterFile?: (done: number, total: number) => void;
  /** Called between the steps that follow the per-file pass, with the steps done so far (the same heap guard). */
  afterStep?: (done: number, total: number) => void;
}

const KIND_ORDER: Record<EdgeKind, number> = { calls: 0, contains: 1, imports: 2, inherits: 3, references: 4 };

export function compareEdges(a: Edge, b: Edge): number {
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  if (a.to !== b.to) return a.to < b.to ? -1 : 1;
  return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

interface CallAccumulator {
  /** 0 resolved, 1 dispatch, 2 heuristic: the strongest site wins. */
  rank: number;
  lines: number[];
  /** Heuristic: the best guess's; resolved: the best share of a site that picks among several (calls.ts), unset once any site is certain. */
  confidence?: number;
  /** A resolved site proved this target without a share: the edge is certain. */
  certain?: true;
}

const byNumber = (a: number, b: number): number => a - b;

const RANKED: readonly ('resolved' | 'dispatch' | 'heuristic')[] = ['resolved', 'dispatch', 'heuristic'];

/** One symbol's call edges from its sites' targets (in site order), merged per target. */
function symbolCallEdges(sym: PySymbol, targetsBySite: readonly SiteTargets[]): Edge[] {
  const byTo = new Map<string, CallAccumulator>();
  for (let s = 0; s < sym.calls.length; s++) {
    const line = sym.calls[s]!.line;
    const targets = targetsBySite[s]!;
    if (targets.resolved.length > 0) accumulate(byTo, line, 0, targets.resolved, targets.resolvedConfidence);
    if (targets.dispatch) accumulate(byTo, line, 1, targets.dispatch, undefined);
    if (targets.heuristic.length > 0) accumulate(byTo, line, 2, targets.heuristic, targets.confidence);
  }
  const edges: Edge[] = [];
  // forEach, not `for (const [to, acc] of byTo)`: no entry array per target; one-line lists (most) are not sorted (a sort copies its array).
  byTo.forEach((acc, to) => {
    const edge: Edge = { from: sym.id, to, kind: 'calls', resolution: RANKED[acc.rank]!, lines: acc.lines.length > 1 ? acc.lines.sort(byNumber) : edgeLines(acc.lines) };
    if (acc.confidence !== undefined && (acc.rank === 2 || (acc.rank === 0 && !acc.certain && acc.confidence < 1))) edge.confidence = acc.confidence;
    edges.push(edge);
  });
  return edges;
}

/** One site's targets of one rank into the per-target accumulators (`confidence`: per target, when not certain). */
function accumulate(byTo: Map<string, CallAccumulator>, line: number, rank: number, ids: readonly string[], confidences: readonly number[] | undefined): void {
  for (let i = 0; i < ids.length; i++) {
    const to = ids[i]!;
    const share = confidences?.[i];
    // A resolved target without a share below 1 is certain: it outweighs any share.
    const confidence = rank === 0 && share === 1 ? undefined : share;
    const certain = rank === 0 && confidence === undefined;
    const acc = byTo.get(to);
    if (!acc) {
      const fresh: CallAccumulator = confidence === undefined ? { rank, lines: [line] } : { rank, lines: [line], confidence };
      if (certain) fresh.certain = true;
      byTo.set(to, fresh);
    } else {
      if (!acc.lines.includes(line)) acc.lines.push(line);
      if (rank < acc.rank) delete acc.confidence; // a stronger resolution's confidence replaces a weaker one's
      if (rank <= acc.rank && confidence !== undefined) acc.confidence = Math.max(acc.confidence ?? 0, confidence);
      if (certain) acc.certain = true;
      acc.rank = Math.min(acc.rank, rank);
    }
  }
}

/**
 * A decorator application as the call it is, for parameter flow: `@logged` over `def fetch` calls
 * `logged(fetch)`; `@retry(3)` calls what `retry(3)` returned with it (not retry itself).
 */
function decoratorApplication(ev: Evaluator, scope: PySymbol, site: CallSite, resolved: readonly string[]): { site: CallSite; targets: string[] } | undefined {
  const decorated = decoratedAt(ev.index, scope, site.line);
  if (!decorated) return undefined;
  const targets = site.callee.t === 'call' ? callTargets(ev, ev.evalRef(scope, site.callee)) : [...resolved];
  if (targets.length === 0) return undefined;
  return { site: { callee: site.callee, line: site.line, via: 'call', args: [{ t: 'name', name: bareName(decorated) }] }, targets };
}

/** Instances that keep the resolver's hidden classes alive between runs (see the top of the file). */
const shapeKeepers: object[] = [];

function keepShapes(): void {
  if (shapeKeepers.length > 0) return;
  const ev = new Evaluator(buildProjectIndex([]));
  shapeKeepers.push(ev, new ArgumentFlow(ev, 'callables'), new GetterCollector(ev));
}

export function buildCallGraph(files: readonly FileRecord[], options: CallGraphOptions = {}): Edge[] {
  // The resolver's state (evaluator memos, argument flow, project index) is a third of the peak heap on
  // a large tree: it lives inside resolvedEdges only, so the sort below runs without it.
  const edges = resolvedEdges(files, options);
  options.afterStep?.(RESOLUTION_STEPS - 1, RESOLUTION_STEPS);
  return sortEdges(edges);
}

/** The steps after the per-file pass, told to `afterStep`: parameter flow, structural edges, import edges, the sort. */
const RESOLUTION_STEPS = 4;

/** Every edge, unsorted (the passes of buildCallGraph). */
function resolvedEdges(files: readonly FileRecord[], options: CallGraphOptions): Edge[] {
  const requested = options.maxHeuristicTargets ?? DEFAULT_MAX_HEURISTIC_TARGETS;
  // 0 turns the name fallback off; anything that is not a count falls back to the default.
  const max = Number.isFinite(requested) && requested >= 0 ? Math.floor(requested) : DEFAULT_MAX_HEURISTIC_TARGETS;
  const minConfidence = options.minHeuristicConfidence ?? DEFAULT_MIN_CONFIDENCE;
  keepShapes();
  const index = buildProjectIndex(files);
  const ev = new Evaluator(index);
  const flowMode = options.parameterFlow ?? 'callables';
  let flow = flowMode ? new ArgumentFlow(ev, flowMode === true ? 'all' : 'callables') : undefined;
  // Pass 1: every site. A symbol with sites that resolved nothing and start at a parameter's name
  // waits for pass 2 (parameter flow); every other symbol's edges are made at once, so that its
  // site targets die young (kept until the end, they cost more in GC than pass 2 itself).
  const edges: Edge[] = [];
  const deferred: Deferred[] = [];
  let filesDone = 0;
  for (const file of index.files) {
    options.afterFile?.(filesDone++, index.files.length);
    for (const sym of file.symbols) {
      if (index.byId.get(sym.id) !== sym) continue; // id clash: the imported module wins
      appendAll(edges, referenceEdges(ev, sym));
      if (sym.calls.length === 0) continue;
      const targets: SiteTargets[] = [];
      let revisit: number[] | undefined;
      for (let i = 0; i < sym.calls.length; i++) {
        const site = sym.calls[i]!;
        const found = resolveSite(ev, sym, site, max, undefined, minConfidence);
        targets.push(found);
        if (site.via === 'decorator' && flow && found.resolved.length > 0) {
          const applied = decoratorApplication(ev, sym, site, found.resolved);
          if (applied) flow.record(sym, applied.site, applied.targets);
        }
        if (site.via !== 'call') continue;
        if (found.resolved.length > 0 || found.dispatch) {
          if (flow && (site.args || site.keywords)) {
            flow.record(sym, site, found.resolved);
            if (found.dispatch) flow.record(sym, site, found.dispatch);
          }
        } else if (flow?.mayStartAtParameter(sym, site.callee)) (revisit ??= []).push(i);
      }
      if (revisit) deferred.push({ sym, targets, revisit });
      else appendAll(edges, symbolCallEdges(sym, targets));
    }
    ev.fileResolved(file.symbols);
  }
  // Between the steps that follow the heap is judged again (no per-file loop there); the argument flow
  // and the deferred sites are let go as soon as pass 2 is done.
  options.afterStep?.(0, RESOLUTION_STEPS);
  if (flow) appendAll(edges, revisitDeferred(ev, flow, deferred.splice(0), max, minConfidence));
  flow = undefined;
  options.afterStep?.(1, RESOLUTION_STEPS);
  appendAll(appendAll(edges, containsEdges(ev)), inheritsEdges(ev));
  options.afterStep?.(2, RESOLUTION_STEPS);
  for (const file of index.files) appendAll(edges, importEdges(ev, file));
  return edges;
}

interface Deferred {
  sym: PySymbol;
  targets: SiteTargets[];
  /** Indexes of the sites to evaluate again with parameter flow. */
  revisit: number[];
}

/** Pass 2: each site rooted at a parameter, evaluated again with the arguments its callers pass; then the deferred symbols' edges. */
function revisitDeferred(ev: Evaluator, flow: ArgumentFlow, deferred: readonly Deferred[], max: number, minConfidence: number): Edge[] {
  const edges: Edge[] = [];
  for (const { sym, targets, revisit } of deferred) {
    for (const at of revisit) {
      const site = sym.calls[at]!;
      const root = flow.rootValues(sym, site.callee);
      if (!root) continue;
      const again = resolveSite(ev, sym, site, max, root, minConfidence);
      if (again.resolved.length > 0) targets[at] = again;
    }
    appendAll(edges, symbolCallEdges(sym, targets));
  }
  return edges;
}

/**
 * Sorted by (from, to, kind). Grouping by `from` first sorts the distinct keys, a fraction of the
 * edges, instead of comparing every edge pairwise (a single sort of all edges is a visible share of
 * resolution on a large project).
 */
function sortEdges(edges: readonly Edge[]): Edge[] {
  const byFrom = new Map<string, Edge[]>();
  for (const e of edges) {
    const group = byFrom.get(e.from);
    if (group) group.push(e);
    else byFrom.set(e.from, [e]);
  }
  const out: Edge[] = [];
  for (const from of [...byFrom.keys()].sort()) {
    const group = byFrom.get(from)!;
    if (group.length > 1) group.sort(compareEdges);
    for (const e of group) out.push(e);
  }
  return out;
}
