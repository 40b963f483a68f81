"""Payment gateways behind one small interface."""


class PaymentError(Exception):
    """A charge was declined or failed."""


class PaymentGateway:
    """Base class: charge an amount for a customer and return a receipt id."""

    def charge(self, customer_id: str, amount_cents: int) -> str:
        raise NotImplementedError

    def refund(self, receipt_id: str) -> None:
        raise NotImplementedError


class FakeGateway(PaymentGateway):
    """Accepts every charge below a limit; for tests and demos."""

    def __init__(self, limit_cents: int = 100_000) -> None:
        self.limit_cents = limit_cents
        self.receipts: list[str] = []

    def charge(self, customer_id: str, amount_cents: int) -> str:
        if amount_cents > self.limit_cents:
            raise PaymentError(f"declined: {amount_cents} over limit")
        receipt = f"r{len(self.receipts) + 1}-{customer_id}"
        self.receipts.append(receipt)
        return receipt

    def refund(self, receipt_id: str) -> None:
        self.receipts.remove(receipt_id)
