// A cache entry may only save work, never change what is printed: its texts are checked against the
// file they claim to describe before the record is used (entryCodec.ts). The checksum in the header
// only catches damage; an entry written by someone else (a restored CI cache a fork's run could have
// saved) is well formed and checksummed, so its words are verified here against the file's own lines.
//
// - A definition's `full` is its verbatim lines: it must equal the file's lines at its span.
// - The module's `full` and every `signature` are made of the file's lines (python/render.ts): each
//   line, trimmed, must occur in a line of the file, with the exceptions render.ts writes itself: a
//   line `...`, a long field shortened to `target: T = ...`, and in the module's code the line that
//   stands for definitions cut from a block, naming only definitions of the record.
// - Docstrings, parameter defaults and annotations, return annotations, decorators and bases must occur
//   in the symbol's own lines (docstrings as written, or with the string escapes decoded and white space
//   runs compared as one space, as cleaning expands tabs; expressions as written, or with their names
//   as Python reads them, python/identifiers.ts).
// - Spans end within the file and the line count is the file's.
import type { FileRecord, PySymbol } from '../model.js';
import { decodeEscapes } from '../python/extractText.js';
import { pythonCode } from '../python/identifiers.js';
import { cutDefinitionsNames, type SourceLines, sliceLines } from '../python/render.js';

/** Why `record` does not describe the file `src` (a short phrase), or undefined when every text checks out. */
export function textProblem(record: FileRecord, src: SourceLines): string | undefined {
  const rows = src.lineStarts.length;
  const lineCount = src.text === '' ? 0 : src.text.endsWith('\n') ? rows - 1 : rows;
  if (record.lineCount !== lineCount) return `line count ${record.lineCount}, the file has ${lineCount}`;
  const lines = new FileLines(src);
  for (const s of record.symbols) {
    if (s.startLine < 1 || s.endLine > Math.max(lineCount, 1)) return `${s.id} spans lines ${s.startLine}-${s.endLine} of ${lineCount}`;
    const span = sliceLines(src, s.startLine, s.endLine);
    if (s.kind !== 'module' && s.full !== span) return `${s.id}: code differs from the file`;
    if (s.kind === 'module' && !lines.madeOfLines(s.full, span, cutLineOf(record))) return `${s.id}: module code differs from the file`;
    if (!lines.madeOfLines(s.signature, span)) return `${s.id}: signature differs from the file`;
    if (!smallTextsInSpan(s, span)) return `${s.id}: names or docstring differ from the file`;
  }
  return undefined;
}

/** Whether a trimmed line is render.ts's stand-in for definitions of this record cut from a block (the names collected only when one is met). */
function cutLineOf(record: FileRecord): (line: string) => boolean {
  let defined: Set<string> | undefined;
  return (line) => {
    const names = cutDefinitionsNames(line);
    if (names === undefined) return false;
    defined ??= new Set(record.symbols.filter((s) => s.kind !== 'module').map((s) => s.name));
    return names.every((name) => defined!.has(name));
  };
}

function smallTextsInSpan(s: PySymbol, span: string): boolean {
  // Docstrings are decoded and cleaned (tabs expanded): compared with the span decoded, white space runs as one space.
  let decoded: string | undefined;
  let named: string | undefined;
  const occurs = (text: string): boolean =>
    text.split('\n').every((line) => {
      const t = line.trim();
      if (t === '' || span.includes(t)) return true;
      named ??= pythonCode(span);
      if (named.includes(t)) return true;
      decoded ??= decodeEscapes(span).replace(/\s+/g, ' ');
      return decoded.includes(t.replace(/\s+/g, ' '));
    });
  const texts = [s.docstring, s.returns, ...s.decorators, ...s.bases, ...s.params.flatMap((p) => [p.default, p.annotation])];
  return texts.every((t) => t === undefined || occurs(t));
}

/**
 * The file's lines, trimmed: whether a text's lines occur in them. Nearly every line of a text is found
 * in its symbol's own span, searched from where the previous line was found (the lines come in order),
 * so the file's lines are only split and put in a set when a line is not (sorting or even splitting
 * every file's lines was most of a warm run's cache check); the few left are then searched as
 * prefixes, in the lines sorted once, when first needed.
 */
class FileLines {
  private lines: string[] | undefined;
  private whole: Set<string> | undefined;
  private sorted: string[] | undefined;

  constructor(private readonly src: SourceLines) {}

  /** Every line of `text` is the start of a file line, or inside `span` (a statement after `;`), or one render.ts writes. */
  madeOfLines(text: string, span: string, allowed?: (line: string) => boolean): boolean {
    let from = 0;
    for (const line of text.split('\n')) {
      const t = line.trim();
      if (t === '' || t === '...') continue;
      // Found in the span: the last test below would pass too (it looks for a prefix of `t` there).
      const at = span.indexOf(t, from);
      if (at >= 0) {
        from = at + t.length;
        continue;
      }
      if (allowed?.(t)) continue;
      const start = t.endsWith(' = ...') ? t.slice(0, -' = ...'.length).trimEnd() : t;
      if (!span.includes(start) && !this.wholeLines().has(t) && !this.startsALine(start)) return false;
    }
    return true;
  }

  private trimmedLines(): string[] {
    return (this.lines ??= this.src.text.split('\n').map((l) => l.trim()));
  }

  private wholeLines(): Set<string> {
    return (this.whole ??= new Set(this.trimmedLines()));
  }

  private startsALine(prefix: string): boolean {
    const sorted = (this.sorted ??= [...this.trimmedLines()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]!.startsWith(prefix);
  }
}
