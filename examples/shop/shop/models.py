"""Catalogue and cart records."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .util.money import format_money


@dataclass(frozen=True)
class Product:
    """A sellable item with a stock-keeping unit and a unit price in cents."""

    sku: str
    name: str
    price_cents: int
    category: str = "general"

    def display_price(self) -> str:
        """The unit price as text."""
        return format_money(self.price_cents)


@dataclass
class LineItem:
    """A quantity of one product in a cart."""

    product: Product
    quantity: int = 1

    def total_cents(self) -> int:
        """Unit price times quantity."""
        return self.product.price_cents * self.quantity


@dataclass
class Cart:
    """A customer's cart: line items plus an optional discount code."""

    items: list[LineItem] = field(default_factory=list)
    discount_code: Optional[str] = None
    customer_id: Optional[str] = None

    def add(self, product: Product, quantity: int = 1) -> LineItem:
        """Add a product, merging with an existing line for the same SKU."""
        for item in self.items:
            if item.product.sku == product.sku:
                item.quantity += quantity
                return item
        line = LineItem(product, quantity)
        self.items.append(line)
        return line

    def remove(self, sku: str) -> None:
        """Drop every line for a SKU."""
        self.items = [item for item in self.items if item.product.sku != sku]

    def is_empty(self) -> bool:
        return not self.items
