// A preamble given only as markdown (pack/packTypes.ts `preamble` without `preambleData`) as plain text, for the XML
// digest: a model reading XML gets tagged sections of plain lines, not markdown headings, tables, code
// spans and backslash escapes inside CDATA. The PR digest gives its preamble as data instead
// (pr/reviewData.ts), which XML writes as elements.
//
// Decisions:
// - Only the markdown our preamble writers produce is read (pr/sections.ts, pr/reviewSections.ts,
//   pr/overview.ts, pr/callSites.ts): ATX headings, pipe tables, code spans, `**strong**`, `> ` quotes,
//   fenced blocks, backslash escapes and the four entities escapeMarkdownText writes. Anything else
//   passes through as it is.
// - A section's first heading is its title (the XML element's attribute); later headings stay lines.
// - A table row becomes one line naming each column: `- shop.pricing.quote (change: modified,
//   location: shop/pricing.py:35-46, callers: 3, callees: 4)`.
// - Code span contents are kept as written (escapes inside them are literal in markdown too); the
//   U+200B that breaks GitHub's autolinks (`@`, `#12`, `www.`) and double backticks is dropped: XML
//   links nothing.

const HEADING = /^#{1,6} (.*)$/;
const TABLE_SEPARATOR = /^\|(?:\s*:?-+:?\s*\|)+\s*$/;
const FENCE = /^(`{3,}|~{3,})/;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"' };
const ZWSP = /\u200B/g;

export interface PlainSection {
  title?: string;
  body: string;
}

/** One preamble section: its leading heading apart, the rest as plain lines. */
export function plainSection(markdown: string): PlainSection {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const first = HEADING.exec(lines[0] ?? '');
  const rest = first ? lines.slice(1) : lines;
  while (rest[0] === '') rest.shift();
  const body = plainLines(rest).join('\n');
  return first ? { title: plainInline(first[1]!.trim()), body } : { body };
}

function plainLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      else out.push(line);
      continue;
    }
    if (marker !== undefined) {
      fence = marker;
      continue;
    }
    if (line.startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      const header = tableCells(line).map((cell) => plainInline(cell).toLowerCase());
      i += 2;
      for (; i < lines.length && lines[i]!.startsWith('|'); i++) out.push(tableRow(header, tableCells(lines[i]!)));
      i--;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) out.push(plainInline(heading[1]!.trim()));
    else out.push(plainInline(line.replace(/^>\s?/, '')));
  }
  return out;
}

function tableRow(header: readonly string[], cells: readonly string[]): string {
  const [name, ...rest] = cells.map(plainInline);
  const named = rest.map((cell, i) => `${header[i + 1] ?? `column ${i + 2}`}: ${cell}`);
  return `- ${name ?? ''}${named.length > 0 ? ` (${named.join(', ')})` : ''}`;
}

/** The cells of a pipe-table row: split on unescaped pipes outside code spans (`\|` stays a pipe). */
function tableCells(row: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let ticks = 0;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (ch === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '`') {
      let run = 0;
      while (row[i + run] === '`') run++;
      ticks = ticks === 0 ? run : ticks === run ? 0 : ticks;
      cell += '`'.repeat(run);
      i += run - 1;
    } else if (ch === '|' && ticks === 0) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  // The row's outer pipes leave an empty first and last cell.
  return cells.slice(1, cells.at(-1)?.trim() === '' ? -1 : undefined).map((c) => c.trim());
}

/** One line of our inline markdown as plain text: code spans unwrapped, strong emphasis dropped, escapes undone. */
export function plainInline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '`') {
      let run = 0;
      while (text[i + run] === '`') run++;
      const close = closingRun(text, i + run, run);
      if (close >= 0) {
        let body = text.slice(i + run, close);
        // CommonMark strips one space on each side when both are there (fence.ts codeSpan pads so).
        if (body.length >= 2 && body.startsWith(' ') && body.endsWith(' ') && body.trim() !== '') body = body.slice(1, -1);
        out += body;
        i = close + run;
        continue;
      }
      out += '`'.repeat(run);
      i += run;
    } else if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()#+\-!|~{}:.<>"'&]/.test(text[i + 1]!)) {
      out += text[i + 1];
      i += 2;
    } else if (ch === '*' && text[i + 1] === '*') {
      i += 2;
    } else if (ch === '&') {
      const entity = /^&(amp|lt|gt|quot);/.exec(text.slice(i));
      out += entity ? ENTITIES[entity[1]!] : '&';
      i += entity ? entity[0].length : 1;
    } else {
      out += ch;
      i++;
    }
  }
  return out.replace(ZWSP, '');
}

/** Where a run of exactly `run` backticks starts at or after `from`, or -1. */
function closingRun(text: string, from: number, run: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] !== '`') continue;
    let n = 0;
    while (text[i + n] === '`') n++;
    if (n === run) return i;
    i += n - 1;
  }
  return -1;
}
