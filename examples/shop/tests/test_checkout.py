import pytest

from shop import Cart, Product, checkout
from shop.inventory import Inventory, OutOfStock
from shop.payments import FakeGateway, PaymentError
from shop.pricing import apply_discount, quote


def make_cart(code=None):
    cart = Cart(discount_code=code, customer_id="c1")
    cart.add(Product("tea", "Tea", 500), 2)
    return cart


def test_discount_applies():
    assert apply_discount(1000, "WELCOME10") == 900


def test_quote_total_includes_tax():
    assert quote(make_cart())["total"] == 1210


def test_checkout_releases_stock_when_payment_fails():
    inventory = Inventory({"tea": 5})
    with pytest.raises(PaymentError):
        checkout(make_cart(), inventory, FakeGateway(limit_cents=1))
    assert inventory.available("tea") == 5


def test_out_of_stock():
    with pytest.raises(OutOfStock):
        checkout(make_cart(), Inventory({"tea": 1}), FakeGateway())
