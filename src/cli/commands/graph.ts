// `repodigest graph`: the symbol table and call graph, as a per-module table or the JSON contract
// {"symbols":[{id,file,name,kind,startLine,endLine}],"edges":[{from,to,kind,resolution,line?,lines?,confidence?}]},
// or the neighbours of one symbol (--callers / --callees) with their call sites.

import { buildAdjacency, isProved, type ResolutionFilter } from '../../graph/adjacency.js';
import type { Edge, RepoIndex } from '../../model.js';
import { redactNames } from '../../review/redactNames.js';
import { closestIds } from '../../search/suggest.js';
import { RepoDigestError } from '../../shared/errors.js';
import { plural } from '../../shared/plural.js';
import { visibleText } from '../../shared/visibleText.js';
import { renderViewer } from '../../viewer/generate.js';
import type { ViewerPayloadOptions } from '../../viewer/payload.js';
import type { ListFormat } from '../options.js';
import { writeOutputFile } from '../outputFile.js';
import { cliTable } from '../table.js';

export interface GraphCommandOptions {
  format: ListFormat;
  resolution: ResolutionFilter;
  callers?: string;
  callees?: string;
  /** Box-drawn tables (stdout is a terminal); plain columns otherwise. */
  terminal?: boolean;
}

export function renderGraphCommand(index: RepoIndex, options: GraphCommandOptions): string {
  return [...graphCommandChunks(index, options)].join('');
}

/**
 * The same text as renderGraphCommand, in pieces to write one after the other: a large repository's
 * JSON runs to tens of megabytes, and one string of it (plus the bytes stdout makes of it) would cost
 * several times that in peak memory.
 */
export function* graphCommandChunks(index: RepoIndex, options: GraphCommandOptions): Generator<string> {
  // "resolved" keeps what the rules proved: resolved and dispatch edges (adjacency.ts isProved).
  const edges = options.resolution === 'resolved' ? index.edges.filter((e) => isProved(e.resolution)) : index.edges;
  if (options.callers !== undefined || options.callees !== undefined) {
    yield renderNeighbours(index, edges, options);
  } else if (options.format === 'json') {
    yield* graphJsonChunks(index, edges);
  } else {
    yield renderGraphTable(index, edges, options.terminal === true);
  }
}

export function renderGraphJson(index: RepoIndex, edges: readonly Edge[]): string {
  return [...graphJsonChunks(index, edges)].join('');
}

/** Items per piece of the JSON text. */
const JSON_CHUNK = 2000;

/** `JSON.stringify({ symbols, edges }, null, 2)` plus a newline, built item by item (same bytes). */
function* graphJsonChunks(index: RepoIndex, edges: readonly Edge[]): Generator<string> {
  yield '{\n  "symbols": ';
  yield* jsonArrayChunks(index.symbols, (s) => ({
    id: s.id,
    file: s.file,
    name: s.name,
    kind: s.kind,
    startLine: s.startLine,
    endLine: s.endLine,
  }));
  yield ',\n  "edges": ';
  yield* jsonArrayChunks(edges, (e) => ({
    from: e.from,
    to: e.to,
    kind: e.kind,
    resolution: e.resolution,
    ...((e.kind === 'calls' || e.kind === 'references') && e.lines && e.lines.length > 0 ? { line: e.lines[0], lines: e.lines } : {}),
    ...(e.confidence !== undefined ? { confidence: e.confidence } : {}),
  }));
  yield '\n}\n';
}

/** An array at depth 1 of a 2-space indented JSON.stringify: items at depth 2 (4 spaces). */
function* jsonArrayChunks<T>(items: readonly T[], shape: (item: T) => unknown): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  for (let start = 0; start < items.length; start += JSON_CHUNK) {
    const parts: string[] = [];
    for (let i = start; i < Math.min(items.length, start + JSON_CHUNK); i++) {
      parts.push(`${i === 0 ? '[\n' : ',\n'}    ${JSON.stringify(shape(items[i]!), null, 2).replace(/\n/g, '\n    ')}`);
    }
    yield parts.join('');
  }
  yield '\n  ]';
}

function renderGraphTable(index: RepoIndex, edges: readonly Edge[], terminal: boolean): string {
  const perModule = cliTable(['module', 'file', 'classes', 'functions', 'methods'], terminal);
  for (const file of [...index.files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    const count = (kind: string) => file.symbols.filter((s) => s.kind === kind).length;
    perModule.push([visibleText(file.module), visibleText(file.path) + (file.partial ? ' (partial)' : ''), count('class'), count('function'), count('method')]);
  }
  const totals = cliTable(['edges', 'resolved', 'dispatch', 'heuristic', 'total'], terminal);
  for (const kind of ['calls', 'references', 'contains', 'imports', 'inherits'] as const) {
    const ofKind = edges.filter((e) => e.kind === kind);
    const count = (r: string) => ofKind.filter((e) => e.resolution === r).length;
    totals.push([kind, count('resolved'), count('dispatch'), count('heuristic'), ofKind.length]);
  }
  const kinds = (k: string) => index.symbols.filter((s) => s.kind === k).length;
  const summary =
    `${plural(index.files.length, 'file')}, ${plural(index.symbols.length, 'symbol')} ` +
    `(${plural(kinds('module'), 'module')}, ${plural(kinds('class'), 'class', 'classes')}, ${plural(kinds('function'), 'function')}, ${plural(kinds('method'), 'method')}), ` +
    `${plural(edges.length, 'edge')}, ${plural(index.skippedFiles.length, 'file')} skipped`;
  return `${perModule.toString()}\n${totals.toString()}\n${summary}\n`;
}

function renderNeighbours(index: RepoIndex, edges: readonly Edge[], options: GraphCommandOptions): string {
  const direction = options.callers !== undefined ? 'callers' : 'callees';
  const id = (options.callers ?? options.callees) as string;
  if (!index.byId.has(id)) {
    const hints = closestIds(id, index.symbols.map((s) => s.id));
    throw new RepoDigestError(`Unknown symbol '${id}'`, hints.length > 0 ? `did you mean ${hints.map((h) => `'${h}'`).join(', ')}?` : undefined);
  }
  const adjacency = buildAdjacency([...edges]);
  const neighbours = direction === 'callers' ? adjacency.callers(id) : adjacency.callees(id);
  const rows = neighbours.map((n) => {
    // Call sites sit in the caller's file: for callers that is the neighbour, for callees the symbol itself.
    const siteFile = index.byId.get(direction === 'callers' ? n.id : id)?.file ?? '?';
    const sites = (n.lines ?? []).map((line) => `${siteFile}:${line}`);
    return { id: n.id, resolution: n.resolution, sites };
  });
  if (options.format === 'json') return `${JSON.stringify({ symbol: id, [direction]: rows }, null, 2)}\n`;
  const table = cliTable([direction === 'callers' ? 'caller' : 'callee', 'resolution', 'call sites'], options.terminal === true);
  for (const row of rows) table.push([visibleText(row.id), row.resolution, row.sites.map(visibleText).join('\n')]);
  return `${table.toString()}\n${plural(rows.length, direction === 'callers' ? 'caller' : 'callee')} of ${visibleText(id)}\n`;
}

/**
 * `--html <file>`: the interactive viewer (src/viewer/) of the whole index, or of a PR's impact when
 * `options.pr` is given. Returns the line to print on stderr.
 */
export async function writeViewerHtml(index: RepoIndex, file: string, options: ViewerPayloadOptions, deps = { writeFile: (path: string, text: string) => writeOutputFile('--html', path, text) }): Promise<string> {
  const html = redactNames(await renderViewer(index, options), index.secrets ?? new Map());
  deps.writeFile(file, html);
  const kb = (Buffer.byteLength(html, 'utf8') / 1024).toFixed(0);
  return `wrote ${file} (graph viewer, ${kb} KiB): open it in a browser\n`;
}
