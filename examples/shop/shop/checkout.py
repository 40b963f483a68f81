"""Checkout: price, reserve, charge, commit; roll back on failure."""
from dataclasses import dataclass

from .inventory import Inventory
from .models import Cart
from .payments import PaymentError, PaymentGateway
from .pricing import quote


@dataclass
class Order:
    """A paid order."""

    receipt_id: str
    total_cents: int


def checkout(cart: Cart, inventory: Inventory, gateway: PaymentGateway) -> Order:
    """Charge the customer for a cart and ship it from inventory.

    Stock is reserved before charging and released again if the payment fails,
    so a declined card never leaves stock stranded.
    """
    if cart.is_empty():
        raise ValueError("cannot check out an empty cart")
    prices = quote(cart)
    inventory.reserve(cart)
    try:
        receipt = gateway.charge(cart.customer_id or "guest", prices["total"])
    except PaymentError:
        inventory.release(cart)
        raise
    inventory.commit(cart)
    return Order(receipt_id=receipt, total_cents=prices["total"])
