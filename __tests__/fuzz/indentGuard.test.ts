// The fuzzer's WASM trap, found: tree-sitter-python's scanner writes one byte past its state buffer
// with ~384-512 indentation levels and an open string (tree-sitter/tree-sitter-python#350), which
// corrupts tree-sitter's memory for every later parse in the process. src/python/indentGuard.ts keeps
// every indentation within what the scanner can hold. Real tree-sitter, real source text.
import { beforeAll, describe, expect, it } from 'vitest';
import { extractFile } from '../../src/python/extract.js';
import { boundIndentation, MAX_SCANNER_INDENT } from '../../src/python/indentGuard.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';

const PLAIN = 'def f(x):\n    return g(x)\n\n\nclass C:\n    def m(self):\n        return 1\n';

/** The repro: `depth` nested `if 1:`, each one space deeper, and an open string in the innermost. */
function deepIfs(depth: number, unit = ' '): string {
  return `${Array.from({ length: depth }, (_, i) => `${unit.repeat(i)}if 1:\n`).join('')}${unit.repeat(depth)}'a'\n`;
}

/** The indentation widths the scanner would measure after each newline (space 1, tab 8, CR/FF restart, `\`-newline continues). */
function scannerWidths(text: string): number[] {
  const widths: number[] = [];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    let width = 0;
    let j = i + 1;
    for (;;) {
      const c = text[j];
      if (c === ' ') width += 1;
      else if (c === '\t') width += 8;
      else if (c === '\r' || c === '\f') width = 0;
      else if (c === '\\' && (text[j + 1] === '\n' || (text[j + 1] === '\r' && text[j + 2] === '\n'))) {
        j += text[j + 1] === '\r' ? 2 : 1;
        i = j; // the continuation's newline belongs to this run
      } else break;
      j++;
    }
    widths.push(width);
  }
  return widths;
}

describe('indentation guard (tree-sitter-python scanner overrun)', () => {
  let parser: PythonParser;
  beforeAll(async () => {
    parser = await loadPythonParser();
  });

  it('parses the overrun case and every file after it correctly, in the same process', () => {
    // Without the guard: the deep file parses as an empty module, the plain file after it as `(NULL)`
    // (no symbols), and the third parse traps with "memory access out of bounds".
    for (let round = 0; round < 4; round++) {
      const deep = extractFile(parser, 'deep.py', deepIfs(600));
      const plain = extractFile(parser, 'plain.py', PLAIN);
      expect(plain.symbols.map((s) => s.id)).toEqual(['plain', 'plain.f', 'plain.C', 'plain.C.m']);
      expect(plain.partial).toBe(false);
      expect(deep.notes.filter((n) => n.startsWith(`indentation over ${MAX_SCANNER_INDENT} columns read as ${MAX_SCANNER_INDENT} (lines 385, 386,`))).toHaveLength(1);
    }
  });

  it('bounds tab, form-feed and continued indentation as the scanner measures it, keeping length and offsets', () => {
    const cases = [
      deepIfs(600),
      deepIfs(70, '\t'), // 70 tabs = 560 columns
      `if 1:\n${' '.repeat(300)}\\\n${' '.repeat(300)}x = 1\n`, // a continuation adds to the same indentation
      `if 1:\n\f${' '.repeat(500)}'a'\r\n${'\t'.repeat(60)}\f${' '.repeat(10)}y\n`,
    ];
    for (const source of cases) {
      const { text, narrowedLines } = boundIndentation(source);
      expect(text.length).toBe(source.length);
      expect(narrowedLines.length).toBeGreaterThan(0);
      for (let i = 0; i < source.length; i++) if (text[i] !== source[i]) expect([source[i], text[i]]).toSatisfy(([a, b]: string[]) => (a === ' ' || a === '\t') && b === '\f');
      expect(Math.max(...scannerWidths(text))).toBeLessThanOrEqual(MAX_SCANNER_INDENT);
      expect(Math.max(...scannerWidths(source))).toBeGreaterThan(MAX_SCANNER_INDENT);
    }
    // The line named is where the continued indentation ends, i.e. where its statement starts.
    expect(boundIndentation(cases[2]!).narrowedLines).toEqual([3]);
    expect(boundIndentation(cases[3]!).narrowedLines).toEqual([2]);
  });

  it('leaves ordinary source untouched', () => {
    const source = `${deepIfs(99)}${PLAIN}\tx = 1\n${' '.repeat(MAX_SCANNER_INDENT)}y\n`;
    expect(boundIndentation(source)).toEqual({ text: source, narrowedLines: [] });
  });
});
