// A PR in a src/ layout names its changed symbols as the index does: by import name.
import { describe, expect, it } from 'vitest';
import { twoCommitPrFixture } from './prRepo.js';

const BODY = '    total = 0\n    for item in items:\n        total += item\n    return total\n';

const pr = twoCommitPrFixture(
  {
    'src/shop/__init__.py': '',
    'src/shop/cart.py': `def sum_items(items):\n${BODY}`,
    'src/shop/checkout.py': 'from shop.cart import sum_items\n\n\ndef pay(items):\n    return sum_items(items)\n',
    'tests/test_cart.py': 'from shop.cart import sum_items\n\n\ndef test_sum():\n    assert sum_items([1]) == 1\n',
  },
  // sum_items is renamed total_of; checkout.py follows, tests/test_cart.py does not (a true alarm).
  {
    'src/shop/cart.py': `def total_of(items):\n${BODY}`,
    'src/shop/checkout.py': 'from shop.cart import total_of\n\n\ndef pay(items):\n    return total_of(items)\n',
  },
);

describe('PR ids in a src/ layout', () => {
  it('changed symbols, move links and alarms use import names; files keep their paths', () => {
    const changed = pr.prepared.changes.changed.map((c) => `${c.change} ${c.id} ${c.file}${c.movedFrom ? ` from ${c.movedFrom}` : ''}${c.movedTo ? ` to ${c.movedTo}` : ''}`);
    expect(changed).toEqual([
      'removed shop.cart.sum_items src/shop/cart.py to shop.cart.total_of',
      'added shop.cart.total_of src/shop/cart.py from shop.cart.sum_items',
      'modified shop.checkout src/shop/checkout.py',
      'modified shop.checkout.pay src/shop/checkout.py',
    ]);
    for (const c of pr.prepared.changes.changed) if (c.change !== 'removed') expect(pr.prepared.index.byId.has(c.id)).toBe(true);
    expect(pr.prepared.removedReferences.map((r) => [r.id, r.sites.map((s) => `${s.file}:${s.line} ${s.via}`)])).toEqual([
      ['shop.cart.sum_items', ['tests/test_cart.py:1 import', 'tests/test_cart.py:5 call']],
    ]);
  });
});
