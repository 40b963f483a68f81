"""Subtotals, discounts and tax for a cart."""
from .models import Cart
from .util.money import legacy_round, percent_of

DISCOUNT_CODES = {"WELCOME10": 10, "SPRING20": 20}
VAT_PERCENT = 21


def compute_subtotal(cart: Cart) -> int:
    """Sum of every line item's total, in cents."""
    return sum(item.total_cents() for item in cart.items)


def apply_discount(subtotal: int, code: str | None) -> int:
    """Apply a discount code to a subtotal; unknown codes give no discount."""
    if not code:
        return subtotal
    percent = DISCOUNT_CODES.get(code.upper(), 0)
    return subtotal - percent_of(subtotal, percent)


def compute_tax(amount: int) -> int:
    """Value-added tax on an amount in cents."""
    return percent_of(amount, VAT_PERCENT)


def quote(cart: Cart) -> dict[str, int]:
    """Price a cart: subtotal, discount, tax and total, all in cents."""
    subtotal = compute_subtotal(cart)
    discounted = apply_discount(subtotal, cart.discount_code)
    tax = compute_tax(discounted)
    return {
        "subtotal": subtotal,
        "discount": subtotal - discounted,
        "tax": tax,
        "total": discounted + tax,
    }


def quote_v1(cart: Cart) -> float:
    """Deprecated float total used by the v1 API."""
    return legacy_round(quote(cart)["total"] / 1.0)
