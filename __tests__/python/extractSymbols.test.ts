// Symbols, ids and spans: what each definition is called, where it starts and ends, and what its
// header says (decorators, docstring, params, return annotation, bases, async).
import { describe, expect, it } from 'vitest';
import { extract, py, symbol } from './extractHarness.js';

describe('symbols and ids', () => {
  it('gives the module, classes, methods, functions and nested definitions ids in source order', async () => {
    const record = await extract(py`
      class Outer:
          class Inner:
              def deep(self):
                  def closure():
                      pass
          def method(self):
              pass

      def func():
          class Local:
              pass
          async def helper():
              pass
    `);
    expect(record.symbols.map((s) => [s.id, s.name, s.kind, s.parent ?? ''])).toEqual([
      ['pkg.mod', '', 'module', ''],
      ['pkg.mod.Outer', 'Outer', 'class', 'pkg.mod'],
      ['pkg.mod.Outer.Inner', 'Outer.Inner', 'class', 'pkg.mod.Outer'],
      ['pkg.mod.Outer.Inner.deep', 'Outer.Inner.deep', 'method', 'pkg.mod.Outer.Inner'],
      ['pkg.mod.Outer.Inner.deep.closure', 'Outer.Inner.deep.closure', 'function', 'pkg.mod.Outer.Inner.deep'],
      ['pkg.mod.Outer.method', 'Outer.method', 'method', 'pkg.mod.Outer'],
      ['pkg.mod.func', 'func', 'function', 'pkg.mod'],
      ['pkg.mod.func.Local', 'func.Local', 'class', 'pkg.mod.func'],
      ['pkg.mod.func.helper', 'func.helper', 'function', 'pkg.mod.func'],
    ]);
    expect(symbol(record, 'pkg.mod.func.helper').isAsync).toBe(true);
    expect(symbol(record, 'pkg.mod.func').isAsync).toBe(false);
    for (const s of record.symbols) {
      expect(s.file).toBe('pkg/mod.py');
      expect(s.module).toBe('pkg.mod');
    }
  });

  it('suffixes repeated names in one scope with #2, #3 and keeps other scopes apart', async () => {
    const record = await extract(py`
      try:
          def load():
              pass
      except ImportError:
          def load():
              pass
      if FAST:
          def load():
              pass

      class P:
          @property
          def value(self):
              return 1

          @value.setter
          def value(self, v):
              pass

          def load(self):
              pass
    `);
    expect(record.symbols.map((s) => s.id)).toEqual([
      'pkg.mod',
      'pkg.mod.load',
      'pkg.mod.load#2',
      'pkg.mod.load#3',
      'pkg.mod.P',
      'pkg.mod.P.value',
      'pkg.mod.P.value#2',
      'pkg.mod.P.load',
    ]);
    expect(symbol(record, 'pkg.mod.load#3').name).toBe('load');
  });

  it('nests the children of a repeated definition under its suffixed id', async () => {
    const record = await extract(py`
      def f():
          pass
      def f():
          def g():
              pass
    `);
    expect(symbol(record, 'pkg.mod.f#2.g').parent).toBe('pkg.mod.f#2');
    expect(symbol(record, 'pkg.mod.f#2.g').name).toBe('f.g');
  });

  it('counts methods defined inside if/try blocks of a class body as methods', async () => {
    const record = await extract(py`
      class C:
          if PY2:
              def text(self):
                  pass
          else:
              def text(self):
                  pass
          with suppress(Error):
              def extra(self):
                  pass
    `);
    expect(record.symbols.map((s) => `${s.id}:${s.kind}`)).toEqual([
      'pkg.mod:module',
      'pkg.mod.C:class',
      'pkg.mod.C.text:method',
      'pkg.mod.C.text#2:method',
      'pkg.mod.C.extra:method',
    ]);
  });
});

describe('spans and decorators', () => {
  it('starts a decorated definition at its first decorator, also across comments', async () => {
    const record = await extract(py`
      import functools

      @functools.lru_cache(maxsize=None)
      # a comment between decorators
      @trace(
          level=2,
      )
      def cached(x):
          return x

      class K:
          @staticmethod
          async def run():
              pass
    `);
    const cached = symbol(record, 'pkg.mod.cached');
    expect([cached.startLine, cached.endLine]).toEqual([3, 9]);
    expect(cached.decorators).toEqual(['functools.lru_cache(maxsize=None)', 'trace(\n    level=2,\n)']);
    const run = symbol(record, 'pkg.mod.K.run');
    expect([run.startLine, run.endLine, run.isAsync]).toEqual([12, 14, true]);
    expect(run.decorators).toEqual(['staticmethod']);
    expect(record.lineCount).toBe(14);
    expect(symbol(record, 'pkg.mod').endLine).toBe(14);
  });

  it('leaves trailing comments out of decorator text', async () => {
    const record = await extract('@dec  # why\n@a.b(x="#")  # note\ndef f():\n    pass\n');
    const f = symbol(record, 'pkg.mod.f');
    expect(f.decorators).toEqual(['dec', 'a.b(x="#")']);
    expect(symbol(record, 'pkg.mod').calls.map((c) => [c.via, c.line])).toEqual([
      ['decorator', 1],
      ['decorator', 2],
    ]);
  });

  it('handles one-line bodies', async () => {
    const record = await extract('class A: pass\ndef f(): return 1\n');
    expect(symbol(record, 'pkg.mod.A')).toMatchObject({ startLine: 1, endLine: 1 });
    expect(symbol(record, 'pkg.mod.f')).toMatchObject({ startLine: 2, endLine: 2 });
  });
});

describe('docstrings', () => {
  it('unquotes and dedents docstrings like inspect.cleandoc', async () => {
    const record = await extract(py`
      '''Module summary.'''

      def f():
          """Summary line.

          Details, indented
              more here.
          """

      def g():
          r'raw \d docstring'

      def h():
          "first" "second"

      def not_doc():
          x = 1
          "not a docstring"

      def fstring():
          f"not a docstring {x}"

      def expression():
          "not a docstring either".format(1)

      class C:
          """Class doc."""
    `);
    expect(symbol(record, 'pkg.mod').docstring).toBe('Module summary.');
    expect(symbol(record, 'pkg.mod.f').docstring).toBe('Summary line.\n\nDetails, indented\n    more here.');
    expect(symbol(record, 'pkg.mod.g').docstring).toBe('raw \\d docstring');
    expect(symbol(record, 'pkg.mod.h').docstring).toBe('firstsecond');
    expect(symbol(record, 'pkg.mod.not_doc').docstring).toBeUndefined();
    expect(symbol(record, 'pkg.mod.fstring').docstring).toBeUndefined();
    expect(symbol(record, 'pkg.mod.expression').docstring).toBeUndefined();
    expect(symbol(record, 'pkg.mod.C').docstring).toBe('Class doc.');
  });

  it('has no module docstring when the first statement is code', async () => {
    const record = await extract('import os\n"""late string"""\n');
    expect(symbol(record, 'pkg.mod').docstring).toBeUndefined();
  });
});

describe('parameters, returns and bases', () => {
  it('reads every parameter kind with annotations and defaults as written', async () => {
    const record = await extract(py`
      def f(a, b: int, /, c=1, d: "Dict[str, int]" = {"k": (1, 2)}, *args: str, e, f: bool = x == y, **kwargs: Any) -> Optional[C]:
          pass

      def g(self, *, key=lambda item: item[0], cmp: Callable[[int], bool] = None):
          pass

      def h(
          first,  # a comment
          second=(1,
                  2),
      ):
          pass
    `);
    expect(symbol(record, 'pkg.mod.f').params).toEqual([
      { name: 'a', kind: 'positional_only' },
      { name: 'b', kind: 'positional_only', annotation: 'int' },
      { name: 'c', kind: 'regular', default: '1' },
      { name: 'd', kind: 'regular', annotation: '"Dict[str, int]"', default: '{"k": (1, 2)}' },
      { name: 'args', kind: 'var_positional', annotation: 'str' },
      { name: 'e', kind: 'keyword_only' },
      { name: 'f', kind: 'keyword_only', annotation: 'bool', default: 'x == y' },
      { name: 'kwargs', kind: 'var_keyword', annotation: 'Any' },
    ]);
    expect(symbol(record, 'pkg.mod.f').returns).toBe('Optional[C]');
    expect(symbol(record, 'pkg.mod.g').params).toEqual([
      { name: 'self', kind: 'regular' },
      { name: 'key', kind: 'keyword_only', default: 'lambda item: item[0]' },
      { name: 'cmp', kind: 'keyword_only', annotation: 'Callable[[int], bool]', default: 'None' },
    ]);
    expect(symbol(record, 'pkg.mod.g').returns).toBeUndefined();
    expect(symbol(record, 'pkg.mod.h').params).toEqual([
      { name: 'first', kind: 'regular' },
      { name: 'second', kind: 'regular', default: '(1,\n            2)' },
    ]);
  });

  it('lists positional class arguments as bases, not keyword arguments', async () => {
    const record = await extract(py`
      class A(Base, mixins.Mixin, Generic[T], metaclass=ABCMeta, total=False):
          pass

      class B:
          pass

      class C():
          pass
    `);
    expect(symbol(record, 'pkg.mod.A').bases).toEqual(['Base', 'mixins.Mixin', 'Generic[T]']);
    expect(symbol(record, 'pkg.mod.B').bases).toEqual([]);
    expect(symbol(record, 'pkg.mod.C').bases).toEqual([]);
    expect(symbol(record, 'pkg.mod.A').params).toEqual([]);
  });
});
