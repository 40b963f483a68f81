// Machine-readable digest: the pack contract of issue 2 (plus issue 4's `changed`), with `content`
// the markdown rendering of the same document.
//
// Decisions:
// - `totalTokens` and the footer inside `content` state the tokens of THIS json text: it is the
//   document the user receives, so it is what the budget bounds.
// - `skipped` lists what the budget allowed (like the markdown list); `skippedTotal` counts all.
// - Key order is fixed by construction; two-space indentation.
import { markdownItem, renderMarkdown } from './markdown.js';
import type { DigestDocument, DigestItem, DigestSkip, DocumentRenderer } from './document.js';

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
  };
}

function skipEntry(skip: DigestSkip) {
  return { id: skip.id, tokens: skip.tokens, reason: skip.reason };
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
  skipText: (skip) => `${indented(skipEntry(skip))},\n${JSON.stringify(`- \`${skip.id}\` (${skip.tokens} tokens): ${skip.reason}\n`).slice(1, -1)}`,
};
