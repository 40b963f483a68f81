"""A miniature shop: catalogue, cart, pricing, inventory and checkout."""
from .models import Cart, LineItem, Product
from .checkout import checkout

__all__ = ["Cart", "LineItem", "Product", "checkout"]
