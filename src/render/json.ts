// Machine-readable digest: the pack contract (plus `changed` for a PR's changed symbols), with `content`
// the markdown rendering of the same document.
//
// Decisions:
// - `totalTokens` and the footer inside `content` state the tokens of THIS json text: it is the
//   document the user receives, so it is what the budget bounds.
// - `skipped` lists what the budget allowed (like the markdown list); `skippedTotal` counts all.
// - Key order is fixed by construction; two-space indentation.
// - Additions to the contract are optional keys, present only when they say something: a packed
//   entry's `status: "removed"` (a PR removed it; code and lines are base's) and `partialParse: true`
//   (its file had syntax errors), `notes` (the lines the markdown says under the heading: a class
//   shown for its construction, a signature whose code did not fit, a moved symbol), and `insidePackedTotal`,
//   how many `skipped` entries (listed or not) lost nothing because their code is inside a packed
//   symbol (reason `contained in …`). Those entries stay in `skipped`, which says what happened to
//   every symbol considered; `skippedTotal` still counts every entry; the footer inside `content`
//   counts them apart (document.ts).
//
// PR digests (jsonAroundMarkdown below) are read by programs that feed a model or check a change, so
// the JSON is the data and `content` the document:
// - The review fields are pr/reviewData.ts's record, whole; the XML digest writes the same record as
//   elements (render/xmlData.ts), so the two never disagree on a field.
// - The budget bounds the document a model reads, `content`, which is byte for byte the markdown
//   digest at the same budget; `totalTokens` is the tokens of `content`, the figure its footer states.
//   The JSON around it is metadata and is never cut: `changed` lists every changed symbol with its
//   diff, the review fields every finding.
// - Each `packed` entry carries the `code` it shows (source, window, signature or diff lines, with
//   `format: "diff"` for the latter), so no consumer has to parse the markdown.
// - The counts are the markdown's: `skippedTotal` is the footer's "M skipped" (symbols whose code is
//   not in the document); `skipped` lists those whose size was measured, with `atLeast: true` when
//   `tokens` is only a lower bound; `notVisitedTotal` counts the rest, reached after the budget was
//   spent and never measured (listing them all cost more tokens than the digest), and
//   `notVisitedFirst` names the first NOT_VISITED_NAMED of them, nearest first. `insidePackedTotal`
//   counts symbols not packed on their own because their code is inside a packed one (not skipped).
// (`pack --format json` keeps the contract above.)

import { type DataRecord, type DigestDocument, type DigestItem, type DigestSkip, type DocumentRenderer, isInsidePacked } from '../pack/document.js';
import type { PackedSymbol } from '../pack/packTypes.js';
import { markdownItem, markdownRenderer, renderMarkdown } from './markdown.js';

function packedEntry(item: DigestItem) {
  return {
    id: item.id,
    file: item.file,
    name: item.name,
    kind: item.kind,
    mode: item.mode,
    tokens: item.tokens,
    startLine: item.startLine,
    endLine: item.endLine,
    hop: item.hop,
    direction: item.direction,
    ...(item.status === undefined ? {} : { status: item.status }),
    ...(item.partialParse ? { partialParse: true } : {}),
    ...(item.spelledAs === undefined ? {} : { spelledAs: item.spelledAs }),
    ...(item.notes === undefined || item.notes.length === 0 ? {} : { notes: item.notes }),
  };
}

function skipEntry(skip: DigestSkip) {
  return { id: skip.id, tokens: skip.tokens, reason: skip.reason };
}

/** How many never-measured symbols a PR's JSON names (the nearest; the rest are counted). */
const NOT_VISITED_NAMED = 20;

/** A PR digest's packed entry: the metadata, then the code shown. */
function prPackedEntry(p: PackedSymbol) {
  return {
    ...packedEntry({ ...p, text: '' }),
    ...(p.change === undefined ? {} : { change: p.change }),
    ...(p.fence === undefined ? {} : { format: p.fence }),
    code: p.code,
  };
}

/** A PR digest's listed skip: a measured one, its size flagged when only a lower bound. */
function prSkipEntry(skip: DigestSkip) {
  return { ...skipEntry(skip), ...(skip.atLeast ? { atLeast: true } : {}) };
}

/** What a markdown pack produced, for jsonAroundMarkdown. */
export interface MarkdownPack {
  budget: number;
  totalTokens: number;
  encoding: string;
  roots: readonly string[];
  packed: readonly PackedSymbol[];
  skipped: readonly DigestSkip[];
  insidePacked: number;
  content: string;
}

/** The PR digest's JSON: the markdown digest as `content`, with the complete review data (pr/reviewData.ts) around it. */
export function jsonAroundMarkdown(pack: MarkdownPack, review: DataRecord): string {
  const lost = pack.skipped.filter((s) => !isInsidePacked(s));
  const notVisited = lost.filter((s) => s.considered === false);
  const body = {
    budget: pack.budget,
    totalTokens: pack.totalTokens,
    encoding: pack.encoding,
    roots: pack.roots,
    // Header, overview, changed (with diffs), breaking, overrides, signatures, tests, untested, call
    // sites, redactions: complete. The XML digest writes the same record as elements, cut to its budget.
    ...review,
    packed: pack.packed.map(prPackedEntry),
    skipped: lost.filter((s) => s.considered !== false).map(prSkipEntry),
    skippedTotal: lost.length,
    ...(notVisited.length > 0 ? { notVisitedTotal: notVisited.length, notVisitedFirst: notVisited.slice(0, NOT_VISITED_NAMED).map((s) => s.id) } : {}),
    ...(pack.insidePacked > 0 ? { insidePackedTotal: pack.insidePacked } : {}),
    content: pack.content,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

export function renderJson(doc: DigestDocument): string {
  const body = {
    budget: doc.budget,
    totalTokens: doc.usedTokens,
    encoding: doc.encoding,
    roots: doc.roots,
    ...(doc.changed ? { changed: doc.changed.map((c) => ({ id: c.id, file: c.file, name: c.name, change: c.change })) } : {}),
    packed: doc.items.map(packedEntry),
    skipped: doc.skipped.map(skipEntry),
    skippedTotal: doc.skippedTotal,
    ...(doc.insidePacked ? { insidePackedTotal: doc.insidePacked } : {}),
    content: renderMarkdown(doc),
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

function indented(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/^/gm, '    ');
}

export const jsonRenderer: DocumentRenderer = {
  format: 'json',
  render: renderJson,
  // An item costs its entry in `packed` plus its escaped block inside `content`.
  itemText: (item) => `${indented(packedEntry(item))},\n${JSON.stringify(`${markdownItem(item)}\n\n`).slice(1, -1)}`,
  fileText: (file) => JSON.stringify(`## \`${file}\`\n\n`).slice(1, -1),
  skipText: (skip) => `${indented(skipEntry(skip))},\n${JSON.stringify(markdownRenderer.skipText(skip)).slice(1, -1)}`,
  rootsLineText: (skips, rootFiles) => JSON.stringify(markdownRenderer.rootsLineText(skips, rootFiles)).slice(1, -1),
};
