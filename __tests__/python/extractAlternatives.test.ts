// Values that are one of several expressions (`a if c else b`, `a or b`): read as any item of a
// literal of the alternatives, so a call through the name reaches each.
import { describe, expect, it } from 'vitest';
import { extract, py, refText, symbol } from './extractHarness.js';

describe('alternative values', () => {
  it('reads conditionals and `or` chains as any of their alternatives, nothing else', async () => {
    const record = await extract(py`
      class W:
          def __init__(self, safe, custom=None):
              self.add = self.add_safe if safe else self.add_fast
              self.fmt = custom or compact
              self.pick = verbose if safe else compact if custom else fallback
              self.name = "a" if safe else "b"
              self.key = lambda x: x if x else None
              self.call = (f if safe else g)(1)
              self.both = a or b if safe else c
              self.text = "if" + "else"
    `);
    const values = Object.fromEntries(symbol(record, 'pkg.mod.W.__init__').bindings.map((b) => [b.target.join('.'), b.value && refText(b.value)]));
    expect(values).toEqual({
      'self.add': '[self.add_safe, self.add_fast][]',
      'self.fmt': '[custom, compact][]',
      'self.pick': '[verbose, compact, fallback][]',
      'self.name': '<other>',
      'self.key': '<other>',
      'self.call': '<other>',
      'self.both': '<other>',
      'self.text': '<other>',
    });
  });

  it('finds the keywords only as whole words, names around them in any script', async () => {
    const record = await extract(py`
      def f(safe):
          a = modif or origin
          b = orélan or éif
          c = éif if safe else orélan
          d = x_or if safe else y_if
          e = naïve or lambdas
          g = or𝐱 or x
    `);
    const values = Object.fromEntries(symbol(record, 'pkg.mod.f').bindings.map((b) => [b.target.join('.'), b.value && refText(b.value)]));
    expect(values).toEqual({
      a: '[modif, origin][]',
      b: '[orélan, éif][]',
      c: '[éif, orélan][]',
      d: '[x_or, y_if][]',
      e: '[naïve, lambdas][]',
      g: '[orx, x][]',
    });
  });
});
