// Each changed symbol's own diff, base -> head (I/O: reads both sides of the changed files from git).
//
// Decisions:
// - Both sides are read from git (merge base and head), never from the working tree: the hunks' line
//   numbers are git's, and on GitHub's merge checkout the working tree's lines differ from head's.
// - Base files are parsed again here (only the changed Python files that still exist on both sides):
//   a modified symbol's base span is where its deleted lines are, and only the base parse knows it.
// - Without git (the API fallback) base text is unknown: added symbols show their code, removed ones
//   base's code as the index holds it, modified ones only which head lines are new (`baseUnknown`).
// - A moved or renamed symbol (`movedFrom`, diff/changedSymbols.ts) is diffed against the removed
//   body it came from (symbolDiff.ts textDiff).
// - The files read here are parsed with path ids (`src.flask.app.Flask`) while the changes carry the
//   index's import names (`flask.app.Flask`): a symbol is found in them through `idOf`, the index's own
//   renaming, or a src/ layout scanned from the root gets head's span for base (deleted lines shown at
//   the wrong place, some lost).
// - The signature is the header from `def`/`class` to its colon, compared with whitespace collapsed:
//   a change there breaks callers, so the digest shows it old -> new and ranks the symbol higher.
import type { ChangedSymbol } from '../diff/changedSymbols.js';
import { type GitDeps, readFilesAtRevision } from '../diff/gitDiff.js';
import type { FileChange, LineRange } from '../diff/hunks.js';
import type { PrChanges } from '../diff/prChanges.js';
import { repoPathOf } from '../diff/scanRoot.js';
import { type DiffLine, type DiffSide, linesDiff, type MoveFields, numbered, type SymbolChangeInfo, sameFileDiff, textDiff } from '../diff/symbolDiff.js';
import { decodePythonSource } from '../files/decode.js';
import type { FileRecord, PySymbol } from '../model.js';
import { extractFile } from '../python/extract.js';
import { topLevelIndex, withoutAnyComments } from '../python/extractText.js';
import type { PythonParser } from '../python/treeSitter.js';

interface Side {
  lines: string[];
  record?: FileRecord;
}

/**
 * The header of a definition: from its `def`/`class` line to the colon that ends it, one line, comments
 * left out. A comment is removed where it is, not from the first `#` of the joined line to its end: a
 * `# deprecated` comment between two parameters would otherwise cut the header there, losing the
 * parameters after it and the `) -> None:`.
 */
export function headerOf(full: string): string | undefined {
  const at = /^[ \t]*(?:async[ \t]+def|def|class)\b/m.exec(full);
  if (!at) return undefined;
  const text = withoutAnyComments(full.slice(at.index));
  const colon = topLevelIndex(text, ':');
  if (colon < 0) return undefined;
  return text.slice(0, colon + 1).trim().replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/,? ?\)/g, ')');
}

async function readSide(
  repoDir: string,
  rev: string,
  paths: readonly string[],
  scanPrefix: string,
  git: GitDeps,
  parser: PythonParser,
  parse: ReadonlySet<string>,
  extract: (parser: PythonParser, path: string, text: string) => FileRecord,
): Promise<Map<string, Side>> {
  const bytes = await readFilesAtRevision(repoDir, rev, paths.map((p) => repoPathOf(p, scanPrefix)), git);
  const out = new Map<string, Side>();
  for (const path of paths) {
    const raw = bytes.get(repoPathOf(path, scanPrefix));
    if (!raw) continue;
    const decoded = decodePythonSource(raw);
    if (!decoded.ok) continue;
    const side: Side = { lines: decoded.text.split('\n') };
    if (parse.has(path)) {
      try {
        side.record = extract(parser, path, decoded.text);
      } catch {
        // Unparseable: the symbol's diff falls back to its head code below. Not silent: the same
        // version failed in diff/prChanges.ts first, whose note names the file and the reason.
      }
    }
    out.set(path, side);
  }
  return out;
}

/** Lines owned by definitions nested in `owner` (a module's definitions, a class's methods): not its own code. */
function nestedLines(symbols: readonly PySymbol[], owner: PySymbol | undefined): (line: number) => boolean {
  const owned = new Set<number>();
  if (owner) {
    const prefix = owner.kind === 'module' ? undefined : `${owner.id}.`;
    for (const s of symbols) {
      if (s.kind === 'module' || s === owner) continue;
      if (prefix !== undefined && !s.id.startsWith(prefix)) continue;
      for (let n = s.startLine; n <= s.endLine; n++) owned.add(n);
    }
  }
  return (line) => owned.has(line);
}

function definitionLines(record: FileRecord | undefined): (line: number) => boolean {
  const module = record?.symbols.find((s) => s.kind === 'module');
  return nestedLines(record?.symbols ?? [], module);
}

function fullSpan(side: Side): LineRange {
  return [1, side.lines.length];
}

export interface SymbolDiffsInput {
  repoDir: string;
  changes: PrChanges;
  /** Head symbols by id (the index; spans as git's head when the tree is head). */
  headSymbol: (id: string) => PySymbol | undefined;
  /** Head symbols nested in a class (its methods), for a moved class's own lines. */
  headMembers: (id: string) => readonly PySymbol[];
  parser: PythonParser;
  git: GitDeps;
  /** How a version read from git is extracted (cache/cachedExtract.ts revisionExtractor); default extractFile. */
  extract?: (parser: PythonParser, path: string, text: string) => FileRecord;
  /** A path id of the files read from git -> the id the changes use (pipeline/indexRepository.ts importIdOf); default identity. */
  idOf?: (pathId: string) => string;
}

/** Every changed symbol's diff lines, by id. */
export async function collectSymbolDiffs(input: SymbolDiffsInput): Promise<Map<string, SymbolChangeInfo>> {
  const { changes } = input;
  const out = new Map<string, SymbolChangeInfo>();
  const removedById = new Map(changes.removedSymbols.map((s) => [s.id, s]));
  const fileOf = new Map<string, FileChange>(changes.files.map((f) => [f.path, f]));
  const gitSides = changes.source === 'git' && changes.mergeBase !== undefined && changes.head !== undefined;
  let base = new Map<string, Side>();
  let head = new Map<string, Side>();
  if (gitSides) {
    const python = changes.files.filter((f) => f.isPython);
    const modifiedFiles = new Set(changes.changed.filter((c) => c.change === 'modified').map((c) => c.file));
    const basePaths = python.filter((f) => f.status !== 'added').map((f) => f.oldPath ?? f.path);
    const headPaths = python.filter((f) => f.status !== 'removed').map((f) => f.path);
    const baseParse = new Set(python.filter((f) => modifiedFiles.has(f.path)).map((f) => f.oldPath ?? f.path));
    [base, head] = await Promise.all([
      readSide(input.repoDir, changes.mergeBase!, basePaths, changes.scanPrefix, input.git, input.parser, baseParse, input.extract ?? extractFile),
      readSide(input.repoDir, changes.head!, headPaths, changes.scanPrefix, input.git, input.parser, modifiedFiles, input.extract ?? extractFile),
    ]);
  }
  for (const c of changes.changed) {
    const info = diffOf(c, fileOf.get(c.file), base, head, removedById, input);
    if (info) out.set(c.id, info);
  }
  return out;
}

function diffOf(
  c: ChangedSymbol,
  file: FileChange | undefined,
  base: ReadonlyMap<string, Side>,
  head: ReadonlyMap<string, Side>,
  removedById: ReadonlyMap<string, PySymbol>,
  input: SymbolDiffsInput,
): SymbolChangeInfo | undefined {
  const headSymbol = input.headSymbol;
  const basePath = file?.oldPath ?? c.file;
  const movedFrom = (c as ChangedSymbol & MoveFields).movedFrom;
  if (c.change === 'added' && movedFrom !== undefined) {
    const from = removedById.get(movedFrom);
    const to = headSymbol(c.id);
    if (from && to) {
      // A class's own lines only: its methods are changed symbols of their own (moved with it).
      const fromSkip = from.kind === 'class' ? nestedLines([...removedById.values()], from) : undefined;
      const toSkip = to.kind === 'class' ? nestedLines(input.headMembers(to.id), to) : undefined;
      return withSignature({ lines: linesDiff(numbered(from.full, from.startLine, fromSkip), numbered(to.full, to.startLine, toSkip)) }, from, to);
    }
  }
  if (c.change === 'added') {
    const side = head.get(c.file);
    if (side) return { lines: sameFileDiff({ head: { fileLines: side.lines, span: c.lines }, removedLines: [], addedLines: [] }) };
    const symbol = headSymbol(c.id);
    return symbol ? { lines: textDiff('', symbol.full, 1, symbol.startLine) } : undefined;
  }
  if (c.change === 'removed') {
    const side = base.get(basePath);
    if (side) return { lines: sameFileDiff({ base: { fileLines: side.lines, span: c.lines }, removedLines: [], addedLines: [] }) };
    const symbol = removedById.get(c.id);
    return symbol ? { lines: textDiff(symbol.full, '', symbol.startLine, 1) } : undefined;
  }
  const headSide = head.get(c.file);
  const baseSide = base.get(basePath);
  if (!file || !headSide || !baseSide) {
    // No base text (API fallback): which head lines are new, from the hunks alone.
    const symbol = headSymbol(c.id);
    if (!symbol) return undefined;
    const lines = symbol.full.split('\n').map((text, i): DiffLine => ({ tag: ' ', text, newLine: symbol.startLine + i }));
    const added = new Set<number>();
    for (const [from, to] of file?.newLines ?? []) for (let n = from; n <= to; n++) added.add(n);
    for (const l of lines) if (file?.linesUnknown || added.has(l.newLine!)) l.tag = '+';
    return { lines, baseUnknown: true };
  }
  const idOf = input.idOf ?? ((id: string) => id);
  const baseSymbol = baseSide.record?.symbols.find((s) => idOf(s.id) === c.id);
  const headRecordSymbol = headSide.record?.symbols.find((s) => idOf(s.id) === c.id);
  const isModule = c.kind === 'module';
  const isClass = c.kind === 'class';
  const baseDiffSide: DiffSide = isModule
    ? { fileLines: baseSide.lines, span: fullSpan(baseSide), notOwn: definitionLines(baseSide.record) }
    : {
        fileLines: baseSide.lines,
        span: baseSymbol ? [baseSymbol.startLine, baseSymbol.endLine] : c.lines,
        ...(isClass ? { notOwn: nestedLines(baseSide.record?.symbols ?? [], baseSymbol) } : {}),
      };
  const headDiffSide: DiffSide = isModule
    ? { fileLines: headSide.lines, span: fullSpan(headSide), notOwn: definitionLines(headSide.record) }
    : {
        fileLines: headSide.lines,
        span: headRecordSymbol ? [headRecordSymbol.startLine, headRecordSymbol.endLine] : c.lines,
        ...(isClass ? { notOwn: nestedLines(headSide.record?.symbols ?? [], headRecordSymbol) } : {}),
      };
  const lines = sameFileDiff({
    base: baseDiffSide,
    head: headDiffSide,
    removedLines: file.oldLines,
    addedLines: file.newLines,
    ...(file.linesUnknown ? { linesUnknown: true } : {}),
  });
  if (isModule || isClass) return withSignatureIf({ lines: tidyOwnLines(lines, baseDiffSide, headDiffSide) }, isClass ? baseSymbol : undefined, isClass ? headRecordSymbol : undefined);
  return !baseSymbol || !headRecordSymbol ? { lines } : withSignature({ lines }, baseSymbol, headRecordSymbol);
}

/**
 * A module's or class's own lines, as a reader wants them: a blank line added or removed only as spacing
 * around a nested definition (the nearest non-blank line above or below it is the definition's) says
 * nothing and is left out. Every other blank changed line stays, so a `+` docstring keeps its paragraphs
 * (an added attribute docstring's blank lines are not spacing) and each hunk's line count is git's.
 */
function tidyOwnLines(lines: readonly DiffLine[], base: DiffSide, head: DiffSide): DiffLine[] {
  const baseSpacing = spacingOf(base);
  const headSpacing = spacingOf(head);
  return lines.filter((l) => {
    if (l.tag === '+') return !headSpacing(l.newLine);
    if (l.tag === '-') return !baseSpacing(l.oldLine);
    return true;
  });
}

/** Whether a line of this side is blank spacing next to a definition nested in the symbol. */
function spacingOf(side: DiffSide): (line: number | undefined) => boolean {
  const blank = (n: number) => (side.fileLines[n - 1] ?? '').trim() === '';
  const nearest = (n: number, step: 1 | -1): number | undefined => {
    for (let k = n + step; k >= 1 && k <= side.fileLines.length; k += step) if (!blank(k)) return k;
    return undefined;
  };
  return (line) => {
    if (line === undefined || !blank(line) || !side.notOwn) return false;
    const above = nearest(line, -1);
    const below = nearest(line, 1);
    return (above !== undefined && side.notOwn(above)) || (below !== undefined && side.notOwn(below));
  };
}

function withSignatureIf(info: SymbolChangeInfo, before: PySymbol | undefined, after: PySymbol | undefined): SymbolChangeInfo {
  return before && after ? withSignature(info, before, after) : info;
}

function withSignature(info: SymbolChangeInfo, before: PySymbol, after: PySymbol): SymbolChangeInfo {
  if (before.kind === 'module') return info;
  const a = headerOf(before.full);
  const b = headerOf(after.full);
  return a !== undefined && b !== undefined && a !== b ? { ...info, signature: { before: a, after: b } } : info;
}
