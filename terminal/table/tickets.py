"""The ticket a seat's printer prints for a voucher the ledger issued, first time or as a marked reprint.

It carries the venue's name and address (``[table] venue``, ``address``), the table and seat, the time
the ledger issued it, the amount, the validation number and its expiry. A reprint (service mode's
``reprint_voucher``, for an outstanding voucher whose ticket never came out or was spoiled) is the same
voucher, the same number and issue time, marked REPRINT on the ticket with the time it was reprinted.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import TYPE_CHECKING

from terminal.devices.voucher import Voucher as PrintedVoucher
from terminal.money import find_currency

if TYPE_CHECKING:
    from terminal.table.table import Table

Printer = Callable[[int, PrintedVoucher], None]
"""A seat's printer: prints the ticket at that seat."""


def printed_voucher(
    table: Table, seat: int, number: str, amount: int, expires_at: str | None,
    issued_at: str | None = None, reprint: bool = False,
) -> PrintedVoucher:  # fmt: skip
    """The ticket for a voucher; ``issued_at`` is the ledger's time (now, for a voucher just issued)."""
    c = table.config
    expires = date.fromisoformat(expires_at[:10]) if expires_at else None
    now = table.clock.wall()
    issued = datetime.fromisoformat(issued_at.replace("Z", "+00:00")) if issued_at else now
    return PrintedVoucher(
        venue=c.table.venue,
        table_id=c.table.table_id,
        seat=seat,
        issued_at=issued,
        amount=amount,
        validation=number,
        expires=expires,
        currency=find_currency(c.money.currency),
        address=c.table.address,
        reprinted_at=now if reprint else None,
    )
