// XML digest: <context><file path><symbol ...><![CDATA[code]]></symbol></file></context>.
//
// Decisions:
// - Code sits in CDATA; a `]]>` inside it is split across two sections (`]]]]><![CDATA[>`), so any
//   text stays well-formed and reads back byte for byte.
// - Characters XML 1.0 cannot carry at all (C0 controls other than tab/newline/CR, e.g. the form feed
//   some Python files contain, lone surrogates, U+FFFE/U+FFFF) become U+FFFD: no escape exists for
//   them, and a parser must never choke on our output.
// - Attribute values escape & < > " and whitespace controls; element order follows the markdown one.
// - Like markdown, only skips that lost code are listed and counted in <skipped>; those already inside
//   a packed symbol are counted in <usage insidePacked> (document.ts says why). A symbol a PR removed
//   carries status="removed" (its code and lines are base's); one from a file with syntax errors
//   partialParse="true".
// - The preamble (a PR digest's header, overview, verdicts, tests, changed list, call sites) is
//   markdown written for every format; here each section becomes <preamble title="…"> with plain
//   lines in CDATA (plainMarkdown.ts): no headings, tables, code spans or escapes for a model to read
//   through. The Mermaid graph is markdown's alone.
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

// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function xmlChars(text: string): string {
  return text.replace(NOT_XML, '\uFFFD');
}

export function xmlAttr(value: string | number): string {
  return xmlChars(String(value))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

export function cdata(text: string): string {
  return `<![CDATA[${xmlChars(text).split(']]>').join(']]]]><![CDATA[>')}]]>`;
}

function attrs(pairs: [string, string | number][]): string {
  return pairs.map(([k, v]) => ` ${k}="${xmlAttr(v)}"`).join('');
}

function symbolElement(item: DigestItem): string {
  const a = attrs([
    ['id', item.id],
    ['name', item.name],
    ['kind', item.kind],
    ['mode', item.mode],
    ['lines', `${item.startLine}-${item.endLine}`],
    ['hop', item.hop],
    ['direction', item.direction],
    ['tokens', item.tokens],
    ...(item.status === undefined ? [] : ([['status', item.status]] as [string, string][])),
    ...(item.partialParse ? ([['partialParse', 'true']] as [string, string][]) : []),
    ...(item.spelledAs === undefined ? [] : ([['spelledAs', item.spelledAs]] as [string, string][])),
    ...(item.change === undefined ? [] : ([['change', item.change]] as [string, string][])),
    ...(item.fence === undefined ? [] : ([['format', item.fence]] as [string, string][])),
    ...(item.notes && item.notes.length > 0 ? ([['note', item.notes.map(plainNote).join(' ')]] as [string, string][]) : []),
  ]);
  const body = item.text.endsWith('\n') ? item.text : `${item.text}\n`;
  return `<symbol${a}>${cdata(`\n${body}`)}</symbol>`;
}

/** A note is our markdown (ids in code spans): the attribute carries it without the backticks. */
function plainNote(note: string): string {
  return note.replace(/`+ ?([^`]*?) ?`+/g, '$1');
}

function preambleElement(section: string): string {
  const { title, body } = plainSection(section.trim());
  return `<preamble${title === undefined ? '' : attrs([['title', title]])}>${cdata(body)}</preamble>`;
}

function skipElement(skip: DigestSkip): string {
  // A lower bound is not the symbol's size: the reason says how it compares with what was left.
  return `<skip${attrs([['id', skip.id], ...(skip.atLeast ? [] : [['tokens', skip.tokens] as [string, number]]), ['reason', skip.reason]])}/>`;
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
  for (const section of doc.preamble) out.push(preambleElement(section));
  for (const group of groupByFile(doc.items)) {
    out.push(`<file${attrs([['path', group.file]])}>`);
    for (const item of group.items) out.push(symbolElement(item));
    out.push('</file>');
  }
  const lost = lostTotal(doc);
  if (lost > 0) {
    out.push(`<skipped${attrs([['count', lost], ['notListed', notListed(doc)]])}>`);
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
