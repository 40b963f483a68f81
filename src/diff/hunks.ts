// Unified-diff parsing (pure): `git diff -U0 -M` output and GitHub's per-file `patch` text -> which lines
// each side lost and gained.
//
// Decisions:
// - Hunk bodies are consumed by the counts in their `@@ -a,b +c,d @@` header, never by sniffing line
//   prefixes: under -U0 a removed line `-- sql` prints as `--- sql`, which a prefix sniffer would take
//   for the next file's header.
// - Paths come from the most reliable header present: `rename from/to`, then `---`/`+++`, then the
//   `diff --git` line (ambiguous when a name contains " b/", so it is split where both halves agree).
//   Git C-quotes unusual names ("\303\251.py"); with core.quotePath=true the whole diff is ASCII and the
//   octal escapes are decoded here as UTF-8 bytes.
// - Context lines (GitHub patches carry 3) are accepted, so one hunk reader serves both sources.
// - Blank added/removed lines are also recorded apart (blankOldLines/blankNewLines): changedSymbols
//   ignores them, and only the diff text knows which lines they are.
import { compareStrings } from '../shared/compare.js';

export type FileChangeStatus = 'added' | 'modified' | 'removed' | 'renamed';
/** Inclusive, 1-based line span. */
export type LineRange = readonly [start: number, end: number];

export interface FileChange {
  status: FileChangeStatus;
  /** Path in head (the base path for removed files). */
  path: string;
  /** Path in base when it differs (renames and copies). */
  oldPath?: string;
  isPython: boolean;
  /** Lines removed from the base file. */
  oldLines: LineRange[];
  /** Lines added in the head file. */
  newLines: LineRange[];
  /** The subset of oldLines / newLines that is blank: a blank-line edit changes no symbol. */
  blankOldLines?: LineRange[];
  blankNewLines?: LineRange[];
  /** Git reported "Binary files ... differ": no line information exists. */
  binary?: boolean;
  /** Lines are unknown (e.g. GitHub omitted the patch): treat the whole file as changed. */
  linesUnknown?: boolean;
}

export function isPythonPath(path: string): boolean {
  return path.endsWith('.py');
}

export interface HunkLines {
  oldLines: LineRange[];
  newLines: LineRange[];
  blankOldLines: LineRange[];
  blankNewLines: LineRange[];
}

function emptyHunkLines(): HunkLines {
  return { oldLines: [], newLines: [], blankOldLines: [], blankNewLines: [] };
}

// Only ASCII whitespace: the diff text is read as latin-1, where 0xA0 may be half of a UTF-8 character.
const BLANK = /^[ \t\f\v\r]*$/;

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/** Append line `n` to `ranges`, extending the last range when contiguous. */
function addLine(ranges: LineRange[], n: number): void {
  const last = ranges[ranges.length - 1];
  if (last && last[1] + 1 === n) ranges[ranges.length - 1] = [last[0], n];
  else ranges.push([n, n]);
}

/**
 * Read hunks starting at `lines[start]`; stops at the first line that is neither a hunk header nor
 * part of a hunk body. Returns the index of that line.
 */
function readHunks(lines: readonly string[], start: number, out: HunkLines): number {
  let i = start;
  while (i < lines.length) {
    const m = HUNK_HEADER.exec(lines[i] ?? '');
    if (!m) break;
    let oldLine = Number(m[1]);
    let newLine = Number(m[3]);
    let oldLeft = m[2] === undefined ? 1 : Number(m[2]);
    let newLeft = m[4] === undefined ? 1 : Number(m[4]);
    i++;
    while (i < lines.length && (oldLeft > 0 || newLeft > 0)) {
      const line = lines[i] ?? '';
      const tag = line[0];
      if (tag === '-' && oldLeft > 0) {
        if (BLANK.test(line.slice(1))) addLine(out.blankOldLines, oldLine);
        addLine(out.oldLines, oldLine++);
        oldLeft--;
      } else if (tag === '+' && newLeft > 0) {
        if (BLANK.test(line.slice(1))) addLine(out.blankNewLines, newLine);
        addLine(out.newLines, newLine++);
        newLeft--;
      } else if ((tag === ' ' || line === '') && oldLeft > 0 && newLeft > 0) {
        // Context line (an empty line is a context line whose trailing space some tools strip).
        oldLine++;
        newLine++;
        oldLeft--;
        newLeft--;
      } else if (tag === '\\') {
        // "\ No newline at end of file": a marker, not a line.
      } else {
        break; // Truncated or malformed hunk: keep what was read.
      }
      i++;
    }
    while (i < lines.length && (lines[i] ?? '').startsWith('\\')) i++;
  }
  return i;
}

/** Lines changed by a hunks-only patch, as GitHub's `patch` field carries (no file headers). */
export function parsePatchHunks(patch: string): HunkLines {
  const out = emptyHunkLines();
  const lines = splitLines(patch);
  let i = 0;
  while (i < lines.length) {
    const next = readHunks(lines, i, out);
    i = next === i ? i + 1 : next;
  }
  return out;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

const C_ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };

/**
 * Decode a git C-quoted name starting at `text[start] === '"'`.
 * Returns the name and the index just past the closing quote.
 */
export function unquoteCPath(text: string, start = 0): { value: string; end: number } {
  const bytes: number[] = [];
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') return { value: Buffer.from(bytes).toString('utf8'), end: i + 1 };
    if (ch === '\\') {
      const next = text[i + 1] ?? '';
      if (/[0-7]/.test(next)) {
        const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1))![0];
        bytes.push(parseInt(octal, 8));
        i += 1 + octal.length;
        continue;
      }
      const code = C_ESCAPES[next];
      bytes.push(code ?? next.charCodeAt(0));
      i += 2;
      continue;
    }
    bytes.push(...Buffer.from(ch, 'utf8'));
    i++;
  }
  throw new Error(`Unterminated quoted path in git output: ${text.slice(start)}`);
}

/** A header name: C-quoted or bare; bare names lose git's trailing TAB (added when a name has spaces). */
function headerName(raw: string): string {
  if (raw.startsWith('"')) return unquoteCPath(raw).value;
  return raw.endsWith('\t') ? raw.slice(0, -1) : raw;
}

function stripPrefix(name: string, prefix: 'a/' | 'b/'): string | null {
  if (name === '/dev/null') return null;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/** Both names from `diff --git a/X b/Y`; bare names are split where the two halves agree. */
function parseDiffGitLine(rest: string): { a: string; b: string } {
  if (rest.startsWith('"')) {
    const first = unquoteCPath(rest);
    const tail = rest.slice(first.end + 1);
    const second = tail.startsWith('"') ? unquoteCPath(tail).value : tail;
    return { a: stripPrefix(first.value, 'a/') ?? '', b: stripPrefix(second, 'b/') ?? '' };
  }
  // Unquoted: `a/<name> b/<name>`; when both names are equal the split is the middle.
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest[half] === ' ') {
    const a = rest.slice(0, half);
    const b = rest.slice(half + 1);
    if (a.slice(2) === b.slice(2)) return { a: a.slice(2), b: b.slice(2) };
  }
  const quotedSecond = rest.indexOf(' "b/');
  if (quotedSecond >= 0) {
    return { a: rest.slice(2, quotedSecond), b: stripPrefix(unquoteCPath(rest, quotedSecond + 1).value, 'b/') ?? '' };
  }
  const split = rest.indexOf(' b/');
  return split < 0 ? { a: rest, b: rest } : { a: rest.slice(2, split), b: rest.slice(split + 3) };
}

interface Building {
  a: string;
  b: string;
  added: boolean;
  removed: boolean;
  renamed: boolean;
  copied: boolean;
  binary: boolean;
  hunks: HunkLines;
}

function finish(f: Building): FileChange {
  const status: FileChangeStatus = f.added || f.copied ? 'added' : f.removed ? 'removed' : f.renamed ? 'renamed' : 'modified';
  const path = status === 'removed' ? f.a : f.b;
  const change: FileChange = {
    status,
    path,
    isPython: isPythonPath(path),
    oldLines: f.hunks.oldLines,
    newLines: f.hunks.newLines,
  };
  if (f.hunks.blankOldLines.length > 0) change.blankOldLines = f.hunks.blankOldLines;
  if (f.hunks.blankNewLines.length > 0) change.blankNewLines = f.hunks.blankNewLines;
  if ((f.renamed || f.copied) && f.a !== f.b) change.oldPath = f.a;
  if (f.binary) change.binary = true;
  return change;
}

/** Parse the output of `git diff` (any context size, with or without -M) into per-file changes, sorted by path. */
export function parseUnifiedDiff(text: string): FileChange[] {
  const lines = splitLines(text);
  const files: FileChange[] = [];
  let current: Building | undefined;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('diff --git ')) {
      if (current) files.push(finish(current));
      const names = parseDiffGitLine(line.slice('diff --git '.length));
      current = { ...names, added: false, removed: false, renamed: false, copied: false, binary: false, hunks: emptyHunkLines() };
      i++;
      continue;
    }
    if (!current) {
      i++;
      continue;
    }
    if (line.startsWith('@@ ')) {
      i = readHunks(lines, i, current.hunks);
      continue;
    }
    if (line.startsWith('new file mode')) current.added = true;
    else if (line.startsWith('deleted file mode')) current.removed = true;
    else if (line.startsWith('rename from ')) {
      current.renamed = true;
      current.a = headerName(line.slice('rename from '.length));
    } else if (line.startsWith('rename to ')) {
      current.renamed = true;
      current.b = headerName(line.slice('rename to '.length));
    } else if (line.startsWith('copy from ')) {
      current.copied = true;
      current.a = headerName(line.slice('copy from '.length));
    } else if (line.startsWith('copy to ')) {
      current.copied = true;
      current.b = headerName(line.slice('copy to '.length));
    } else if (line.startsWith('--- ')) {
      const name = stripPrefix(headerName(line.slice(4)), 'a/');
      if (name === null) current.added = true;
      else current.a = name;
    } else if (line.startsWith('+++ ')) {
      const name = stripPrefix(headerName(line.slice(4)), 'b/');
      if (name === null) current.removed = true;
      else current.b = name;
    } else if (line.startsWith('Binary files ') || line === 'GIT binary patch') current.binary = true;
    i++;
  }
  if (current) files.push(finish(current));
  return mergeTypeChanges(files).sort((x, y) => compareStrings(x.path, y.path));
}

/**
 * A type change (file <-> symlink) prints as a deletion and an addition of the same path: one
 * modified file whose every old line was removed and every new line added.
 */
function mergeTypeChanges(files: FileChange[]): FileChange[] {
  const removed = new Map(files.filter((f) => f.status === 'removed').map((f) => [f.path, f]));
  const merged: FileChange[] = [];
  const absorbed = new Set<FileChange>();
  for (const f of files) {
    const gone = f.status === 'added' && f.oldPath === undefined ? removed.get(f.path) : undefined;
    if (!gone) continue;
    absorbed.add(gone).add(f);
    const change: FileChange = { ...f, status: 'modified', oldLines: gone.oldLines, newLines: f.newLines };
    if (gone.blankOldLines) change.blankOldLines = gone.blankOldLines;
    else delete change.blankOldLines;
    if (gone.binary || f.binary) change.binary = true;
    merged.push(change);
  }
  return [...files.filter((f) => !absorbed.has(f)), ...merged];
}

export { compareStrings };
