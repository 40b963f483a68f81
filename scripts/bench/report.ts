// Renders benchmark results: one table per corpus, a side-by-side summary, the targets as
// PASS/MISS/PENDING, and the same data as JSON. Pure: results in, text out.
import Table from 'cli-table3';
import { EDGE_KINDS, SYMBOL_KINDS } from './counts.js';
import type { Environment } from './environment.js';
import type { CorpusMeasurement, PhaseName } from './measure.js';
import type { PackOrError } from './packing.js';

export interface CorpusReport extends CorpusMeasurement {
  name: string;
  origin: string;
  targets: TargetResult[];
}

export interface TargetResult {
  name: string;
  limit: string;
  value: string | undefined;
  verdict: 'PASS' | 'MISS' | 'PENDING';
}

export interface BenchSettingsEcho {
  rounds: number;
  warmup: number;
  budget: number;
  packRuns: number;
  maxFileBytes: number;
}

const FULL_OVER_PARSE_LIMIT = 1.3;
const RESOLUTION_SHARE_LIMIT = 0.3;

export function evaluateTargets(m: CorpusMeasurement): TargetResult[] {
  const verdict = (value: number | undefined, limit: number): TargetResult['verdict'] =>
    value === undefined ? 'PENDING' : value <= limit ? 'PASS' : 'MISS';
  return [
    {
      name: 'full index / parse-only',
      limit: `<= ${FULL_OVER_PARSE_LIMIT}x`,
      value: m.fullOverParse === undefined ? undefined : `${times(m.fullOverParse)} wall (CPU ${times(m.cpuFullOverParse)})`,
      verdict: verdict(m.fullOverParse, FULL_OVER_PARSE_LIMIT),
    },
    {
      name: 'resolution / parse+extract',
      limit: `<= ${RESOLUTION_SHARE_LIMIT * 100}%`,
      value: m.resolutionShare === undefined ? undefined : `${pct(m.resolutionShare)} wall (CPU ${pct(m.cpuResolutionShare)})`,
      verdict: verdict(m.resolutionShare, RESOLUTION_SHARE_LIMIT),
    },
  ];
}

const int = (n: number): string => n.toLocaleString('en-US');
const ms = (n: number): string => `${n >= 100 ? int(Math.round(n)) : n.toFixed(1)} ms`;
const mib = (n: number | undefined): string => (n === undefined ? 'n/a' : `${int(Math.round(n))} MiB`);
const pct = (n: number | undefined): string => (n === undefined ? 'n/a' : `${(n * 100).toFixed(1)}%`);
const times = (n: number | undefined): string => (n === undefined ? 'n/a' : `${n.toFixed(2)}x`);

const PHASE_NOTES: Record<PhaseName, string> = {
  'parse-only': 'readFileSync + tree-sitter parse + delete',
  'parse (in memory)': 'parse + delete, texts already read',
  'parse + definitions query': 'parse + captures of (function_definition) and (class_definition) only, no JS work',
  'parse + extraction query': "parse + captures of extraction's query, no JS work on them",
  discover: 'discoverPythonFiles alone',
  read: 'readPythonSource alone, every file',
  extract: 'parse + extractFile, texts in memory',
  resolve: 'buildCallGraph alone',
  'full index': 'discover + read + extract + buildCallGraph',
};

function phaseRows(m: CorpusMeasurement): string[][] {
  const rows: string[][] = [];
  for (const [name, note] of Object.entries(PHASE_NOTES) as [PhaseName, string][]) {
    const t = m.timings[name];
    if (!t) {
      rows.push([name, 'pending', note]);
      continue;
    }
    let detail = `${note}; median ${ms(t.median)}; CPU ${ms(t.cpuBest)}`;
    if (name === 'resolve' && m.resolutionShare !== undefined) detail += `; ${pct(m.resolutionShare)} of extract`;
    if (name === 'full index' && m.fullOverParse !== undefined) detail += `; ${m.fullOverParse.toFixed(2)}x parse-only`;
    rows.push([name, ms(t.best), detail]);
  }
  return rows;
}

function packRow(label: string, p: PackOrError, budget: number): string[] {
  if ('error' in p) return [label, 'error', `${p.target}: ${p.error}`];
  return [
    label,
    `${ms(p.medianMs)}`,
    `median of ${p.runs.length} after a first pack of ${ms(p.firstMs)}; ${int(p.totalTokens)}/${int(budget)} tokens, ${p.packed} symbols packed; ${p.target}, root:\n${p.root}`,
  ];
}

function countRows(m: CorpusMeasurement): string[][] {
  const c = m.counts;
  if (!c) return [['files parsed', int(m.filesParsed), `${(m.bytes / 1024 / 1024).toFixed(1)} MiB; index counts pending`]];
  const rows = [
    ['files indexed', int(c.files), `${c.partialFiles} partially parsed; ${int(c.lines)} lines; ${(m.bytes / 1024 / 1024).toFixed(1)} MiB`],
    ['files skipped', int(c.skippedFiles), c.skipReasons.map((r) => `${r.count}x ${r.reason} (e.g. ${r.example})`).join('; ') || '-'],
    ['symbols', int(c.symbols), SYMBOL_KINDS.map((k) => `${k} ${int(c.symbolsByKind[k])}`).join(', ')],
    ['edges', int(c.edges), `resolved ${int(c.edgesByResolution.resolved)}, dispatch ${int(c.edgesByResolution.dispatch)}, heuristic ${int(c.edgesByResolution.heuristic)}`],
  ];
  for (const kind of EDGE_KINDS) {
    const byRes = c.edgesByKind[kind];
    const extra = kind === 'calls' ? `; ${int(c.callSites)} call sites` : '';
    rows.push([`  ${kind}`, int(byRes.resolved + byRes.dispatch + byRes.heuristic), `resolved ${int(byRes.resolved)}, dispatch ${int(byRes.dispatch)}, heuristic ${int(byRes.heuristic)}${extra}`]);
  }
  return rows;
}

function section(table: Table.Table, title: string): void {
  table.push([{ colSpan: 3, content: title }]);
}

/** Single-threaded phases get about one core: well under that, other processes took the CPU. */
export function busyNote(cpuOverWall: number): string {
  return cpuOverWall < 0.8
    ? 'BUSY: other processes shared the cores; wall times are inflated, compare the CPU figures'
    : 'quiet enough: wall times are representative';
}

export function renderCorpus(r: CorpusReport, settings: BenchSettingsEcho, env: Environment): string {
  const table = new Table({ head: ['measure', 'value', 'detail'], style: { head: [], border: [] }, wordWrap: true, colWidths: [28, 16, 86] });
  section(table, 'index');
  table.push(...countRows(r));
  section(table, `time (best of ${settings.rounds} after ${settings.warmup} warm-up)`);
  table.push(...phaseRows(r));
  if (r.pack.ok) {
    table.push(['pack: token encoder', ms(r.pack.encoderMs), 'o200k_base tables, built once per process']);
    table.push(['pack: adjacency', ms(r.pack.prepareMs), 'call adjacency lists, built once per index and shared by every pack']);
    table.push(packRow('pack, query', r.pack.query, r.pack.budget), packRow('pack, symbol', r.pack.symbol, r.pack.budget));
  } else {
    table.push(['pack', 'pending', r.pack.reason]);
  }
  section(table, 'memory');
  table.push(['peak RSS', mib(r.memory.maxRssMiB), 'process.resourceUsage().maxRSS, whole run of this corpus']);
  table.push(['heap after gc', mib(r.memory.heapAfterGcMiB), `index held; the index itself ${mib(r.memory.indexHeapMiB)}`]);
  section(table, 'machine during the timed rounds');
  table.push(['load average (1 min)', `${r.machine.loadBefore.toFixed(2)} -> ${r.machine.loadAfter.toFixed(2)}`, `${env.cores} cores`]);
  table.push(['our CPU / wall', r.machine.cpuOverWall.toFixed(2), busyNote(r.machine.cpuOverWall)]);
  section(table, 'targets');
  for (const t of r.targets) table.push([t.name, t.verdict, `${t.value ?? 'not measured'} (target ${t.limit})`]);
  const header = `${r.name}: ${r.origin}\n  root ${r.root}\n  stages: full index by ${r.fullIndexBy ?? 'pending'}; files by ${r.discoveredBy}; read by ${r.readBy}`;
  return `${header}\n${table.toString()}`;
}

export function renderSummary(reports: CorpusReport[]): string {
  const table = new Table({ head: ['', ...reports.map((r) => r.name)], style: { head: [], border: [] } });
  const row = (label: string, f: (r: CorpusReport) => string): void => void table.push([label, ...reports.map(f)]);
  const t = (name: PhaseName) => (r: CorpusReport) => (r.timings[name] ? ms(r.timings[name]!.best) : 'pending');
  row('files', (r) => int(r.counts?.files ?? r.filesParsed));
  row('symbols', (r) => (r.counts ? int(r.counts.symbols) : 'pending'));
  row('edges', (r) => (r.counts ? int(r.counts.edges) : 'pending'));
  row('parse-only', t('parse-only'));
  row('extract', t('extract'));
  row('resolve', t('resolve'));
  row('full index', t('full index'));
  row('full / parse-only (wall)', (r) => (r.fullOverParse === undefined ? 'pending' : times(r.fullOverParse)));
  row('full / parse-only (CPU)', (r) => (r.cpuFullOverParse === undefined ? 'pending' : times(r.cpuFullOverParse)));
  row('resolve / extract (wall)', (r) => (r.resolutionShare === undefined ? 'pending' : pct(r.resolutionShare)));
  row('resolve / extract (CPU)', (r) => (r.cpuResolutionShare === undefined ? 'pending' : pct(r.cpuResolutionShare)));
  row('pack (query, median)', (r) => (r.pack.ok && !('error' in r.pack.query) ? ms(r.pack.query.medianMs) : 'pending'));
  row('pack (symbol, median)', (r) => (r.pack.ok && !('error' in r.pack.symbol) ? ms(r.pack.symbol.medianMs) : 'pending'));
  row('peak RSS', (r) => mib(r.memory.maxRssMiB));
  row('our CPU / wall', (r) => r.machine.cpuOverWall.toFixed(2));
  return table.toString();
}

export function renderEnvironment(env: Environment, settings: BenchSettingsEcho): string {
  return [
    `RepoDigest bench — Node ${env.node}, ${env.cpuModel} x ${env.cores} cores, ${env.platform}, ${env.memoryGiB.toFixed(0)} GiB`,
    `timed phases: best of ${settings.rounds} rounds after ${settings.warmup} warm-up round(s), interleaved; packs: budget ${settings.budget}, median of ${settings.packRuns}`,
  ].join('\n');
}

export function renderText(env: Environment, settings: BenchSettingsEcho, reports: CorpusReport[]): string {
  const parts = [renderEnvironment(env, settings), ...reports.map((r) => renderCorpus(r, settings, env))];
  if (reports.length > 1) parts.push(`side by side\n${renderSummary(reports)}`);
  const pending = [...new Set(reports.flatMap((r) => r.pending))];
  if (pending.length > 0) parts.push(`pending:\n${pending.map((p) => `  - ${p}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}
