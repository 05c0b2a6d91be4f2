"""The table's one way of saying no to a seat: :class:`Refused`, with a code the seat's screen translates.

The round engine refuses wagers (``tilt``, ``locked``, ``limit``, ``credits``, ``rules``, ``lab``), the
cashier refuses money (``tilt``, ``credits``, ``voucher``, ``rules``); the controller turns either into
the protocol's ``Error`` reply and changes nothing.
"""

from __future__ import annotations


class Refused(ValueError):
    """A seat's intent the table refuses; ``code`` says why (tilt, locked, limit, credits, rules)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)
