// The PR comment body built from a digest in markdown: size-capped, fenced content kept intact,
// nothing outside fences able to ping or inject HTML. Pure: text in, text out.
//
// Fences. Only a fence that opens at column 0 is treated as code. Such a fence is a top-level
// block for GitHub's renderer whatever precedes it (it ends any list or quote and cannot be a lazy
// continuation), and inside it nothing but a proper closing fence ends it, so this scanner and
// GitHub agree on what is code. Indented "fences" (list items, quotes) are treated as text: at worst
// their content is neutralised needlessly, never the reverse.
//
// Neutralising. Outside column-0 fences, `@name` gets a zero-width space after the `@` (no mention,
// no notification) and `<` before a tag-like character gets one too (no HTML, no hidden marker
// spoofing). Invisible in the rendered comment; code inside fences is never touched. This matters
// most for `post-digest`, whose file comes from an untrusted fork run.
//
// Trimming. GitHub rejects bodies over 65,536 characters. When the digest is larger, whole symbols
// are dropped from the end of the packed context (each symbol is a `### \`id\`` block, never split
// inside a fence; an emptied file group loses its heading too), and a note says how many and points
// to the artifact. The header, changed symbols, call sites and graph come first and stay. If that is not enough, the
// document is cut at the last block boundary outside a fence that fits. Lengths are measured by a
// caller-given function: UTF-16 code units for comments, UTF-8 bytes for the 1 MiB job summary.
// GitHub's error says "maximum is 65536 characters"; some report the enforced unit to be 262,144 UTF-8
// bytes. A UTF-16 unit count is never below the code point count and a unit is at most 3 UTF-8 bytes,
// so a body within 65,536 units is accepted under either reading.

import { FILE_GROUP_HEADING, PACKED_SYMBOL_HEADING } from './markdown.js';
import { noun } from './plural.js';

const ZWSP = '\u200b';

export interface CommentBodyOptions {
  /** First line of the body (the hidden sticky marker); '' for none. Trusted: not neutralised. */
  marker: string;
  /** Cap on measure(body). */
  maxLength: number;
  /** Where the full digest is, for the trim note, e.g. "the `repodigest` artifact of this run". */
  fullDigestHint: string;
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

interface Line {
  text: string;
  /** The line is part of a column-0 fence (opening, content or closing line). */
  fenced: boolean;
  /** Heading level when the line is an ATX heading outside fences, else 0. */
  heading: number;
}


export function buildCommentBody(markdown: string, options: CommentBodyOptions): CommentBody {
  const measure = options.measure ?? ((s: string) => s.length);
  const lines = scanLines(markdown.replace(/\r\n?/g, '\n'));
  const neutral = lines.map((l) => (l.fenced ? l.text : neutralise(l.text)));
  const head = options.marker === '' ? '' : `${options.marker}\n`;
  // Kept lines in order, the note at its place, and a closing fence if the kept text ends inside one
  // (only a malformed digest does), so nothing after it is swallowed into code.
  const assemble = (keep: (i: number) => boolean, note: string, noteAt: number): string => {
    const out: string[] = [];
    const kept: Line[] = [];
    for (let i = 0; i < neutral.length; i++) {
      if (i === noteAt && note) out.push(note, '');
      if (keep(i)) {
        out.push(neutral[i]!);
        kept.push(lines[i]!);
      }
    }
    if (noteAt >= neutral.length && note) out.push('', note);
    return head + out.join('\n') + openFenceCloser(kept);
  };

  const layout = packedLayout(lines, options.groupHeading ?? FILE_GROUP_HEADING, options.unitHeading ?? PACKED_SYMBOL_HEADING);
  const totalSymbols = layout.units.length;
  const full = assemble(() => true, '', -1);
  if (measure(full) <= options.maxLength) return { body: full, trimmed: false, omittedSymbols: 0, totalSymbols };

  const limitText = options.maxLength.toLocaleString('en-US');
  const hint = neutralise(options.fullDigestHint);
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
  const boundaries = blockBoundaries(lines);
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

/**
 * `@user` and `<tag` made inert with a zero-width space; everything else unchanged. Inside code spans
 * too: telling a real span from a stray backtick is exactly where a mention could slip through, and
 * the extra character is invisible there. `a@b` (no word boundary) is not a mention and stays.
 */
export function neutralise(text: string): string {
  return text
    .replace(/(^|[^A-Za-z0-9_])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/<(?=[A-Za-z/!?])/g, `<${ZWSP}`);
}

export function scanLines(markdown: string): Line[] {
  const lines: Line[] = [];
  let open: { char: string; length: number } | undefined;
  for (const text of markdown.split('\n')) {
    if (open) {
      const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(text);
      if (close && close[1]![0] === open.char && close[1]!.length >= open.length) open = undefined;
      lines.push({ text, fenced: true, heading: 0 });
      continue;
    }
    const opening = /^(`{3,})([^`]*)$|^(~{3,})(.*)$/.exec(text);
    if (opening) {
      const run = opening[1] ?? opening[3]!;
      open = { char: run[0]!, length: run.length };
      lines.push({ text, fenced: true, heading: 0 });
      continue;
    }
    const heading = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(text);
    lines.push({ text, fenced: false, heading: heading ? heading[1]!.length : 0 });
  }
  return lines;
}

/** A closing fence when the document ends inside a fence (so nothing appended lands in code). */
function openFenceCloser(lines: Line[]): string {
  let open: { char: string; length: number } | undefined;
  for (const { text, fenced } of lines) {
    if (!fenced) continue;
    if (open) {
      const close = /^ {0,3}(`+|~+)[ \t]*$/.exec(text);
      if (close && close[1]![0] === open.char && close[1]!.length >= open.length) open = undefined;
    } else {
      const run = /^(`{3,}|~{3,})/.exec(text)![1]!;
      open = { char: run[0]!, length: run.length };
    }
  }
  return open ? `\n${open.char.repeat(open.length)}` : '';
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
    const boundary = (line.heading > 0 && line.heading <= 3) || (!line.fenced && /^ {0,3}---+[ \t]*$/.test(line.text));
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

/** Line indexes where a cut leaves no fence open: headings and lines after a blank line, outside fences. */
function blockBoundaries(lines: Line[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.fenced && !/^(`{3,}|~{3,})/.test(line.text)) continue;
    if (line.fenced && lines[i - 1]!.fenced) continue; // a closing fence line
    if (line.heading > 0 || lines[i - 1]!.text.trim() === '') out.push(i);
  }
  return out;
}
