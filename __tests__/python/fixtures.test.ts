// The shop fixture (a real mini package under __tests__/fixtures/python/shop): what a reader sees in
// the files, written next to the code as comments, is what extraction reports.
import { describe, expect, it } from 'vitest';
import { calls, extractFixture, refText, symbol } from './extractHarness.js';

describe('shop/__init__.py', () => {
  it('names the package module after its directory and reads __all__ with +=', async () => {
    const record = await extractFixture('shop/__init__.py');
    expect(record.module).toBe('shop');
    const mod = symbol(record, 'shop');
    expect(mod.kind).toBe('module');
    expect(mod.docstring).toBe('The shop package: re-exports the order model.');
    expect(mod.all).toEqual(['Order', 'pricing']);
    expect(mod.imports).toEqual([
      { kind: 'from', level: 1, module: 'orders.models', name: 'Order', alias: 'Order', line: 2 },
      { kind: 'from', level: 1, module: '', name: 'pricing', line: 3 },
    ]);
  });

  it('gives an empty package __init__ one module symbol', async () => {
    const record = await extractFixture('shop/orders/__init__.py');
    expect(record.symbols.map((s) => s.id)).toEqual(['shop.orders']);
    expect(record.lineCount).toBe(0);
    expect(record.partial).toBe(false);
  });
});

describe('shop/pricing.py', () => {
  it('lists module, functions, nested and duplicate definitions in source order', async () => {
    const record = await extractFixture('shop/pricing.py');
    expect(record.symbols.map((s) => [s.id, s.kind, s.startLine, s.endLine])).toEqual([
      ['shop.pricing', 'module', 1, 37],
      ['shop.pricing.price', 'function', 20, 22],
      ['shop.pricing.discount', 'function', 25, 29],
      ['shop.pricing.discount.apply', 'function', 26, 27],
      ['shop.pricing.dumps', 'function', 33, 34],
      ['shop.pricing.dumps#2', 'function', 36, 37],
    ]);
    expect(symbol(record, 'shop.pricing.dumps#2').name).toBe('dumps');
    expect(symbol(record, 'shop.pricing.discount.apply').parent).toBe('shop.pricing.discount');
  });

  it('finds the docstring after shebang and coding comments, and imports in if/try blocks', async () => {
    const record = await extractFixture('shop/pricing.py');
    const mod = symbol(record, 'shop.pricing');
    expect(mod.docstring).toBe('Prices and discounts.');
    expect(mod.imports.map((i) => [i.kind, i.module, i.kind === 'from' ? i.name : '', i.alias ?? '', i.line])).toEqual([
      ['from', '__future__', 'annotations', '', 4],
      ['import', 'decimal', '', '', 6],
      ['from', 'typing', 'TYPE_CHECKING', '', 7],
      ['from', 'orders.models', 'Order', '', 10],
      ['import', 'ujson', '', 'json', 13],
      ['import', 'json', '', '', 15],
    ]);
    expect(calls(mod)).toEqual(['call:decimal.Decimal@17', 'access:json.__name__@32']);
  });

  it('reads every parameter kind', async () => {
    const record = await extractFixture('shop/pricing.py');
    expect(symbol(record, 'shop.pricing.discount').params).toEqual([
      { name: 'amount', kind: 'positional_only' },
      { name: 'percent', kind: 'regular', default: '10' },
      { name: 'codes', kind: 'var_positional' },
      { name: 'strict', kind: 'keyword_only', annotation: 'bool', default: 'False' },
      { name: 'extra', kind: 'var_keyword' },
    ]);
    const price = symbol(record, 'shop.pricing.price');
    expect(price.params).toEqual([
      { name: 'order', kind: 'regular', annotation: 'Order' },
      { name: 'rate', kind: 'keyword_only', annotation: 'decimal.Decimal', default: 'RATE' },
    ]);
    expect(price.returns).toBe('decimal.Decimal');
    // Calls inside the generator expression belong to price; `order.lines` is a read.
    expect(calls(price)).toEqual(['call:sum@22', 'call:line.total@22', 'access:order.lines@22']);
  });
});

describe('shop/orders/models.py', () => {
  it('reads classes, bases, decorators, properties and nested classes', async () => {
    const record = await extractFixture('shop/orders/models.py');
    expect(record.symbols.map((s) => `${s.id}:${s.kind}`)).toEqual([
      'shop.orders.models:module',
      'shop.orders.models.Base:class',
      'shop.orders.models.Base.save:method',
      'shop.orders.models.Base.validate:method',
      'shop.orders.models.Order:class',
      'shop.orders.models.Order.total:method',
      'shop.orders.models.Order.total#2:method',
      'shop.orders.models.Order.save:method',
      'shop.orders.models.Order.refresh:method',
      'shop.orders.models.Order.Meta:class',
      'shop.orders.models.Repository:class',
      'shop.orders.models.Repository.store:method',
      'shop.orders.models.Repository.load:method',
    ]);
    const order = symbol(record, 'shop.orders.models.Order');
    expect(order.bases).toEqual(['Base']);
    expect(order.decorators).toEqual(['dataclasses.dataclass(frozen=True)']);
    expect(order.startLine).toBe(14);
    expect(order.docstring).toBe('An order.\n\nHolds lines.');
    expect(symbol(record, 'shop.orders.models.Order.total').decorators).toEqual(['property']);
    expect(symbol(record, 'shop.orders.models.Order.total#2').decorators).toEqual(['total.setter']);
    expect(symbol(record, 'shop.orders.models.Order.Meta').parent).toBe('shop.orders.models.Order');
  });

  it('charges decorators to the defining scope and records self bindings and super calls', async () => {
    const record = await extractFixture('shop/orders/models.py');
    const mod = symbol(record, 'shop.orders.models');
    expect(calls(mod, 'decorator')).toEqual(['decorator:dataclasses.dataclass()@14']);
    const order = symbol(record, 'shop.orders.models.Order');
    expect(calls(order)).toEqual([
      'call:dataclasses.field@21',
      'decorator:property@23',
      'decorator:total.setter@27',
    ]);
    const save = symbol(record, 'shop.orders.models.Order.save');
    expect(calls(save)).toEqual(['call:Repository@32', 'call:self.repo.store@33', 'call:super().save@34', 'call:super@34']);
    expect(save.bindings.map((b) => [b.target.join('.'), b.value && refText(b.value)])).toEqual([['self.repo', 'Repository()']]);
    const refresh = symbol(record, 'shop.orders.models.Order.refresh');
    expect(refresh.isAsync).toBe(true);
    expect(calls(refresh)).toEqual(['call:self.lock@37', 'call:self.repo.load@38', 'access:self.id@38']);
    expect(refresh.bindings.map((b) => b.target.join('.'))).toEqual(['held']);
  });
});

describe('tricky.py', () => {
  it('decodes docstring escapes like Python, except in raw strings', async () => {
    const record = await extractFixture('tricky.py');
    expect(symbol(record, 'tricky').docstring).toBe('Module docstring with an escape: café and a continued line.');
    expect(symbol(record, 'tricky.continued').docstring).toBe(
      // cleandoc expands the decoded tab to the next multiple of 8 columns, as Python does
      "Single-quoted, with a tab       here and a quote ' inside.",
    );
    expect(symbol(record, 'tricky.decorated').docstring).toBe('Raw: \\n stays as written.');
    expect(symbol(record, 'tricky.Outer').docstring).toBe('Outer.\n\nIndented with a tab.');
  });

  it('reads parameters across backslash continuations and keeps header text verbatim', async () => {
    const record = await extractFixture('tricky.py');
    const continued = symbol(record, 'tricky.continued');
    expect(continued.params).toEqual([
      { name: 'a', kind: 'regular' },
      { name: 'b', kind: 'regular', default: '1' },
      { name: 'c', kind: 'regular', default: '2' },
    ]);
    expect(continued.signature).toBe(
      "def continued(a, b=1, \\\n              c=2):\n    'Single-quoted, with a tab\\there and a quote \\' inside.'\n    ...",
    );
    const decorated = symbol(record, 'tricky.decorated');
    expect(decorated.decorators).toEqual(['functools.lru_cache(maxsize=None)', 'staticmethod']);
    expect(decorated.returns).toBe("'str'");
    expect(symbol(record, 'tricky.Outer.Inner.deep').params).toEqual([
      { name: 'self', kind: 'regular' },
      { name: 'args', kind: 'var_positional', annotation: 'int' },
      { name: 'key', kind: 'keyword_only', default: 'lambda k: k[0]' },
    ]);
    expect(record.symbols.map((s) => s.id)).toContain('tricky.conditional#2');
  });
});
