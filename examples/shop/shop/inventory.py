"""Stock levels and reservations."""
from .models import Cart


class OutOfStock(Exception):
    """Raised when a reservation asks for more than is on hand."""

    def __init__(self, sku: str, wanted: int, available: int) -> None:
        super().__init__(f"{sku}: wanted {wanted}, only {available} available")
        self.sku = sku


class Inventory:
    """In-memory stock keyed by SKU, with reservations held until commit or release."""

    def __init__(self, stock: dict[str, int] | None = None) -> None:
        self.stock = dict(stock or {})
        self.reserved: dict[str, int] = {}

    def available(self, sku: str) -> int:
        """Units on hand and not reserved."""
        return self.stock.get(sku, 0) - self.reserved.get(sku, 0)

    def reserve(self, cart: Cart) -> None:
        """Reserve every line of a cart, or nothing if any line is short."""
        for item in cart.items:
            if self.available(item.product.sku) < item.quantity:
                raise OutOfStock(item.product.sku, item.quantity, self.available(item.product.sku))
        for item in cart.items:
            self.reserved[item.product.sku] = self.reserved.get(item.product.sku, 0) + item.quantity

    def release(self, cart: Cart) -> None:
        """Give back a cart's reservations."""
        for item in cart.items:
            self.reserved[item.product.sku] = max(0, self.reserved.get(item.product.sku, 0) - item.quantity)

    def commit(self, cart: Cart) -> None:
        """Turn a cart's reservations into shipped stock."""
        for item in cart.items:
            self.stock[item.product.sku] -= item.quantity
        self.release(cart)
