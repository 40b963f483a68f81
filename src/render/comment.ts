// The PR comment body built from a digest in markdown: size-capped, fenced code kept intact,
// nothing outside fenced code able to ping, link, reference or inject HTML. Pure: text in, text out.
//
// The digest may be an untrusted `post-digest` file: a fork's workflow made it, and it is posted under
// the token's identity. It is neutralised like our own digest, not fenced whole: the same digest reads
// the same in either workflow, with its headings, tables and code, and every construct that could act
// (mention, reference, link, image, autolink, raw HTML) is broken in every line outside its fences.
//
// Safety does not rest on agreeing with GitHub's markdown parser; the body is re-emitted so that it
// has one reading under CommonMark/GFM:
// - Code is what a column-0 fence opens here (the renderer's own fences); every such region is written
//   back inside a fence of our making, longer than any run of its character in the code, so no code
//   line can close it early, and closed by our own closing line.
// - Every other line is neutralised (render/neutralise.ts): no mention, reference, link or raw HTML,
//   and no run of three backticks or tildes, so no other line can open a code block or an HTML block
//   that would swallow one of our fences. A column-0 fence then opens a top-level block whatever
//   precedes it (it interrupts paragraphs, lists, quotes and tables; it is never a lazy continuation).
// A line scanner that trusts the document's own fences is bypassed by a fence indented 1-3 spaces
// (` ``` ` opens a block the scanner sees as text; its column-0 "opener" then closes it). A conformant
// parser (micromark with GFM) is no alternative: it is slow on large digests and far slower on a long
// line of inline markup, a hang a hostile `post-digest` file could cause; this is linear. Tests render the result with Debian's cmark-gfm (GitHub's renderer) and micromark.
//
// Trimming. GitHub rejects bodies over 65,536 characters. When the digest is larger, whole symbols
// are dropped from the end of the packed context (each symbol is a `### \`id\`` block, never split
// inside a fence; an emptied file group loses its heading too), and a note says how many and points
// to the artifact. The header, changed symbols, call sites and graph come first and stay. If that is
// not enough, the document is cut at the last block boundary outside a fence that fits. Lengths are
// measured by a caller-given function: UTF-16 code units for comments, UTF-8 bytes for the 1 MiB job
// summary. GitHub's error says "maximum is 65536 characters"; some report the enforced unit to be
// 262,144 UTF-8 bytes. A UTF-16 unit count is never below the code point count and a unit is at most
// 3 UTF-8 bytes, so a body within 65,536 units is accepted under either reading.

import { noun } from '../shared/plural.js';
import { FILE_GROUP_HEADING, PACKED_SYMBOL_HEADING } from './markdown.js';
import { neutralise } from './neutralise.js';

export interface CommentBodyOptions {
  /** First line(s) of the body (the hidden sticky marker and run key); '' for none. Trusted: not neutralised. */
  marker: string;
  /** Cap on measure(body). */
  maxLength: number;
  /**
   * Where the full digest is, for the trim note, e.g. "the [`repodigest` artifact](…) of this run".
   * Trusted: the caller's own markdown, not neutralised, so it may link to the run.
   */
  fullDigestHint: string;
  /** Markdown after the digest (where graph.html is, with its link). Trusted: not neutralised, never trimmed. */
  trailer?: string;
  measure?: (text: string) => number;
  /** A file-group heading line of the packed context (default: render/markdown.ts layout). */
  groupHeading?: RegExp;
  /** A symbol heading line of the packed context. */
  unitHeading?: RegExp;
}

export interface CommentBody {
  body: string;
  trimmed: boolean;
  /** Symbols of the packed context left out. */
  omittedSymbols: number;
  totalSymbols: number;
}

export interface Line {
  text: string;
  /** Index into `regions` when the line belongs to a column-0 fence (opening, code or closing line). */
  region: number | undefined;
  /** Heading level when the line is an ATX heading outside fences, else 0. */
  heading: number;
}

/** A column-0 fence of the document: lines [start, end), `closed` when its last line is a closing fence. */
export interface Region {
  start: number;
  end: number;
  closed: boolean;
  /** The fence this body writes for it: longer than any run of its character in the code. */
  fence: string;
  /** The opening line's info string when plainly a language name, else ''. */
  info: string;
}

export interface ScannedDocument {
  lines: Line[];
  regions: Region[];
}

export function buildCommentBody(markdown: string, options: CommentBodyOptions): CommentBody {
  const measure = options.measure ?? ((s: string) => s.length);
  const { lines, regions } = scanLines(markdown.replace(/\r\n?/g, '\n'));
  const neutral = lines.map((l) => (l.region === undefined ? neutralise(l.text) : l.text));
  const head = options.marker === '' ? '' : `${options.marker}\n`;
  const tail = options.trailer ?? '';
  // Kept lines in order, the note at its place. Code lines are only ever written between an opening
  // and a closing fence of our own (see the top of the file), whatever is kept or dropped around them.
  const assemble = (keep: (i: number) => boolean, note: string, noteAt: number): string => {
    const out: string[] = [];
    let open: Region | undefined;
    const close = (): void => {
      if (open) out.push(open.fence);
      open = undefined;
    };
    for (let i = 0; i < neutral.length; i++) {
      if (i === noteAt && note) {
        close();
        out.push(note, '');
      }
      if (!keep(i)) continue;
      const r = lines[i]!.region;
      if (r === undefined) {
        close();
        out.push(neutral[i]!);
        continue;
      }
      const region = regions[r]!;
      if (open !== region) {
        close();
        out.push(region.fence + region.info);
        open = region;
      }
      const isCloser = region.closed && i === region.end - 1;
      if (isCloser) close();
      else if (i !== region.start) out.push(lines[i]!.text);
    }
    close();
    if (noteAt >= neutral.length && note) out.push('', note);
    return head + out.join('\n') + tail;
  };

  const layout = packedLayout(lines, options.groupHeading ?? FILE_GROUP_HEADING, options.unitHeading ?? PACKED_SYMBOL_HEADING);
  const totalSymbols = layout.units.length;
  const full = assemble(() => true, '', -1);
  if (measure(full) <= options.maxLength) return { body: full, trimmed: false, omittedSymbols: 0, totalSymbols };

  const limitText = options.maxLength.toLocaleString('en-US');
  const hint = options.fullDigestHint;
  const fits = (body: string): boolean => measure(body) <= options.maxLength;
  if (layout.units.length > 0) {
    // Drop whole symbols from the end of the packed context: keep the first `kept` units, and the
    // file-group headings that still have a unit under them.
    const { units, groups } = layout;
    const unitOf = new Map<number, number>();
    units.forEach((u, k) => {
      for (let i = u.start; i < u.end; i++) unitOf.set(i, k);
    });
    const groupOf = new Map<number, number>();
    for (const g of groups) for (let i = g.start; i < g.end; i++) groupOf.set(i, g.firstUnit);
    const build = (kept: number): string => {
      const omitted = units.length - kept;
      const note =
        `> **Trimmed:** ${omitted} of ${units.length} ${noun(units.length, 'symbol')} of the packed context ${omitted === 1 ? 'is' : 'are'} not shown: ` +
        `a comment is limited to ${limitText} characters. The full digest is in ${hint}.`;
      const noteAt = layout.groupStart[kept] ?? units[kept]!.start;
      const keep = (i: number): boolean => (unitOf.get(i) ?? groupOf.get(i) ?? -1) < kept;
      return assemble(keep, note, noteAt);
    };
    const kept = largestFitting(units.length - 1, (k) => fits(build(k)));
    if (kept >= 0) {
      return { body: build(kept), trimmed: true, omittedSymbols: units.length - kept, totalSymbols };
    }
  }
  // Still too large: cut the document at the last boundary outside fences that fits.
  const note =
    `> **Trimmed:** the rest of the digest is not shown: a comment is limited to ${limitText} characters. ` +
    `The full digest is in ${hint}.`;
  const boundaries = blockBoundaries({ lines, regions });
  const cutAt = (b: number): string => assemble((i) => i < boundaries[b]!, note, boundaries[b]!);
  const b = largestFitting(boundaries.length - 1, (k) => fits(cutAt(k)));
  if (b >= 0) return { body: cutAt(b), trimmed: true, omittedSymbols: totalSymbols, totalSymbols };
  // Not even the note fits: the marker and as much of the note as fits.
  let body = head + note;
  while (body.length > 0 && measure(body) > options.maxLength) body = body.slice(0, -1);
  return { body, trimmed: true, omittedSymbols: totalSymbols, totalSymbols };
}

/**
 * The largest k in [0, max] with ok(k), or -1. Body length grows with k, so binary search; every
 * answer returned was checked by ok itself.
 */
function largestFitting(max: number, ok: (k: number) => boolean): number {
  let lo = 0;
  let hi = max;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ok(mid)) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/** The document's lines, with its column-0 fences (CommonMark's rules for where a fence closes). */
export function scanLines(markdown: string): ScannedDocument {
  const lines: Line[] = [];
  const regions: Region[] = [];
  let open: { char: string; length: number; start: number; info: string } | undefined;
  const texts = markdown.split('\n');
  const finish = (end: number, closed: boolean): void => {
    const { char, length, start, info } = open!;
    const code = texts.slice(start + 1, closed ? end - 1 : end);
    let longest = 0;
    for (const line of code) for (const run of line.match(char === '`' ? /`+/g : /~+/g) ?? []) longest = Math.max(longest, run.length);
    regions.push({ start, end, closed, fence: char.repeat(Math.max(length, longest + 1)), info: /^[A-Za-z0-9_+.#-]*$/.test(info) ? info : '' });
    open = undefined;
  };
  texts.forEach((text, i) => {
    if (open) {
      lines.push({ text, region: regions.length, heading: 0 });
      const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(text);
      if (close && close[1]![0] === open.char && close[1]!.length >= open.length) finish(i + 1, true);
      return;
    }
    const opening = /^(`{3,})(?!`)([^`]*)$|^(~{3,})(?!~)(.*)$/.exec(text);
    if (opening) {
      const run = opening[1] ?? opening[3]!;
      open = { char: run[0]!, length: run.length, start: i, info: (opening[2] ?? opening[4]!).trim() };
      lines.push({ text, region: regions.length, heading: 0 });
      return;
    }
    const heading = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(text);
    lines.push({ text, region: undefined, heading: heading ? heading[1]!.length : 0 });
  });
  if (open) finish(texts.length, false);
  return { lines, regions };
}

interface PackedLayout {
  /** Line ranges [start, end) of each packed symbol, in document order. */
  units: { start: number; end: number }[];
  /** For each unit, the start line of its file-group heading when it is the group's first unit. */
  groupStart: (number | undefined)[];
  /** Group heading ranges [start, firstUnit) and the index of their first unit. */
  groups: { start: number; end: number; firstUnit: number }[];
}

/**
 * The packed context of render/markdown.ts: file groups (`## \`path\``) holding one symbol each
 * under `### \`id\``. A unit runs to the next heading of level 1-3 or a `---` rule outside fences.
 */
function packedLayout(lines: Line[], group: RegExp, unit: RegExp): PackedLayout {
  const units: PackedLayout['units'] = [];
  const groups: PackedLayout['groups'] = [];
  const groupStart: (number | undefined)[] = [];
  let openUnit: { start: number } | undefined;
  let openGroup: { start: number } | undefined;
  const closeUnit = (end: number): void => {
    if (openUnit) units.push({ start: openUnit.start, end });
    openUnit = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const boundary = (line.heading > 0 && line.heading <= 3) || (line.region === undefined && /^ {0,3}---+[ \t]*$/.test(line.text));
    if (!boundary) continue;
    closeUnit(i);
    if (line.heading > 0 && group.test(line.text)) {
      openGroup = { start: i };
    } else if (line.heading > 0 && unit.test(line.text)) {
      openUnit = { start: i };
      if (openGroup) {
        groups.push({ start: openGroup.start, end: i, firstUnit: units.length });
        groupStart.push(openGroup.start);
        openGroup = undefined;
      } else {
        groupStart.push(undefined);
      }
    } else {
      openGroup = undefined;
    }
  }
  closeUnit(lines.length);
  return { units, groupStart, groups };
}

/** Line indexes where a cut leaves no fence open: headings, and lines after a blank line, outside fences or opening one. */
function blockBoundaries({ lines, regions }: ScannedDocument): number[] {
  const out: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.region !== undefined && regions[line.region]!.start !== i) continue;
    if (line.heading > 0 || lines[i - 1]!.text.trim() === '') out.push(i);
  }
  return out;
}
