// The PR-specific sections of the digest preamble (pure): header, changed-symbols table, call sites to
// check, Mermaid graph.
//
// Decisions:
// - Everything from the PR or the repository (title, paths, symbol names, refs) is hostile: it lands in
//   a PR comment where `@org/team` pings people, `#123` cross-links issues and raw HTML renders.
//   Free text goes through `escapeMarkdownText` (one line, markdown punctuation backslash-escaped, HTML
//   metacharacters as entities, `@`/`#` references broken with U+200B); identifiers and paths go in code
//   spans (`codeSpan`), where nothing pings or renders, with a fence longer than any backtick run.
// - Call sites are listed for modified and removed symbols: those are the ones whose callers may break.
//   A removed symbol that still has callers is flagged first, since head will fail where it is called.
// - A removed symbol's own calls no longer exist in head: it is never listed or counted as a caller.
// - A removed symbol is also flagged when it is only imported (`from old import f`, `import old`):
//   that import fails when the importing module loads, which breaks more than one call does. Imports of
//   modified symbols are not listed (they still resolve).
// - Token numbers are parameters: the packer's footer logic knows them only after packing.
import type { Adjacency } from '../graph/adjacency.js';
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import type { ImportRecord } from '../model.js';
import { renderMermaid, type MermaidOptions } from './mermaid.js';
import { plural } from './plural.js';

const ZWSP = '\u200b';
const MAX_TITLE_CHARS = 200;
// C0/C1 controls, and bidi overrides/isolates that can visually reorder text (Trojan-source style).
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Free text -> one line of inert markdown. */
export function escapeMarkdownText(text: string, maxChars = MAX_TITLE_CHARS): string {
  let chars = [...text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()];
  if (chars.length > maxChars) chars = [...chars.slice(0, maxChars - 1), '…'];
  return chars
    .join('')
    .replace(/[\\`*_[\]()#+\-!|~{}:]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/@(?=[\p{L}\p{N}_-])/gu, `@${ZWSP}`)
    .replace(/#(?=\p{N})/gu, `#${ZWSP}`);
}

/**
 * Free text -> one line of plain text, for the header of an XML digest: its preamble sits in CDATA,
 * where markdown escapes would be literal noise (`\(1 added\)`). Invisible and control characters
 * are still removed and the length capped; the XML renderer splits any `]]>`.
 */
export function plainText(text: string, maxChars = MAX_TITLE_CHARS): string {
  let chars = [...text.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()];
  if (chars.length > maxChars) chars = [...chars.slice(0, maxChars - 1), '…'];
  return chars.join('');
}

/** Text as an inline code span that nothing can escape; `inTable` escapes `|`, which GFM splits cells on even inside code. */
export function codeSpan(text: string, inTable = false): string {
  let body = text.replace(INVISIBLE, '').replace(/[\r\n\t]+/g, ' ');
  if (inTable) body = body.replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = body.startsWith('`') || body.endsWith('`') || body.startsWith(' ') || body === '' ? ' ' : '';
  return `${fence}${pad}${body}${pad}${fence}`;
}

function shortRev(rev: string): string {
  return /^[0-9a-f]{40,64}$/i.test(rev) ? rev.slice(0, 7) : rev;
}

function count(n: number): string {
  return Number.isFinite(n) ? String(Math.trunc(n)) : '?';
}

export interface PrHeaderInput {
  prNumber?: number;
  title?: string;
  base: string;
  head: string;
  tokensUsed: number;
  budget: number;
  encoding: string;
  incomplete?: boolean;
  /** Our own notes (they may quote paths: escaped like any text). */
  notes?: readonly string[];
  /** Title and notes as plain text (XML digests), not escaped markdown. */
  plain?: boolean;
}

export function renderPrHeader(input: PrHeaderInput): string {
  const number = input.prNumber !== undefined && Number.isSafeInteger(input.prNumber) ? `PR #${input.prNumber}` : 'Changes';
  const text = input.plain ? plainText : escapeMarkdownText;
  const title = input.title ? `: ${text(input.title)}` : '';
  const lines = [
    `## RepoDigest · ${number}${title}`,
    '',
    `${codeSpan(shortRev(input.base))}..${codeSpan(shortRev(input.head))} · ${count(input.tokensUsed)} / ${count(input.budget)} tokens (${codeSpan(input.encoding)})`,
  ];
  if (input.incomplete) lines.push('', '> **Incomplete:** the list of changes may be partial (see notes).');
  for (const note of input.notes ?? []) lines.push(`> ${text(note, 500)}`);
  return lines.join('\n');
}

function location(c: ChangedSymbol): string {
  const [start, end] = c.lines;
  return `${c.file}:${start === end ? start : `${start}-${end}`}`;
}

/** Callers that exist in head (a removed symbol's calls are gone with it). */
function liveCallers(id: string, adjacency: Adjacency, removed: ReadonlySet<string>) {
  return adjacency.callers(id).filter((n) => !removed.has(n.id));
}

function removedIds(changed: readonly ChangedSymbol[]): Set<string> {
  return new Set(changed.filter((c) => c.change === 'removed').map((c) => c.id));
}

export function renderChangedSymbolsTable(changed: readonly ChangedSymbol[], adjacency: Adjacency, nonPython: readonly string[] = []): string {
  const removed = removedIds(changed);
  const lines = ['### Changed symbols', ''];
  if (changed.length === 0) lines.push('_No Python symbols changed._');
  else {
    lines.push('| Symbol | Change | Location | Callers | Callees |', '| --- | --- | --- | ---: | ---: |');
    for (const c of changed) {
      const row = [codeSpan(c.id, true), c.change, codeSpan(location(c), true), liveCallers(c.id, adjacency, removed).length, adjacency.callees(c.id).length];
      lines.push(`| ${row.join(' | ')} |`);
    }
  }
  if (nonPython.length > 0) {
    lines.push('', `Changed but not analysed (not Python): ${nonPython.map((p) => codeSpan(p)).join(', ')}`);
  }
  return lines.join('\n');
}

/** Where a caller lives: the pipeline's symbol lookup (head index, plus removed symbols); `imports` gives import lines. */
export type LocateSymbol = (id: string) => { file: string; imports?: readonly ImportRecord[] } | undefined;

/** Ids of the symbols whose scope imports `id` (the graph's `imports` edges), sorted. */
export type ImportersOf = (id: string) => readonly string[];

const NO_IMPORTERS: ImportersOf = () => [];

function callSiteItems(c: ChangedSymbol, adjacency: Adjacency, locate: LocateSymbol, removed: ReadonlySet<string>): string[] {
  const items: string[] = [];
  for (const caller of liveCallers(c.id, adjacency, removed)) {
    const file = locate(caller.id)?.file;
    const guess = caller.resolution === 'heuristic' ? ' (name match, unresolved)' : '';
    const sites = caller.lines.length > 0 ? caller.lines : [undefined];
    for (const line of sites) {
      const where = file === undefined ? '' : `${codeSpan(line === undefined ? file : `${file}:${line}`)} in `;
      items.push(`  - ${where}${codeSpan(caller.id)}${guess}`);
    }
  }
  return items;
}

// ---- "used by" (issue 10): functions used as values, next to their callers -------------------------
/** Symbols that use `c` as a value (a callback passed, stored or returned), one item per site. */
function usedByItems(c: ChangedSymbol, adjacency: Adjacency, locate: LocateSymbol, removed: ReadonlySet<string>): string[] {
  const items: string[] = [];
  for (const user of adjacency.users(c.id).filter((n) => !removed.has(n.id))) {
    const file = locate(user.id)?.file;
    for (const line of user.lines.length > 0 ? user.lines : [undefined]) {
      const where = file === undefined ? '' : `${codeSpan(line === undefined ? file : `${file}:${line}`)} in `;
      items.push(`  - ${where}${codeSpan(user.id)} (used by: passed or stored as a value)`);
    }
  }
  return items;
}
// ------------------------------------------------------------------------------------------------------

/** The line of the import statement in `imports` that names `id` (best effort: by imported name or module). */
function importLine(imports: readonly ImportRecord[] | undefined, id: string): number | undefined {
  const name = id.slice(id.lastIndexOf('.') + 1);
  const found = (imports ?? []).find((r) => (r.kind === 'from' ? r.name === name : r.module === id || id.startsWith(`${r.module}.`)));
  return found?.line;
}

function liveImporters(id: string, importers: ImportersOf, removed: ReadonlySet<string>): string[] {
  return importers(id).filter((importer) => !removed.has(importer));
}

function importItems(c: ChangedSymbol, importers: ImportersOf, locate: LocateSymbol, removed: ReadonlySet<string>): string[] {
  return liveImporters(c.id, importers, removed).map((importer) => {
    const symbol = locate(importer);
    const line = importLine(symbol?.imports, c.id);
    const where = symbol === undefined ? '' : `${codeSpan(line === undefined ? symbol.file : `${symbol.file}:${line}`)} in `;
    return `  - ${where}${codeSpan(importer)} (import)`;
  });
}

export function renderCallSites(changed: readonly ChangedSymbol[], adjacency: Adjacency, locate: LocateSymbol, importers: ImportersOf = NO_IMPORTERS): string {
  const lines = ['### Call sites to check', ''];
  const removed = removedIds(changed);
  const used = (c: ChangedSymbol) =>
    liveCallers(c.id, adjacency, removed).length > 0 ||
    usedByItems(c, adjacency, locate, removed).length > 0 ||
    (c.change === 'removed' && liveImporters(c.id, importers, removed).length > 0);
  const targets = changed.filter((c) => c.change !== 'added' && used(c));
  // Removed-but-used first: those call sites and imports fail in head.
  const ordered = [...targets.filter((c) => c.change === 'removed'), ...targets.filter((c) => c.change !== 'removed')];
  if (ordered.length === 0) {
    lines.push('_No callers of modified or removed symbols were found._');
    return lines.join('\n');
  }
  for (const c of ordered) {
    const calls = [...callSiteItems(c, adjacency, locate, removed), ...usedByItems(c, adjacency, locate, removed)];
    const imports = c.change === 'removed' ? importItems(c, importers, locate, removed) : [];
    let head: string;
    if (c.change !== 'removed') head = `- ${codeSpan(c.id)} (${c.change})`;
    else head = `- **Removed but still ${calls.length > 0 ? 'called' : 'imported'}:** ${codeSpan(c.id)}`;
    const counts = [...(calls.length > 0 ? [plural(calls.length, 'call site')] : []), ...(imports.length > 0 ? [plural(imports.length, 'import')] : [])];
    lines.push(`${head}, ${counts.join(', ')}:`, ...calls, ...imports);
  }
  return lines.join('\n');
}

export interface PrSectionsInput extends PrHeaderInput {
  changed: readonly ChangedSymbol[];
  nonPython?: readonly string[];
  adjacency: Adjacency;
  locate: LocateSymbol;
  importers?: ImportersOf;
  mermaid?: MermaidOptions;
}

/** Header, changed symbols, call sites and graph, in the digest's order, separated by blank lines. */
export function renderPrSections(input: PrSectionsInput): string {
  const graph = renderMermaid(input.changed, input.adjacency, input.mermaid);
  return [
    renderPrHeader(input),
    renderChangedSymbolsTable(input.changed, input.adjacency, input.nonPython),
    renderCallSites(input.changed, input.adjacency, input.locate, input.importers),
    ...(graph ? [`### Call graph of the changes\n\n${graph}`] : []),
  ].join('\n\n');
}
