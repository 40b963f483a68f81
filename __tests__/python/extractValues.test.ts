// The value facts extraction records for the resolver: call arguments, `return` values, container
// literals bound to names, `for` iterables and `except ... as` bindings.
import { describe, expect, it } from 'vitest';
import { MAX_ARGS_TEXT, MAX_ELEMENTS } from '../../src/python/extractValues.js';
import { extract, py, refText, symbol } from './extractHarness.js';

describe('call arguments', () => {
  it('records positional and keyword values, up to a splat, only when one can name something', async () => {
    const record = await extract(py`
      def f():
          apply(double, 3)
          each(items, callback=shout, **extra)
          log("x", 1)
          spread(a, *rest, b)
          noargs()
    `);
    const sites = symbol(record, 'pkg.mod.f').calls.map((c) => [
      refText(c.callee),
      c.args?.map(refText),
      c.keywords?.map((k) => `${k.name}=${refText(k.value)}`),
    ]);
    expect(sites).toEqual([
      ['apply', ['double', '<other>'], undefined],
      ['each', ['items'], ['callback=shout']],
      ['log', undefined, undefined],
      ['spread', ['a'], undefined],
      ['noargs', undefined, undefined],
    ]);
  });

  it('skips argument lists longer than the cap, so deep nesting stays linear', async () => {
    const long = `f(${'a, '.repeat(MAX_ARGS_TEXT)}b)\n`;
    expect(symbol(await extract(long), 'pkg.mod').calls[0]!.args).toBeUndefined();
    // As deep as Python's tokenizer allows (200 brackets); deeper nesting is refused before extraction.
    const nested = `${'f('.repeat(190)}x${')'.repeat(190)}\n`;
    const calls = symbol(await extract(nested), 'pkg.mod').calls;
    expect(calls).toHaveLength(190);
    expect(calls[calls.length - 1]!.args?.map(refText)).toEqual(['x']);
  });
});

describe('return values', () => {
  it('keeps the values of the function’s own returns, not those of nested definitions', async () => {
    const record = await extract(py`
      def make(kind):
          def inner():
              return Inner()
          if kind:
              return Circle()
          return
          return 42

      def table():
          return [f, g]
    `);
    expect(symbol(record, 'pkg.mod.make').returnValues?.map(refText)).toEqual(['Circle()']);
    expect(symbol(record, 'pkg.mod.make.inner').returnValues?.map(refText)).toEqual(['Inner()']);
    expect(symbol(record, 'pkg.mod.table').returnValues?.map(refText)).toEqual(['[f, g]']);
  });
});

describe('containers, loops and except', () => {
  it('reads list, tuple, set and dict literals three levels deep, dict values only', async () => {
    const record = await extract(py`
      PIPELINE = [first, second, "name", 3]
      STEPS = load, save
      CHECKS = {check_a, check_b}
      HANDLERS = {"a": on_a, "b": mod.on_b, **more}
      NESTED = [[f], g]
      STRINGS = ["a", "b"]
      PAREN = (single)
    `);
    const values = Object.fromEntries(symbol(record, 'pkg.mod').bindings.map((b) => [b.target[0], b.value && refText(b.value)]));
    expect(values).toEqual({
      PIPELINE: '[first, second]',
      STEPS: '[load, save]',
      CHECKS: '[check_a, check_b]',
      HANDLERS: '{on_a, mod.on_b}',
      NESTED: '[[f], g]',
      STRINGS: '<other>',
      PAREN: 'single',
    });
  });

  it('turns containers with more than MAX_ELEMENTS kept items into `other`', async () => {
    const names = Array.from({ length: MAX_ELEMENTS + 1 }, (_, i) => `f${i}`).join(', ');
    const record = await extract(`BIG = [${names}]\n`);
    expect(symbol(record, 'pkg.mod').bindings[0]!.value).toEqual({ t: 'other' });
  });

  it('binds a for target to an element of its iterable, an unpacking target to its position in that element', async () => {
    const record = await extract(py`
      def run(self):
          for fn in PIPELINE:
              fn()
          for h in HANDLERS.values():
              h()
          for k, v in pairs:
              pass
    `);
    const bindings = symbol(record, 'pkg.mod.run').bindings.map((b) => [b.target.join('.'), b.value && refText(b.value)]);
    expect(bindings).toEqual([
      ['fn', 'iter(PIPELINE)'],
      ['h', 'iter(HANDLERS.values())'],
      ['k', 'iter(iter(pairs))#0'],
      ['v', 'iter(iter(pairs))#1'],
    ]);
  });

  it('binds `except E as err` with E as annotation, a tuple as a union', async () => {
    const record = await extract(py`
      def f():
          try:
              pass
          except errors.DbError as err:
              pass
          except (KeyError, AppError) as exc:
              pass
          except Exception:
              pass
    `);
    expect(symbol(record, 'pkg.mod.f').bindings.map((b) => [b.target[0], b.annotation, b.value])).toEqual([
      ['err', 'errors.DbError', undefined],
      ['exc', 'KeyError | AppError', undefined],
    ]);
  });
});
