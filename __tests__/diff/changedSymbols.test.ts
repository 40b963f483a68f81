import { beforeAll, describe, expect, it } from 'vitest';
import { computeChangedSymbols, withRemovedSymbols } from '../../src/diff/changedSymbols.js';
import type { FileChange } from '../../src/diff/hunks.js';
import type { FileRecord } from '../../src/model.js';
import { extractFile } from '../../src/python/extract.js';
import { loadPythonParser, type PythonParser } from '../../src/python/treeSitter.js';

let parser: PythonParser;
beforeAll(async () => {
  parser = await loadPythonParser();
});

const record = (path: string, text: string): FileRecord => extractFile(parser, path, text);
const modified = (path: string, oldLines: [number, number][], newLines: [number, number][], extra: Partial<FileChange> = {}): FileChange => ({
  status: 'modified',
  path,
  isPython: true,
  oldLines,
  newLines,
  ...extra,
});
const ids = (r: ReturnType<typeof computeChangedSymbols>) => r.changed.map((c) => `${c.change} ${c.id}`);

const SOURCE = `import os                 # 1

LIMIT = 3                 # 3


@cache                    # 6
def load(path):           # 7
    return os.read(path)  # 8


class Store:              # 11
    kind = "disk"         # 12

    def get(self, key):   # 14
        return key        # 15


def dup():                # 18
    return 1              # 19


def dup():                # 22
    return 2              # 23
`;

describe('computeChangedSymbols', () => {
  it('a decorator line belongs to its function', () => {
    const r = computeChangedSymbols({ changes: [modified('m.py', [[6, 6]], [[6, 6]])], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', SOURCE)] });
    expect(ids(r)).toEqual(['modified m.load']);
  });

  it('innermost wins: a class-body line is the class, a method line is the method only', () => {
    const r = computeChangedSymbols({ changes: [modified('m.py', [], [[12, 12], [15, 15]])], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', SOURCE)] });
    expect(ids(r)).toEqual(['modified m.Store', 'modified m.Store.get']);
  });

  it('a pure deletion inside a function is found through the base version', () => {
    const head = SOURCE.replace('    kind = "disk"         # 12\n', '');
    const r = computeChangedSymbols({ changes: [modified('m.py', [[12, 12]], [])], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', head)] });
    expect(r.changed).toEqual([{ id: 'm.Store', file: 'm.py', name: 'Store', kind: 'class', change: 'modified', lines: [11, 14] }]);
  });

  it('blank-line edits change nothing; other module-level lines change the module', () => {
    const blank = computeChangedSymbols({
      changes: [modified('m.py', [], [[4, 5]], { blankNewLines: [[4, 5]] })],
      baseFiles: [record('m.py', SOURCE)],
      headFiles: [record('m.py', SOURCE)],
    });
    expect(blank.changed).toEqual([]);
    const code = computeChangedSymbols({ changes: [modified('m.py', [[3, 3]], [[3, 3]])], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', SOURCE)] });
    expect(ids(code)).toEqual(['modified m']);
  });

  it('a repeated definition is told apart by its #2 id', () => {
    const r = computeChangedSymbols({ changes: [modified('m.py', [[23, 23]], [[23, 23]])], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', SOURCE)] });
    expect(ids(r)).toEqual(['modified m.dup#2']);
  });

  it('unknown lines (no patch) count every line: every symbol that owns a line is modified', () => {
    const r = computeChangedSymbols({ changes: [modified('m.py', [], [], { linesUnknown: true })], baseFiles: [record('m.py', SOURCE)], headFiles: [record('m.py', SOURCE)] });
    expect(ids(r)).toEqual(['modified m', 'modified m.load', 'modified m.Store', 'modified m.Store.get', 'modified m.dup', 'modified m.dup#2']);
  });

  it('a renamed file without edits changes nothing; with an edit, ids follow the new path', () => {
    const moved = (lines: [number, number][]): FileChange => ({ status: 'renamed', path: 'pkg/new.py', oldPath: 'old.py', isPython: true, oldLines: lines, newLines: lines });
    const base = [record('old.py', SOURCE)];
    const head = [record('pkg/new.py', SOURCE)];
    expect(computeChangedSymbols({ changes: [moved([])], baseFiles: base, headFiles: head }).changed).toEqual([]);
    expect(ids(computeChangedSymbols({ changes: [moved([[8, 8]])], baseFiles: base, headFiles: head }))).toEqual(['modified pkg.new.load']);
  });

  it('notes a Python file whose head version is missing, and lists non-Python files', () => {
    const r = computeChangedSymbols({
      changes: [modified('m.py', [[8, 8]], [[8, 8]]), { status: 'modified', path: 'b.json', isPython: false, oldLines: [[1, 1]], newLines: [[1, 1]] }, { status: 'added', path: 'a.md', isPython: false, oldLines: [], newLines: [] }],
      baseFiles: [record('m.py', SOURCE)],
      headFiles: [],
    });
    expect(r.changed).toEqual([]);
    expect(r.nonPython).toEqual(['a.md', 'b.json']);
    expect(r.notes).toEqual(['m.py: head version not analysed; its added and modified symbols are unknown']);
  });
});

describe('withRemovedSymbols', () => {
  it('puts removed symbols back, but never a second definition of an id the files still have', () => {
    const base = record('util.py', 'def keep():\n    pass\n\n\ndef legacy():\n    pass\n\n\ndef gone():\n    pass\n');
    const removed = base.symbols.filter((s) => s.name === 'legacy' || s.name === 'gone');
    // A working tree that is not head still defines legacy (and keep); gone is really gone.
    const tree = record('util.py', 'def keep():\n    pass\n\n\ndef legacy():\n    return 1\n');
    const [file] = withRemovedSymbols([tree], removed);
    expect(file!.symbols.map((s) => s.id)).toEqual(['util', 'util.keep', 'util.legacy', 'util.gone']);
    expect(file!.symbols.find((s) => s.id === 'util.legacy')!.full).toBe('def legacy():\n    return 1');
  });
});
