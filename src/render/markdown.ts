// The default digest format: title, preamble sections, code grouped by file (one fenced block per
// symbol), what was skipped, and the token usage footer.
//
// The layout is fixed so that the pieces the packer estimates with (itemText, fileText, skipText) are
// exactly the blocks render() joins with blank lines: estimates and the final count agree closely.

import {
  type DigestDocument,
  type DigestItem,
  type DigestSkip,
  type DocumentRenderer,
  groupByFile,
  groupedRootSkips,
  isInsidePacked,
  listedOwnLines,
  lostTotal,
  notListed,
  rootsNotShown,
  usageLine,
} from '../pack/document.js';
import { codeFence, codeSpan, inlineText } from '../shared/fence.js';
import { plural } from '../shared/plural.js';

/** How a file group and a packed symbol open in this layout; comment trimming cuts at these lines. */
export const FILE_GROUP_HEADING = /^## `/;
export const PACKED_SYMBOL_HEADING = /^### `/;

/** Said after a removed symbol's location: the lines and the code are base's, not head's. */
export const REMOVED_NOTE = '(removed; code as in base)';
/** Said after the location of a symbol from a file with syntax errors. */
export const PARTIAL_NOTE = '(file partially parsed: syntax errors)';

export function markdownItem(item: DigestItem): string {
  // The file is the heading of the group the item sits in: naming it again cost every block a dozen tokens.
  // A diff's hunks carry their own line numbers (`@@` headers), so their heading does not repeat a
  // range: on a change threading a parameter through 25 methods that was 150 tokens.
  const where = item.fence === 'diff' && item.mode === 'hunks' ? '' : ` — lines ${item.startLine}-${item.endLine}`;
  const change = item.change !== undefined && item.status !== 'removed' ? ` · ${item.change}` : '';
  const status = (item.status === 'removed' ? ` ${REMOVED_NOTE}` : '') + (item.partialParse ? ` ${PARTIAL_NOTE}` : '') + spelledNote(item);
  // Notes are our own markdown (ids in code spans, pr/sections.ts / pr/views.ts): one line each.
  const notes = item.notes && item.notes.length > 0 ? `${item.notes.join('\n')}\n\n` : '';
  return `### ${codeSpan(localId(item))} (${item.kind}, ${item.mode})${where}${change}${status}\n\n${notes}${codeFence(item.text, item.fence ?? 'python')}`;
}

/**
 * The id inside its module (`Class.method`, a `#2` of a redefinition kept): the file's heading above
 * the block names the module. A name is dotted only by nesting, so the id's last as many parts are it.
 */
export function localId(item: Pick<DigestItem, 'id' | 'name'>): string {
  if (item.name === '') return item.id;
  return item.id.split('.').slice(-item.name.split('.').length).join('.');
}

/** A look-alike definition (`def ｈelper`): the heading says which name Python binds. */
function spelledNote(item: DigestItem): string {
  if (item.spelledAs === undefined) return '';
  return ` (${codeSpan(item.spelledAs)} is the same name as ${codeSpan(item.name.split('.').at(-1) ?? item.name)} to Python)`;
}

function fileHeading(file: string): string {
  return `## ${codeSpan(file)}`;
}

/** The one line accounting for every root not in the document (PR digests, `changedInPreamble`). */
export function groupedRootsLine(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined): string {
  return `- ${rootsNotShown(skips, rootFiles, (path) => codeSpan(path))}`;
}

function skipLine(skip: DigestSkip): string {
  const size = skip.considered === false || skip.atLeast ? '' : ` (${plural(skip.tokens, 'token')})`;
  return `- ${codeSpan(skip.id)}${size}: ${inlineText(skip.reason)}`;
}

/** Skips already inside a packed symbol are not listed (document.ts): the footer counts them. */
function skippedSection(doc: DigestDocument): string | undefined {
  const lost = lostTotal(doc);
  if (lost === 0) return undefined;
  const roots = groupedRootSkips(doc);
  const lines = [`## Skipped (${lost})`, '', ...(roots.length > 0 ? [groupedRootsLine(roots, doc.rootFiles)] : []), ...listedOwnLines(doc).map(skipLine)];
  const rest = notListed(doc);
  if (rest > 0) lines.push(`- … and ${rest} more not listed`);
  return lines.join('\n');
}

export function renderMarkdown(doc: DigestDocument): string {
  const blocks: string[] = [`# ${inlineText(doc.title)}`, ...doc.preamble.map((s) => s.trim())];
  for (const group of groupByFile(doc.items)) {
    blocks.push(fileHeading(group.file));
    for (const item of group.items) blocks.push(markdownItem(item));
  }
  const skipped = skippedSection(doc);
  if (skipped !== undefined) blocks.push(skipped);
  blocks.push(`---\n${usageLine(doc)}`);
  return `${blocks.filter((b) => b !== '').join('\n\n')}\n`;
}

export const markdownRenderer: DocumentRenderer = {
  format: 'markdown',
  render: renderMarkdown,
  itemText: (item) => `${markdownItem(item)}\n\n`,
  fileText: (file) => `${fileHeading(file)}\n\n`,
  skipText: (skip) => (isInsidePacked(skip) ? '' : `${skipLine(skip)}\n`),
  rootsLineText: (skips, rootFiles) => `${groupedRootsLine(skips, rootFiles)}\n`,
};
