// Bindings, imports and __all__, per scope.
import { describe, expect, it } from 'vitest';
import type { PySymbol } from '../../src/model.js';
import { extract, py, refText, symbol } from './extractHarness.js';

function bindings(sym: PySymbol): string[] {
  return sym.bindings.map(
    (b) => `${b.target.join('.')}${b.annotation !== undefined ? `: ${b.annotation}` : ''} = ${b.value ? refText(b.value) : '-'} @${b.line}`,
  );
}

describe('bindings', () => {
  it('records names, annotations, aliases, unpacking, loops, with and walrus per scope', async () => {
    const record = await extract(py`
      client = Client()
      cfg: Config = load()
      alias = helper
      first, (second, *rest) = pair()
      items[0], tail = split()
      a = b = Factory()
      counter += 1
      limit: int
      obj.attr = Other()

      def f(n):
          local = Thing(n)
          for i, (j, k) in enumerate(n):
              pass
          with open(n) as fh, lock, ctx() as (x, y):
              pass
          if (m := match(n)) is not None:
              pass
          found = [z for z in n if (w := z)]
          ref = self_like.attr
    `);
    expect(bindings(symbol(record, 'pkg.mod'))).toEqual([
      'client = Client() @1',
      'cfg: Config = load() @2',
      'alias = helper @3',
      'first = iter(pair())#0 @4',
      'second = iter(iter(pair())#1)#0 @4',
      'rest = iter(iter(pair())#1)#1*0 @4',
      'tail = iter(split())#1 @5',
      'a = Factory() @6',
      'b = Factory() @6',
      'limit: int = - @8',
    ]);
    expect(bindings(symbol(record, 'pkg.mod.f'))).toEqual([
      'local = Thing() @12',
      'i = iter(iter([[iter(n)]]))#0 @13',
      'j = iter(iter(iter([[iter(n)]]))#1)#0 @13',
      'k = iter(iter(iter([[iter(n)]]))#1)#1 @13',
      'fh = open().__enter__() @15',
      'x = iter(ctx().__enter__())#0 @15',
      'y = iter(ctx().__enter__())#1 @15',
      'm = match() @17',
      'found = [z] @19',
      'z = iter(n) @19',
      'w = z @19',
      'ref = self_like.attr @20',
    ]);
  });

  it('records self.attr assignments in methods under the first parameter as written', async () => {
    const record = await extract(py`
      class C:
          def __init__(this, repo: Repo):
              this.repo = repo
              this.cache: Cache = Cache()
              this.a.b = 1
              other.x = 2

          @staticmethod
          def build(obj):
              obj.x = Thing()

          @classmethod
          def create(cls):
              cls.registry = Registry()

      def plain(self):
          self.x = 1
    `);
    expect(bindings(symbol(record, 'pkg.mod.C.__init__'))).toEqual([
      'this.repo = repo @3',
      'this.cache: Cache = Cache() @4',
    ]);
    expect(bindings(symbol(record, 'pkg.mod.C.build'))).toEqual([]);
    expect(bindings(symbol(record, 'pkg.mod.C.create'))).toEqual(['cls.registry = Registry() @14']);
    expect(bindings(symbol(record, 'pkg.mod.plain'))).toEqual([]);
  });
});

describe('imports', () => {
  it('reads every import form with its line and scope', async () => {
    const record = await extract(py`
      import os
      import a.b.c
      import a.b as ab, json
      from . import sibling
      from .. import parent as p
      from .mod import f as g, h
      from ..pkg.mod import (
          x,
          y as z,  # a comment
      )
      from m import *
      from __future__ import annotations
      from typing import TYPE_CHECKING

      if TYPE_CHECKING:
          from .types import T

      try:
          import ujson as json
      except ImportError:
          json = None

      def lazy():
          import heavy.module
          from .local import thing
    `);
    expect(symbol(record, 'pkg.mod').imports).toEqual([
      { kind: 'import', module: 'os', line: 1 },
      { kind: 'import', module: 'a.b.c', line: 2 },
      { kind: 'import', module: 'a.b', alias: 'ab', line: 3 },
      { kind: 'import', module: 'json', line: 3 },
      { kind: 'from', level: 1, module: '', name: 'sibling', line: 4 },
      { kind: 'from', level: 2, module: '', name: 'parent', alias: 'p', line: 5 },
      { kind: 'from', level: 1, module: 'mod', name: 'f', alias: 'g', line: 6 },
      { kind: 'from', level: 1, module: 'mod', name: 'h', line: 6 },
      { kind: 'from', level: 2, module: 'pkg.mod', name: 'x', line: 7 },
      { kind: 'from', level: 2, module: 'pkg.mod', name: 'y', alias: 'z', line: 7 },
      { kind: 'from', level: 0, module: 'm', name: '*', line: 11 },
      { kind: 'from', level: 0, module: '__future__', name: 'annotations', line: 12 },
      { kind: 'from', level: 0, module: 'typing', name: 'TYPE_CHECKING', line: 13 },
      { kind: 'from', level: 1, module: 'types', name: 'T', line: 16 },
      { kind: 'import', module: 'ujson', alias: 'json', line: 19 },
    ]);
    expect(symbol(record, 'pkg.mod.lazy').imports).toEqual([
      { kind: 'import', module: 'heavy.module', line: 24 },
      { kind: 'from', level: 1, module: 'local', name: 'thing', line: 25 },
    ]);
  });
});

describe('__all__', () => {
  it('reads a literal list or tuple and appends += literals', async () => {
    const record = await extract('__all__ = ("A", \'b\')\n__all__ += ["C"]\n');
    expect(symbol(record, 'pkg.mod').all).toEqual(['A', 'b', 'C']);
  });

  it('ignores a computed __all__ and one inside a function', async () => {
    expect(symbol(await extract('__all__ = names()\n'), 'pkg.mod').all).toBeUndefined();
    expect(symbol(await extract('__all__ = [n for n in x]\n'), 'pkg.mod').all).toBeUndefined();
    expect(symbol(await extract('def f():\n    __all__ = ["x"]\n'), 'pkg.mod').all).toBeUndefined();
    expect(symbol(await extract('x = 1\n'), 'pkg.mod').all).toBeUndefined();
  });
});
