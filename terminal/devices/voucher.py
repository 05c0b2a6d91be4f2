"""Cash-out vouchers: the validation number and the printed ticket, as text lines plus a barcode.

>>> from datetime import datetime
>>> ticket = render_ticket(Voucher("Keystone Casino", "T-01", 3, datetime(2026, 5, 1, 21, 5, 9), 123450,
...                                "001234567890123456", None))
>>> print("\\n".join(ticket.lines))
CASHOUT VOUCHER
Keystone Casino
TABLE T-01  SEAT 3
2026-05-01  21:05:09
VALIDATION 00-1234-5678-9012-3456
$1,234.50
ONE THOUSAND TWO HUNDRED THIRTY-FOUR DOLLARS AND 50 CENTS
NO EXPIRATION
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime

from terminal.devices.barcode import Barcode, interleaved_2_of_5
from terminal.money import USD, Currency, amount_in_words, check_amount, format_amount

_VALIDATION = re.compile(r"[0-9]{18}")


class ValidationNumberError(ValueError):
    """A validation number that is not 18 decimal digits."""


def check_validation(number: str) -> str:
    """Return ``number`` if it is 18 decimal digits, else raise :class:`ValidationNumberError`.

    >>> check_validation("12-3456")
    Traceback (most recent call last):
    ...
    terminal.devices.voucher.ValidationNumberError: validation number '12-3456' is not 18 digits
    """
    if _VALIDATION.fullmatch(number) is None:
        raise ValidationNumberError(f"validation number {number!r} is not 18 digits")
    return number


def format_validation(number: str) -> str:
    """The printed grouping ``00-0000-0000-0000-0000``."""
    digits = check_validation(number)
    return "-".join((digits[:2], digits[2:6], digits[6:10], digits[10:14], digits[14:]))


@dataclass(frozen=True, slots=True)
class Voucher:
    """A cashable cash-out voucher as issued by the controller (the ledger holds the liability)."""

    venue: str
    table_id: str
    seat: int
    issued_at: datetime
    amount: int
    validation: str
    expires: date | None
    currency: Currency = USD
    address: str = ""  # the venue's address ([table] address)
    reprinted_at: datetime | None = None  # a reprint of this voucher, and when: marked on the ticket

    def __post_init__(self) -> None:
        check_amount(self.amount)
        check_validation(self.validation)
        if self.amount == 0:
            raise ValueError("a voucher for 0 is never printed")


@dataclass(frozen=True, slots=True)
class Ticket:
    """What the printer puts on paper: text lines, then the barcode of the validation number."""

    lines: tuple[str, ...]
    barcode: Barcode


def render_ticket(voucher: Voucher) -> Ticket:
    """Lay out a voucher: venue and its address, table and seat, date and time, validation number, amount
    in figures and words, expiry, and the Interleaved 2 of 5 barcode of the 18 digits; a reprint says so
    in its title and on its last line (when it was reprinted)."""
    expiry = f"VOID AFTER {voucher.expires.isoformat()}" if voucher.expires else "NO EXPIRATION"
    reprint = voucher.reprinted_at
    title = "CASHOUT VOUCHER" if reprint is None else "CASHOUT VOUCHER - REPRINT"
    lines = (
        title,
        voucher.venue,
        *((voucher.address,) if voucher.address else ()),
        f"TABLE {voucher.table_id}  SEAT {voucher.seat}",
        voucher.issued_at.strftime("%Y-%m-%d  %H:%M:%S"),
        f"VALIDATION {format_validation(voucher.validation)}",
        format_amount(voucher.amount, voucher.currency),
        amount_in_words(voucher.amount, voucher.currency),
        expiry,
        *((reprint.strftime("REPRINTED %Y-%m-%d  %H:%M:%S - NOT A NEW VOUCHER"),) if reprint else ()),
    )
    return Ticket(lines, interleaved_2_of_5(voucher.validation))
