"""The accounts of the double-entry journal and their balances.

Each seat has two accounts: its credits, and its wagers in play (a pending side wager stays with the seat
after a cash-out, so its result still lands in that seat's credits). Money enters through the cash box and
vouchers in, leaves through vouchers out, hand-pays and cancelled credits; the house account takes losses
and pays wins. A balance is positive when the account holds money, so every transaction sums to zero.

>>> seat_credits(3), in_play(3)
('seat:3:credits', 'seat:3:in_play')
>>> kind_of("seat:3:in_play"), seat_of("seat:3:in_play")
('in_play', 3)
"""

from __future__ import annotations

from collections.abc import Iterable

import sqlite_utils

HOUSE = "house"
CASH_BOX = "cash_box"
VOUCHER_LIABILITY = "voucher_liability"
HANDPAY = "handpay"
CANCELLED = "cancelled"
VOIDED = "voided"
#: Vouchers of other tables paid here (negative: the floor owes us) and ours paid elsewhere (positive).
FLOOR_VOUCHERS = "floor_vouchers"
#: Money the casino system moved between player accounts and seats (SAS AFT): negative when more came in
#: from the accounts than went back to them.
AFT = "aft"
#: Tickets of the casino system's own (not ours) that it validated and we paid (SAS 70/71): it owes us.
SAS_TICKETS = "sas_tickets"
FIXED = (HOUSE, CASH_BOX, VOUCHER_LIABILITY, HANDPAY, CANCELLED, VOIDED, FLOOR_VOUCHERS, AFT, SAS_TICKETS)

#: Accounts that may never go below zero: a seat cannot spend credits it does not have.
NON_NEGATIVE = ("credits", "in_play", VOUCHER_LIABILITY)


def seat_credits(seat: int) -> str:
    """The account of the credits on ``seat``."""
    return f"seat:{seat}:credits"


def in_play(seat: int) -> str:
    """The account of the wagers ``seat`` has in play."""
    return f"seat:{seat}:in_play"


def kind_of(account: str) -> str:
    """``credits``, ``in_play`` or the fixed account's own name; unknown names raise ``ValueError``."""
    if account in FIXED:
        return account
    parts = account.split(":")
    if len(parts) == 3 and parts[0] == "seat" and parts[1].isdigit() and parts[2] in ("credits", "in_play"):
        return parts[2]
    raise ValueError(f"unknown account {account!r}")


def seat_of(account: str) -> int | None:
    """The seat an account belongs to, or ``None`` for the table's own accounts."""
    return int(account.split(":")[1]) if account.startswith("seat:") else None


def balances(db: sqlite_utils.Database, accounts: Iterable[str]) -> dict[str, int]:
    """Current balances of ``accounts`` (0 for an account never posted to)."""
    names = list(dict.fromkeys(accounts))
    found = dict.fromkeys(names, 0)
    if names:
        marks = ", ".join("?" * len(names))
        for name, balance in db.execute(
            f"SELECT account, balance FROM balances WHERE account IN ({marks})", names
        ):
            found[name] = balance
    return found


def all_balances(db: sqlite_utils.Database) -> dict[str, int]:
    """Every account's balance."""
    return dict(db.execute("SELECT account, balance FROM balances ORDER BY account"))


def seat_balance(db: sqlite_utils.Database, seat: int) -> int:
    """Credits on ``seat``."""
    return balances(db, [seat_credits(seat)])[seat_credits(seat)]
