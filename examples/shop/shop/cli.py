"""Command line demo: price and buy a fixed cart."""
import sys

from .checkout import checkout
from .inventory import Inventory
from .models import Cart, Product
from .payments import FakeGateway
from .util.money import format_money


def build_demo_cart(code: str | None) -> Cart:
    cart = Cart(discount_code=code, customer_id="demo")
    cart.add(Product("tea", "Green tea", 450), 2)
    cart.add(Product("mug", "Mug", 1200))
    return cart


def main(argv: list[str]) -> int:
    """Entry point: `python -m shop.cli [CODE]`."""
    cart = build_demo_cart(argv[1] if len(argv) > 1 else None)
    order = checkout(cart, Inventory({"tea": 10, "mug": 3}), FakeGateway())
    print(f"paid {format_money(order.total_cents)} ({order.receipt_id})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
