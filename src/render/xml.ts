// XML digest: <context><file path><symbol ...><![CDATA[code]]></symbol></file></context>.
//
// Decisions:
// - Escaping and CDATA are xmlEscape.ts's: any text stays well-formed and code reads back byte for byte.
// - A packed symbol's attributes are its JSON entry's fields (render/json.ts), `file` on its <file>
//   group; its notes are <note> children and its code the element's CDATA. Element order follows the
//   markdown one.
// - Like markdown, only skips that lost code are listed and counted in <skipped total>; those already
//   inside a packed symbol are counted in <usage insidePacked> (document.ts says why). A size that is
//   only a lower bound is not given, the skip flagged `atLeast` as in JSON. A symbol a PR removed
//   carries status="removed" (its code and lines are base's); one from a file with syntax errors
//   partialParse="true".
// - The preamble: when the document has it as data (`preambleData`, the PR digest's review), each
//   field is an element built from the record the JSON digest holds (xmlData.ts): no markdown at all.
//   A preamble given only as markdown becomes <preamble title="…"> sections of plain lines
//   (plainMarkdown.ts). The Mermaid graph is markdown's alone.
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
import { plainSection } from './plainMarkdown.js';
import { dataElements } from './xmlData.js';
import { attrs, cdata, withoutCodeSpans, xmlAttr } from './xmlEscape.js';

export { cdata, xmlAttr } from './xmlEscape.js';

function symbolElement(item: DigestItem): string {
  const a = attrs([
    ['id', item.id],
    ['name', item.name],
    ['kind', item.kind],
    ['mode', item.mode],
    ['startLine', item.startLine],
    ['endLine', item.endLine],
    ['hop', item.hop],
    ['direction', item.direction],
    ['tokens', item.tokens],
    ...(item.status === undefined ? [] : ([['status', item.status]] as [string, string][])),
    ...(item.partialParse ? ([['partialParse', 'true']] as [string, string][]) : []),
    ...(item.spelledAs === undefined ? [] : ([['spelledAs', item.spelledAs]] as [string, string][])),
    ...(item.change === undefined ? [] : ([['change', item.change]] as [string, string][])),
    ...(item.fence === undefined ? [] : ([['format', item.fence]] as [string, string][])),
  ]);
  // A note is our markdown (ids in code spans): the element carries it without the backticks.
  const notes = (item.notes ?? []).map((note) => `<note>${xmlAttr(withoutCodeSpans(note))}</note>`).join('');
  const body = item.text.endsWith('\n') ? item.text : `${item.text}\n`;
  return `<symbol${a}>${notes}${cdata(`\n${body}`)}</symbol>`;
}

function preambleElement(section: string): string {
  const { title, body } = plainSection(section.trim());
  return `<preamble${title === undefined ? '' : attrs([['title', title]])}>${cdata(body)}</preamble>`;
}

function skipElement(skip: DigestSkip): string {
  // A lower bound is not the symbol's size: the reason says how it compares with what was left.
  const size: [string, string | number][] = skip.atLeast ? [['atLeast', 'true']] : [['tokens', skip.tokens]];
  return `<skip${attrs([['id', skip.id], ...size, ['reason', skip.reason]])}/>`;
}

export function groupedRootsElement(skips: readonly DigestSkip[], rootFiles: ReadonlyMap<string, string> | undefined): string {
  return `<changed-not-shown${attrs([['count', skips.length], ['reason', rootsNotShown(skips, rootFiles, (path) => path)]])}/>`;
}

export function renderXml(doc: DigestDocument): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<context${attrs([['title', doc.title], ['budget', doc.budget], ['encoding', doc.encoding]])}>`);
  // A PR digest's preamble accounts for every changed symbol (= root): not listed twice.
  if (!doc.changedInPreamble) out.push(`<roots>${doc.roots.map((id) => `<root${attrs([['id', id]])}/>`).join('')}</roots>`);
  if (doc.changed && doc.changed.length > 0 && !doc.changedInPreamble) {
    out.push('<changed>');
    for (const c of doc.changed) out.push(`<symbol${attrs([['id', c.id], ['file', c.file], ['name', c.name], ['change', c.change]])}/>`);
    out.push('</changed>');
  }
  if (doc.preambleData) out.push(...dataElements(doc.preambleData));
  else for (const section of doc.preamble) out.push(preambleElement(section));
  for (const group of groupByFile(doc.items)) {
    out.push(`<file${attrs([['path', group.file]])}>`);
    for (const item of group.items) out.push(symbolElement(item));
    out.push('</file>');
  }
  const lost = lostTotal(doc);
  if (lost > 0) {
    out.push(`<skipped${attrs([['total', lost], ['notListed', notListed(doc)]])}>`);
    const roots = groupedRootSkips(doc);
    if (roots.length > 0) out.push(groupedRootsElement(roots, doc.rootFiles));
    for (const skip of listedOwnLines(doc)) out.push(skipElement(skip));
    out.push('</skipped>');
  }
  const inside = doc.insidePacked ?? 0;
  const usage = attrs([
    ['used', doc.usedTokens],
    ['budget', doc.budget],
    ['packed', doc.items.length],
    ['skipped', lost],
    ...(inside > 0 ? ([['insidePacked', inside]] as [string, number][]) : []),
  ]);
  out.push(`<usage${usage}>${xmlAttr(usageLine(doc))}</usage>`);
  out.push('</context>');
  return `${out.join('\n')}\n`;
}

export const xmlRenderer: DocumentRenderer = {
  format: 'xml',
  render: renderXml,
  itemText: (item) => `${symbolElement(item)}\n`,
  fileText: (file) => `<file${attrs([['path', file]])}>\n</file>\n`,
  skipText: (skip) => (isInsidePacked(skip) ? '' : `${skipElement(skip)}\n`),
  rootsLineText: (skips, rootFiles) => `${groupedRootsElement(skips, rootFiles)}\n`,
};
