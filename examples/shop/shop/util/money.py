"""Money arithmetic in integer cents, so rounding never drifts."""
from decimal import ROUND_HALF_UP, Decimal


def to_cents(amount: str) -> int:
    """Parse a decimal string such as '12.50' into cents."""
    value = Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    return int(value * 100)


def format_money(cents: int, currency: str = "EUR") -> str:
    """Render cents as a human-readable amount, e.g. 1250 -> '12.50 EUR'."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d} {currency}"


def percent_of(cents: int, percent: int) -> int:
    """Return percent% of an amount in cents, rounded half up."""
    return (cents * percent + 50) // 100


def legacy_round(cents: float) -> int:
    """Old float rounding kept for the v1 API; prefer integer cents."""
    return int(round(cents))
