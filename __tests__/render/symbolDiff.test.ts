// diff/symbolDiff.ts: a symbol's diff cut from git's own hunks (deleted lines included), a moved body
// diffed line by line, hunks with context; render/prViews.ts: what a `#N` suffix means.
import { describe, expect, it } from 'vitest';
import { hunksText, unifiedDiff, wholeDiffText } from '../../src/diff/diffText.js';
import { changedHeadLines, type DiffLine, sameFileDiff, textDiff } from '../../src/diff/symbolDiff.js';
import type { PySymbol } from '../../src/model.js';
import { definitionNote } from '../../src/pr/views.js';

const BASE = ['def f(n):', '    n = n - 1', '    n = n - 1', '    return n', '', 'def g():', '    pass'];
const HEAD = ['def f(n, k=1):', '    n = n - 1', '    return n', '', 'def g():', '    pass'];

describe('sameFileDiff', () => {
  it('walks base and head spans with git hunks: - before +, kept lines as context, the deleted line kept', () => {
    // git diff -U0: base line 1 and 3 removed, head line 1 added.
    const lines = sameFileDiff({ base: { fileLines: BASE, span: [1, 4] }, head: { fileLines: HEAD, span: [1, 3] }, removedLines: [[1, 1], [3, 3]], addedLines: [[1, 1]] });
    expect(wholeDiffText(lines)).toBe(['-def f(n):', '+def f(n, k=1):', '     n = n - 1', '-    n = n - 1', '     return n'].join('\n'));
    expect(changedHeadLines(lines)).toEqual([1]);
    expect(unifiedDiff(lines, 'm.py', 'm.py')).toBe(
      ['--- a/m.py', '+++ b/m.py', '@@ -1,4 +1,3 @@', '-def f(n):', '+def f(n, k=1):', '     n = n - 1', '-    n = n - 1', '     return n', ''].join('\n'),
    );
  });

  it('leaves out lines a nested definition owns (a module: its own code only)', () => {
    const lines = sameFileDiff({
      base: { fileLines: ['import a', '', 'def f():', '    x = 1'], span: [1, 4], notOwn: (n) => n >= 3 },
      head: { fileLines: ['import a', 'import b', '', 'def f():', '    x = 2'], span: [1, 5], notOwn: (n) => n >= 4 },
      removedLines: [[4, 4]],
      addedLines: [[2, 2], [5, 5]],
    });
    expect(wholeDiffText(lines)).toBe([' import a', '+import b', ' '].join('\n'));
  });

  it('pairs lines as git did before leaving out nested ones: a kept line that left a removed method keeps its base number', () => {
    // Base: a method (2-4) whose blank line 3 git kept; head: an attribute and docstring in its place.
    const lines = sameFileDiff({
      base: { fileLines: ['class A:', '    def m(self):', '', '        return 1', '    x = 1'], span: [1, 5], notOwn: (n) => n >= 2 && n <= 4 },
      head: { fileLines: ['class A:', '    m = None', '', '    """Doc."""', '    x = 1'], span: [1, 5] },
      removedLines: [[2, 2], [4, 4]],
      addedLines: [[2, 2], [4, 4]],
    });
    expect(lines.map((l) => [l.tag, l.oldLine, l.newLine])).toEqual([
      [' ', 1, 1],
      ['+', undefined, 2],
      [' ', 3, 3],
      ['+', undefined, 4],
      [' ', 5, 5],
    ]);
  });

  it('pairs kept lines as git did over the whole file: a line git kept from outside the base span has no base number', () => {
    // git: base 1 `a` is head 2 and base 2 `b` is head 3; base 3-4 removed, head 1 and 4 added. The
    // symbol spans base 2-4 and head 2-4, so head 2 (`a`) comes from outside its base span.
    const base = { fileLines: ['a', 'b', 'c', 'd'], span: [2, 4] as [number, number] };
    const head = { fileLines: ['c', 'a', 'b', 'x'], span: [2, 4] as [number, number] };
    const lines = sameFileDiff({ base, head, removedLines: [[3, 4]], addedLines: [[1, 1], [4, 4]] });
    expect(lines.map((l) => [l.tag, l.text, l.oldLine, l.newLine])).toEqual([
      [' ', 'a', undefined, 2],
      [' ', 'b', 2, 3],
      ['-', 'c', 3, undefined],
      ['-', 'd', 4, undefined],
      ['+', 'x', undefined, 4],
    ]);
    // Every base number points at the same text in base (pairing from the span starts said `a` was base 2, `b`).
    for (const l of lines) if (l.tag === ' ' && l.oldLine !== undefined) expect(base.fileLines[l.oldLine - 1]).toBe(l.text);
  });
});

describe('textDiff and hunksText', () => {
  it('diffs a moved body line by line and cuts hunks with context', () => {
    const lines = textDiff('a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nD\ne\nf\ng\n', 10, 20);
    expect(hunksText(lines, 1)).toBe(['@@ -12,3 +22,3 @@', ' c', '-d', '+D', ' e'].join('\n'));
  });

  it('cuts hunks per stretch of head lines: context never crosses a left-out method, each header says where', () => {
    // A class's own lines 1-3 and 40-44 (its methods left out between): one change in each stretch.
    const own = (line: number, text: string, tag: ' ' | '+' | '-' = ' '): DiffLine =>
      tag === '+' ? { tag, text, newLine: line } : tag === '-' ? { tag, text, oldLine: line } : { tag, text, oldLine: line, newLine: line };
    const lines = [own(1, 'class A:'), own(2, '    a = 1', '-'), own(2, '    a = 2', '+'), own(3, ''), own(40, ''), own(41, '    b = 1'), own(42, '    """B."""', '+'), own(43, '', '+'), own(44, '    """More."""', '+')];
    expect(hunksText(lines, 3)).toBe(
      ['@@ -1,3 +1,3 @@', ' class A:', '-    a = 1', '+    a = 2', ' ', '@@ -40,2 +40,5 @@', ' ', '     b = 1', '+    """B."""', '+', '+    """More."""'].join('\n'),
    );
  });

  it('numbers a hunk of only added lines after a left-out method as git does: after the base line git had passed', () => {
    const method = ['    def f(self):', '        return 1'];
    const lines = sameFileDiff({
      base: { fileLines: ['class A:', '    x = 1', '', ...method], span: [1, 5], notOwn: (n) => n >= 4 },
      head: { fileLines: ['class A:', '    x = 1', '', ...method, '', '    y = 2'], span: [1, 7], notOwn: (n) => n === 4 || n === 5 },
      removedLines: [],
      addedLines: [[6, 7]],
    });
    // git diff: @@ -5,0 +6,2 @@ (after base line 5, the method's last), not after line 3 shown before it.
    expect(hunksText(lines, 3)).toBe(['@@ -5,0 +6,2 @@', '+', '+    y = 2'].join('\n'));
  });
});

describe('definitionNote', () => {
  const sym = (id: string, line: number, decorators: string[] = []): PySymbol =>
    ({ id, name: 'stream', startLine: line, decorators }) as unknown as PySymbol;
  it('says which definition a #N is, and what the earlier ones are', () => {
    const defs = [sym('m.stream', 1, ['@overload']), sym('m.stream#2', 5, ['@typing.overload']), sym('m.stream#3', 9)];
    expect(definitionNote(defs[2]!, defs)).toBe('3rd definition of `stream`, the implementation after 2 `@overload`s.');
    expect(definitionNote(defs[1]!, defs)).toBe('2nd definition of `stream`, an `@overload` signature.');
    expect(definitionNote(defs[0]!, defs)).toBeUndefined();
    const plain = [sym('m.stream', 1), sym('m.stream#2', 5)];
    expect(definitionNote(plain[1]!, plain)).toBe('2nd definition of `stream`, a redefinition in the same scope (conditional or later): the one that runs last wins.');
  });
});
