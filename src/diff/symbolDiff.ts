// The change of one symbol, base -> head, as diff lines (pure).
//
// Decisions:
// - A symbol that stays in its file is aligned with git's own hunks (FileChange.oldLines/newLines):
//   walking the base span and the head span together, a base line git removed is `-`, a head line git
//   added is `+`, and the lines git kept pair up in order as context. So the symbol's diff is exactly
//   the file diff cut to the symbol, deleted lines included, never a second opinion on what changed.
// - A moved or renamed symbol (two files, or two names) has no common hunks: its two bodies are
//   compared line by line (longest common subsequence), like git's rename diff. Bodies over 4 million
//   line pairs are compared as all removed then all added (bounded work; 2,000 x 2,000 lines).
// - A module's or a class's own code is not contiguous (its definitions and methods are symbols of
//   their own): its diff is restricted to lines that no nested definition owns, on either side.
// - `-` lines come before `+` lines of the same hunk, as git prints them.
import type { LineRange } from './hunks.js';

/** What diff/changedSymbols.ts adds to a changed symbol for moves and renames (optional on both ends). */
export interface MoveFields {
  movedFrom?: string;
  movedTo?: string;
  moveKind?: 'moved' | 'renamed';
  similarity?: number;
}

export interface SymbolChangeInfo {
  /** The whole symbol as diff lines (a module: its own lines only). */
  lines: DiffLine[];
  /** Set when the header (`def ...:` / `class ...:`) changed: both versions, whitespace collapsed. */
  signature?: { before: string; after: string };
  /** Base text was not available: deleted lines are unknown. */
  baseUnknown?: true;
}

export type DiffTag = ' ' | '+' | '-';

export interface DiffLine {
  tag: DiffTag;
  text: string;
  /** Base line number (context and `-` lines). */
  oldLine?: number;
  /** Head line number (context and `+` lines). */
  newLine?: number;
}

export interface DiffSide {
  /** The whole file's lines (index 0 is line 1). */
  fileLines: readonly string[];
  /** The symbol's span in that file; for a module, the whole file. */
  span: LineRange;
  /** Lines of the span that belong to nested definitions and are not this symbol's (modules only). */
  notOwn?: (line: number) => boolean;
}

export interface SameFileDiffInput {
  base?: DiffSide;
  head?: DiffSide;
  /** Base lines git removed (the file's hunks). */
  removedLines: readonly LineRange[];
  /** Head lines git added. */
  addedLines: readonly LineRange[];
  /** Git gave no lines (e.g. the API omitted the patch): every line of both spans counts as changed. */
  linesUnknown?: boolean;
}

function lineSet(ranges: readonly LineRange[]): Set<number> {
  const out = new Set<number>();
  for (const [from, to] of ranges) for (let n = from; n <= to; n++) out.add(n);
  return out;
}

const lineAt = (side: DiffSide, n: number): string => side.fileLines[n - 1] ?? '';

/** The symbol's diff within one file, from git's hunks (see the decisions above). */
export function sameFileDiff(input: SameFileDiffInput): DiffLine[] {
  const { base, head } = input;
  const removed = lineSet(input.removedLines);
  const added = lineSet(input.addedLines);
  const out: DiffLine[] = [];
  let o = base ? base.span[0] : 1;
  const oEnd = base ? base.span[1] : 0;
  let n = head ? head.span[0] : 1;
  const nEnd = head ? head.span[1] : 0;
  const isRemoved = (line: number) => input.linesUnknown === true || !head || removed.has(line);
  const isAdded = (line: number) => input.linesUnknown === true || !base || added.has(line);
  while (o <= oEnd || n <= nEnd) {
    if (base && o <= oEnd && base.notOwn?.(o)) {
      o++;
      continue;
    }
    if (head && n <= nEnd && head.notOwn?.(n)) {
      n++;
      continue;
    }
    if (base && o <= oEnd && isRemoved(o)) {
      out.push({ tag: '-', text: lineAt(base, o), oldLine: o });
      o++;
    } else if (head && n <= nEnd && isAdded(n)) {
      out.push({ tag: '+', text: lineAt(head, n), newLine: n });
      n++;
    } else if (head && n <= nEnd) {
      // Kept by git: the same line on both sides (a base line past the base span pairs with nothing).
      out.push({ tag: ' ', text: lineAt(head, n), newLine: n, ...(o <= oEnd ? { oldLine: o } : {}) });
      n++;
      o++;
    } else {
      o++; // A kept base line past the head span: the symbol's boundary moved, not its code.
    }
  }
  return out;
}

const MAX_LCS_CELLS = 4_000_000;

/** A line of text with its line number in its file. */
export interface NumberedLine {
  text: string;
  line: number;
}

/** The lines of a text, numbered from `start`, leaving out those `skip` says (a class's methods). */
export function numbered(text: string, start: number, skip: (line: number) => boolean = () => false): NumberedLine[] {
  return splitText(text)
    .map((t, i) => ({ text: t, line: start + i }))
    .filter((l) => !skip(l.line));
}

/** Line diff of two texts (moved or renamed symbols); line numbers start at the given first lines. */
export function textDiff(oldText: string, newText: string, oldStart = 1, newStart = 1): DiffLine[] {
  return linesDiff(numbered(oldText, oldStart), numbered(newText, newStart));
}

/** Line diff of two numbered line lists (longest common subsequence). */
export function linesDiff(oldLines: readonly NumberedLine[], newLines: readonly NumberedLine[]): DiffLine[] {
  const a = oldLines.map((l) => l.text);
  const b = newLines.map((l) => l.text);
  const oldAt = (i: number) => oldLines[i]!.line;
  const newAt = (j: number) => newLines[j]!.line;
  if (a.length * b.length > MAX_LCS_CELLS) {
    return [
      ...a.map((text, i): DiffLine => ({ tag: '-', text, oldLine: oldAt(i) })),
      ...b.map((text, j): DiffLine => ({ tag: '+', text, newLine: newAt(j) })),
    ];
  }
  // lcs[i][j] = length of the LCS of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lcs = new Int32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i] === b[j] ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ tag: ' ', text: b[j]!, oldLine: oldAt(i), newLine: newAt(j) });
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      out.push({ tag: '-', text: a[i]!, oldLine: oldAt(i) });
      i++;
    } else {
      out.push({ tag: '+', text: b[j]!, newLine: newAt(j) });
      j++;
    }
  }
  return out;
}

function splitText(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function hasChange(lines: readonly DiffLine[]): boolean {
  return lines.some((l) => l.tag !== ' ');
}

/** Head line numbers of the added lines, ascending. */
export function changedHeadLines(lines: readonly DiffLine[]): number[] {
  return lines.filter((l) => l.tag === '+' && l.newLine !== undefined).map((l) => l.newLine!);
}

/** Every line, prefixed by its tag: the body of a `diff` fence showing the whole symbol. */
export function wholeDiffText(lines: readonly DiffLine[]): string {
  return lines.map((l) => `${l.tag}${l.text}`).join('\n');
}

/** Groups of line indexes within `context` lines of a change (each group is one hunk). */
function hunkGroups(lines: readonly DiffLine[], context: number): [number, number][] {
  const groups: [number, number][] = [];
  lines.forEach((l, i) => {
    if (l.tag === ' ') return;
    const from = Math.max(0, i - context);
    const to = Math.min(lines.length - 1, i + context);
    const last = groups[groups.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else groups.push([from, to]);
  });
  return groups;
}

function hunkHeader(slice: readonly DiffLine[]): string {
  const olds = slice.filter((l) => l.tag !== '+');
  const news = slice.filter((l) => l.tag !== '-');
  const oldStart = olds.find((l) => l.oldLine !== undefined)?.oldLine ?? 0;
  const newStart = news.find((l) => l.newLine !== undefined)?.newLine ?? 0;
  return `@@ -${oldStart},${olds.length} +${newStart},${news.length} @@`;
}

/** The changed lines with `context` lines around them, each hunk under its `@@ -a,b +c,d @@` header. */
export function hunksText(lines: readonly DiffLine[], context: number): string {
  const out: string[] = [];
  for (const [from, to] of hunkGroups(lines, context)) {
    const slice = lines.slice(from, to + 1);
    out.push(hunkHeader(slice), ...slice.map((l) => `${l.tag}${l.text}`));
  }
  return out.join('\n');
}

/** A unified diff of the symbol (JSON `diff`): file headers, then its hunks with 3 lines of context. */
export function unifiedDiff(lines: readonly DiffLine[], oldPath: string | undefined, newPath: string | undefined): string {
  if (!hasChange(lines)) return '';
  const header = [`--- ${oldPath === undefined ? '/dev/null' : `a/${oldPath}`}`, `+++ ${newPath === undefined ? '/dev/null' : `b/${newPath}`}`];
  return `${[...header, hunksText(lines, 3)].join('\n')}\n`;
}
