// JSON-shaped data (pack/document.ts DataValue) as XML elements: the PR digest's review, written from
// the same record its JSON holds, so the two formats cannot drift apart.
//
// Decisions:
// - A record is an element: its scalar fields are attributes, its lists and records child elements
//   named by their key. A list's items are named by ITEM_NAMES (`tests` holds `<test>`), else `<item>`.
//   A scalar field at the top, or a scalar list item, is an element with text.
// - A list cut to fit the budget comes with `<key>Total` (the JSON convention of `skippedTotal`): it is
//   the list element's `total` attribute, so a reader sees that more exist and how many.
// - Code (a call line, a signature) is never an attribute: a record's `code` is its element's CDATA,
//   as a packed symbol's is, and the other CODE_KEYS are child elements holding CDATA.
// - Our prose (a finding's reason, a note) names ids in markdown code spans, as the JSON and the
//   markdown say it; PROSE_KEYS lose the backticks here. Text from the PR or the repository (titles,
//   paths, ids) is written as it is, escaped.
// - null, undefined and `false` are left out (absent means false, like the JSON's optional keys).
import type { DataRecord, DataValue } from '../pack/document.js';
import { cdata, withoutCodeSpans, xmlAttr } from './xmlEscape.js';

const ITEM_NAMES: Readonly<Record<string, string>> = {
  breaking: 'finding',
  byFile: 'file',
  callSites: 'symbol',
  changed: 'symbol',
  changedByFile: 'file',
  changes: 'change',
  classes: 'class',
  files: 'file',
  folded: 'fold',
  nonPython: 'file',
  notes: 'note',
  overrides: 'override',
  reaches: 'symbol',
  redactions: 'redaction',
  riskiest: 'symbol',
  signatures: 'signature',
  sites: 'site',
  symbols: 'symbol',
  tests: 'test',
  untested: 'symbol',
};

const CODE_KEYS: ReadonlySet<string> = new Set(['code', 'before', 'after']);
const PROSE_KEYS: ReadonlySet<string> = new Set(['reason', 'text', 'notes']);

type Scalar = string | number | boolean;

function isScalar(value: DataValue | undefined): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isList(value: DataValue | undefined): value is readonly DataValue[] {
  return Array.isArray(value);
}

function shown(value: DataValue | undefined): boolean {
  return value !== undefined && value !== null && value !== false;
}

function text(key: string, value: Scalar): string {
  const s = String(value);
  return xmlAttr(PROSE_KEYS.has(key) ? withoutCodeSpans(s) : s);
}

/** Whether `key` is the count of its sibling list (`breakingTotal` of `breaking`): written on the list. */
function isListTotal(record: DataRecord, key: string): boolean {
  return key.endsWith('Total') && isList(record[key.slice(0, -'Total'.length)]);
}

function recordElement(name: string, record: DataRecord): string {
  let attributes = '';
  const children: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!shown(value) || isListTotal(record, key)) continue;
    if (key === 'code' && typeof value === 'string') children.unshift(cdata(value));
    else if (CODE_KEYS.has(key) && typeof value === 'string') children.push(`<${key}>${cdata(value)}</${key}>`);
    else if (isScalar(value)) attributes += ` ${key}="${text(key, value)}"`;
    else if (isList(value)) children.push(listElement(key, value, record[`${key}Total`]));
    else children.push(recordElement(key, value as DataRecord));
  }
  return children.length === 0 ? `<${name}${attributes}/>` : `<${name}${attributes}>${children.join('')}</${name}>`;
}

function listElement(key: string, items: readonly DataValue[], total: DataValue | undefined): string {
  const item = ITEM_NAMES[key] ?? 'item';
  const totalAttr = typeof total === 'number' ? ` total="${total}"` : '';
  const body = items.filter(shown).map((v) => valueElement(item, v, key));
  if (body.length === 0) return `<${key}${totalAttr}/>`;
  // Records one per line; a list of names or paths on one line.
  return items.every(isScalar) ? `<${key}${totalAttr}>${body.join('')}</${key}>` : `<${key}${totalAttr}>\n${body.join('\n')}\n</${key}>`;
}

function valueElement(name: string, value: DataValue, key: string): string {
  if (isScalar(value)) return `<${name}>${text(key, value)}</${name}>`;
  if (isList(value)) return listElement(name, value, undefined);
  return recordElement(name, value as DataRecord);
}

/** Each field of `data` as one element, in the record's key order, one per line. */
export function dataElements(data: DataRecord): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!shown(value) || isListTotal(data, key)) continue;
    if (isList(value)) out.push(listElement(key, value, data[`${key}Total`]));
    else if (CODE_KEYS.has(key) && typeof value === 'string') out.push(`<${key}>${cdata(value)}</${key}>`);
    else out.push(valueElement(key, value!, key));
  }
  return out;
}
