// A src/ layout scanned from the repository root: the index names symbols by import name
// (`shop.cart.Cart.add`) while the base and head files read from git are parsed with path ids
// (`src.shop.cart.Cart.add`). A modified symbol's diff must still be cut at its own base span: lines
// added above it shift it, and its deleted lines must sit where git deleted them (pallets/click
// 831c8f09, scanned from the root, showed `NoSuchOption.__init__` with deleted lines from the wrong
// place, one of them missing, and no "Signature changed" line).
import { describe, expect, it } from 'vitest';
import { twoCommitPrFixture } from './prRepo.js';

const CART_BASE = [
  'class Cart:',
  '    def add(self, item, quantity: int = 1):',
  '        if quantity < 0:',
  '            raise ValueError("negative")',
  '        self.items.append((item, quantity))',
  '        return item',
  '',
].join('\n');

const CART_HEAD = [
  'def _check(quantity):',
  '    if quantity <= 0:',
  '        raise ValueError("not positive")',
  '',
  '',
  'class Cart:',
  '    def add(self, item, quantity: float = 1):',
  '        _check(quantity)',
  '        self.items.append((item, quantity))',
  '        return item',
  '',
].join('\n');

const pr = twoCommitPrFixture({ 'src/shop/__init__.py': '', 'src/shop/cart.py': CART_BASE }, { 'src/shop/cart.py': CART_HEAD });

describe('symbol diffs in a src/ layout scanned from the root', () => {
  it("a modified method's diff is git's, cut at its base span, with its signature change", () => {
    const add = pr.prepared.changed.find((c) => c.id === 'shop.cart.Cart.add');
    expect(add?.diff).toBe(
      [
        '--- a/src/shop/cart.py',
        '+++ b/src/shop/cart.py',
        '@@ -2,5 +7,4 @@',
        '-    def add(self, item, quantity: int = 1):',
        '-        if quantity < 0:',
        '-            raise ValueError("negative")',
        '+    def add(self, item, quantity: float = 1):',
        '+        _check(quantity)',
        '         self.items.append((item, quantity))',
        '         return item',
        '',
      ].join('\n'),
    );
    const views = pr.prepared.views.get('shop.cart.Cart.add') ?? [];
    // Its views that show code say the header change; its diffs show it as their `-`/`+` lines.
    expect(views.find((v) => v.mode === 'signature')?.notes).toContain('Signature changed: `def add(self, item, quantity: int = 1):` -> `def add(self, item, quantity: float = 1):`');
  });
});
