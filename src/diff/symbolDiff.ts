// The change of one symbol, base -> head, as diff lines (pure).
//
// Decisions:
// - A symbol that stays in its file is aligned with git's own hunks (FileChange.oldLines/newLines):
//   walking both files together from their first lines, a base line git removed is `-`, a head line git
//   added is `+`, and the lines git kept pair up in order as context; what falls in the symbol's spans is
//   kept. So the symbol's diff is exactly the file diff cut to the symbol, deleted lines included, never
//   a second opinion on what changed.
// - A moved or renamed symbol (two files, or two names) has no common hunks: its two bodies are
//   compared line by line (longest common subsequence), like git's rename diff. Bodies over 4 million
//   line pairs are compared as all removed then all added (bounded work; 2,000 x 2,000 lines).
// - A module's or a class's own code is not contiguous (its definitions and methods are symbols of
//   their own): lines pair as git paired them, then those a nested definition owns are left out; its
//   hunks never run across a stretch of head left out, so each `@@` header numbers its lines as git does.
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
  /** `+` lines cut from git's hunks: the base line they come after (where git's `-a,0` header points). */
  afterOld?: number;
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
  // Both sides known: walk both files from their first line, so kept lines pair exactly as git paired
  // them even where git aligned a symbol's lines with lines outside its base span (a rewritten file,
  // where pairing from the span starts gives context lines wrong base numbers).
  const whole = base !== undefined && head !== undefined && input.linesUnknown !== true;
  const oEnd = base ? base.span[1] : 0;
  const nEnd = head ? head.span[1] : 0;
  const oMax = whole ? Math.max(oEnd, base.fileLines.length) : oEnd;
  const nMax = whole ? Math.max(nEnd, head.fileLines.length) : nEnd;
  let o = whole || !base ? 1 : base.span[0];
  let n = whole || !head ? 1 : head.span[0];
  const inBase = (line: number) => base !== undefined && line >= base.span[0] && line <= oEnd;
  const inHead = (line: number) => head !== undefined && line >= head.span[0] && line <= nEnd;
  const isRemoved = (line: number) => input.linesUnknown === true || !head || removed.has(line);
  const isAdded = (line: number) => input.linesUnknown === true || !base || added.has(line);
  // Lines pair as git paired them; only then are nested definitions' lines left out (skipping them
  // first pairs a kept line that left a removed method for the class body with the next own line of
  // base, and a line such as a docstring's blank one gets a wrong base number).
  const ownBase = (line: number) => !base?.notOwn?.(line);
  const ownHead = (line: number) => !head?.notOwn?.(line);
  while (o <= oEnd || n <= nEnd) {
    if (base && o <= oMax && isRemoved(o)) {
      if (inBase(o) && ownBase(o)) out.push({ tag: '-', text: lineAt(base, o), oldLine: o });
      o++;
    } else if (head && n <= nMax && isAdded(n)) {
      if (inHead(n) && ownHead(n)) out.push({ tag: '+', text: lineAt(head, n), newLine: n, ...(base ? { afterOld: o - 1 } : {}) });
      n++;
    } else if (head && n <= nMax) {
      // Kept by git: the same line on both sides (a base line outside the base span pairs with nothing).
      const paired = inBase(o);
      if (inHead(n) && (ownHead(n) || (paired && ownBase(o)))) out.push({ tag: ' ', text: lineAt(head, n), newLine: n, ...(paired ? { oldLine: o } : {}) });
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
