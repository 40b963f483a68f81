// full vs signature renderings, read back from real Python.
import { describe, expect, it } from 'vitest';
import { extract, py, symbol } from './extractHarness.js';

const SOURCE = py`
  """Billing module."""
  import os
  from .db import (
      connect,
  )

  LIMIT = 10


  @register("billing")
  @trace
  class Invoice(Base):
      """An invoice."""

      rate = 0.2

      def __init__(self, amount,
                   currency="EUR",
                   *, rounding=(
                       "half-up"
                   )) -> None:
          """Make one.

          With details.
          """
          self.amount = amount

      @property
      def total(self): return self.amount * (1 + self.rate)

      class Line:
          def cost(self):
              pass


  def helper(x):
      return x


  if os.name == "nt":
      def platform():
          return "nt"
`;

describe('full', () => {
  it('is the verbatim source from the first decorator to the last line', async () => {
    const record = await extract(SOURCE);
    const lines = SOURCE.split('\n');
    const invoice = symbol(record, 'pkg.mod.Invoice');
    expect(invoice.full).toBe(lines.slice(9, 33).join('\n'));
    expect(invoice.full.startsWith('@register("billing")\n@trace\nclass Invoice(Base):')).toBe(true);
    const init = symbol(record, 'pkg.mod.Invoice.__init__');
    expect(init.full).toBe(lines.slice(16, 26).join('\n'));
    expect(symbol(record, 'pkg.mod.Invoice.total').full).toBe(
      '    @property\n    def total(self): return self.amount * (1 + self.rate)',
    );
  });

  it('for the module, is the file without its own definitions', async () => {
    const record = await extract(SOURCE);
    expect(symbol(record, 'pkg.mod').full).toBe(
      [
        '"""Billing module."""',
        'import os',
        'from .db import (',
        '    connect,',
        ')',
        '',
        'LIMIT = 10',
        '',
        // A block whose body was only definitions says so: a header with nothing under it reads as code cut short.
        'if os.name == "nt":',
        '    ...  # defines platform (a symbol of its own)',
      ].join('\n'),
    );
  });
  it('for the module, names the definitions of a block left with no code once in its place, and only there', async () => {
    const record = await extract(py`
      import sys

      if sys.version_info >= (3, 12):
          run = max
      elif sys.version_info >= (3, 11):

          def run(x):
              return x

      else:
          # a backport
          def run(x):
              return -x

          def _cancel(x):
              return x

      try:
          from fast import speed
      except ImportError:
          @staticmethod
          def speed():
              return 0
          FALLBACK = True

      def top():
          return 1
    `);
    expect(symbol(record, 'pkg.mod').full).toBe(
      [
        'import sys',
        '',
        'if sys.version_info >= (3, 12):',
        '    run = max',
        'elif sys.version_info >= (3, 11):',
        '    ...  # defines run (a symbol of its own)',
        'else:',
        '    # a backport',
        '    ...  # defines run, _cancel (symbols of their own)',
        '',
        'try:',
        '    from fast import speed',
        'except ImportError:',
        '    FALLBACK = True',
      ].join('\n'),
    );
  });
});

describe('signature', () => {
  it('keeps decorators, multi-line headers and defaults exactly, then docstring and ...', async () => {
    const record = await extract(SOURCE);
    expect(symbol(record, 'pkg.mod.Invoice.__init__').signature).toBe(
      [
        '    def __init__(self, amount,',
        '                 currency="EUR",',
        '                 *, rounding=(',
        '                     "half-up"',
        '                 )) -> None:',
        '        """Make one.',
        '',
        '        With details.',
        '        """',
        '        ...',
      ].join('\n'),
    );
    expect(symbol(record, 'pkg.mod.helper').signature).toBe('def helper(x):\n    ...');
  });

  it('cuts a same-line body and indents the stub one level deeper', async () => {
    const record = await extract(SOURCE);
    expect(symbol(record, 'pkg.mod.Invoice.total').signature).toBe('    @property\n    def total(self):\n        ...');
  });

  it('renders a class as its header, docstring and the stub of every member, without the bodies', async () => {
    const record = await extract(SOURCE);
    const invoice = symbol(record, 'pkg.mod.Invoice');
    expect(invoice.signature).toBe(
      [
        '@register("billing")',
        '@trace',
        'class Invoice(Base):',
        '    """An invoice."""',
        '    rate = 0.2',
        '    def __init__(self, amount,',
        '                 currency="EUR",',
        '                 *, rounding=(',
        '                     "half-up"',
        '                 )) -> None:',
        '        """Make one.',
        '',
        '        With details.',
        '        """',
        '        ...',
        '    @property',
        '    def total(self):',
        '        ...',
        '    class Line:',
        '        def cost(self):',
        '            ...',
      ].join('\n'),
    );
    expect(invoice.signature.length).toBeLessThan(invoice.full.length);
    expect(invoice.signature).not.toContain('self.amount = amount');
  });

  it('keeps the own assignments of a class in its signature: short ones verbatim, long ones as target = ...', async () => {
    const record = await extract(py`
      @dataclass
      class LineItem:
          """One line."""
          product: Product
          quantity: int = 1
          a = b = 0
          title = models.CharField(
              max_length=200,
          )
          QUERY: str = (
              "select *"
              " from t"
              " where x"
          )
          if TYPE_CHECKING:
              extra: int

          def total(self):
              local = 3
              self.cached = local
              return local
    `);
    expect(symbol(record, 'pkg.mod.LineItem').signature).toBe(
      [
        '@dataclass',
        'class LineItem:',
        '    """One line."""',
        '    product: Product',
        '    quantity: int = 1',
        '    a = b = 0',
        '    title = models.CharField(',
        '        max_length=200,',
        '    )',
        '    QUERY: str = ...',
        '        extra: int',
        '    def total(self):',
        '        ...',
      ].join('\n'),
    );
  });

  it('gives an empty class a ... body', async () => {
    const record = await extract('class Empty(Exception):\n    pass\n');
    expect(symbol(record, 'pkg.mod.Empty').signature).toBe('class Empty(Exception):\n    ...');
  });

  it('outlines the module: docstring, top-level imports, top-level headers', async () => {
    const record = await extract(SOURCE);
    expect(symbol(record, 'pkg.mod').signature).toBe(
      [
        '"""Billing module."""',
        'import os',
        'from .db import (',
        '    connect,',
        ')',
        '@register("billing")',
        '@trace',
        'class Invoice(Base):',
        '    ...',
        'def helper(x):',
        '    ...',
      ].join('\n'),
    );
  });
});
