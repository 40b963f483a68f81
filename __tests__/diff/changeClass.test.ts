// The kind of a symbol's change, read from its own diff: real Python before and after.
import { describe, expect, it } from 'vitest';
import { classifyChange } from '../../src/diff/changeClass.js';
import { textDiff } from '../../src/diff/symbolDiff.js';

const classOf = (before: string, after: string) => classifyChange({ change: 'modified', lines: textDiff(before, after) });

const F = 'def f(x: typing.Any, y=1) -> typing.Any:\n    """Return x."""\n    z = x + y  # sum\n    return z\n';

describe('classifyChange', () => {
  it('tells formatting from code', () => {
    expect(classOf(F, F.replace('x + y', 'x+y').replace('(x: typing.Any, y=1)', '(\n    x: typing.Any,\n    y=1,\n)'))).toBe('formatting');
    expect(classOf("def g():\n    return 'a'\n", 'def g():\n    return "a"\n')).toBe('formatting');
  });
  it('a one-element tuple keeps its comma', () => {
    expect(classOf('def g():\n    return (1,)\n', 'def g():\n    return (1)\n')).toBe('behaviour');
  });
  it('tells docstring and comment edits', () => {
    expect(classOf(F, F.replace('"""Return x."""', '"""Return x.\n\n    More words.\n    """'))).toBe('docstring');
    expect(classOf(F, F.replace('# sum', '# the sum'))).toBe('docstring');
    expect(classOf(F, F.replace('    """Return x."""\n', ''))).toBe('docstring');
  });
  it('tells annotation-only edits, parameters, return and variables', () => {
    expect(classOf(F, F.replaceAll('typing.Any', 'Any'))).toBe('annotation');
    expect(classOf('class C:\n    x: int = 1\n', 'class C:\n    x: "int | None" = 1\n')).toBe('annotation');
    expect(classOf(F, F.replace('x: typing.Any, y=1', 'x: typing.Any, y=2'))).toBe('signature');
    // An attribute's annotation in `__init__` (httpx 371b6e946's `typing.Optional[X]` -> `X | None` sweep).
    const init = (t: string) => `def __init__(self, request: ${t} = None):\n    self._request: ${t} = request\n    self.a.b: ${t} = None\n`;
    expect(classOf(init('typing.Optional[Request]'), init('Request | None'))).toBe('annotation');
    expect(classOf(init('X'), init('X').replace('self.a.b: X = None', 'self.a.c: X = None'))).toBe('behaviour');
  });
  it('counts `from __future__ import annotations` with the annotations it defers', () => {
    // httpx 371b6e946 adds it to 25 modules beside a typing sweep: each module's change was a behaviour change.
    const M = 'import typing\nfrom contextlib import contextmanager\n\nX = 1\n';
    expect(classOf(M, `from __future__ import annotations\n\n${M}`)).toBe('annotation');
    expect(classOf(`"""Doc."""\n${M}`, `"""Doc."""\n\nfrom __future__ import annotations\n\n${M}`)).toBe('annotation');
    expect(classOf(`from __future__ import annotations\n${M}`, M.replace('X = 1', 'X: int = 1'))).toBe('annotation');
    // Another directive, one more name in the statement, or other code beside it: not mechanical.
    expect(classOf(M, `from __future__ import division\n\n${M}`)).toBe('behaviour');
    expect(classOf(M, `from __future__ import annotations, division\n${M}`)).toBe('behaviour');
    expect(classOf(M, `from __future__ import annotations\nimport os\n${M}`)).toBe('behaviour');
  });
  it('a changed default or body is not mechanical', () => {
    expect(classOf(F, F.replace('x + y', 'x - y'))).toBe('behaviour');
    expect(classOf(F, F.replace('"""Return x."""', 'print("x")'))).toBe('behaviour');
    expect(classOf('def g(cb=lambda a: a):\n    return cb\n', 'def g(cb=lambda b: b):\n    return cb\n')).toBe('signature');
  });
  it('moves, additions and removals keep their own class', () => {
    expect(classifyChange({ change: 'added' })).toBe('added');
    expect(classifyChange({ change: 'removed' })).toBe('removed');
    expect(classifyChange({ change: 'added', moved: true })).toBe('moved');
    expect(classifyChange({ change: 'modified' })).toBe('behaviour');
  });
});
