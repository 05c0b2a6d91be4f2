"""Vouchers (TITO): issued for a seat's credits, redeemed once, voided by two people, expiring.

The validation number is 18 digits: 17 drawn from the injected ``randbelow`` (the certified RNG at the
table) and a Luhn check digit, so a mistyped number is caught before any lookup and the next number cannot
be guessed from the last.

>>> check_digit("7992739871")
'3'
>>> validation_number(lambda n: 12345678901234567)
'123456789012345671'
>>> check_number("123456789012345675")
Traceback (most recent call last):
...
terminal.ledger.errors.VoucherError: voucher 123456789012345675: check digit does not match
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sqlite_utils

from terminal.ledger import accounts, events, journal, meters, sas_validation
from terminal.ledger.chain import Chain
from terminal.ledger.errors import VoucherError
from terminal.ledger.events import EventCode
from terminal.ledger.journal import Entry
from terminal.ledger.records import Actor

DIGITS = 18


def check_digit(body: str) -> str:
    """The Luhn check digit of the digits ``body``."""
    total = 0
    for position, char in enumerate(reversed(body)):
        digit = int(char) * (2 if position % 2 == 0 else 1)
        total += digit - 9 if digit > 9 else digit
    return str(-total % 10)


def validation_number(randbelow: Callable[[int], int]) -> str:
    """A fresh 18-digit validation number: 17 random digits and the check digit."""
    body = f"{randbelow(10 ** (DIGITS - 1)):0{DIGITS - 1}d}"
    return body + check_digit(body)


def check_number(number: str) -> str:
    """``number`` if it is 18 digits with a matching check digit (or, printed at a seat on SAS, a
    secure-enhanced validation number: :mod:`terminal.ledger.sas_validation`), else :class:`VoucherError`."""
    if len(number) != DIGITS or not number.isascii() or not number.isdigit():
        raise VoucherError(f"voucher {number!r}: a validation number is {DIGITS} digits")
    if check_digit(number[:-1]) != number[-1] and not sas_validation.valid(number):
        raise VoucherError(f"voucher {number}: check digit does not match")
    return number


@dataclass(frozen=True, slots=True)
class Voucher:
    """A voucher and where it stands: ``outstanding``, ``redeemed``, ``voided`` or ``expired``."""

    number: str
    seat: int
    amount: int
    issued_at: str
    expires_at: str | None
    state: str
    closed_at: str | None = None


def lookup(db: sqlite_utils.Database, number: str, time: str) -> Voucher:
    """The voucher ``number`` as it stands at ``time``; an unknown number raises :class:`VoucherError`."""
    row = db.execute(
        "SELECT number, seat, amount, issued_at, expires_at FROM vouchers WHERE number = ?",
        [check_number(number)],
    ).fetchone()
    if row is None:
        raise VoucherError(f"voucher {number} is unknown")
    closed = db.execute(
        "SELECT action, time FROM voucher_actions WHERE number = ? AND action IN ('redeem', 'void')", [number]
    ).fetchone()
    if closed:
        state = "redeemed" if closed[0] == "redeem" else "voided"
        return Voucher(row[0], row[1], row[2], row[3], row[4], state, closed[1])
    expired = row[4] is not None and time >= row[4]
    return Voucher(row[0], row[1], row[2], row[3], row[4], "expired" if expired else "outstanding")


def issue(chain: Chain, time: str, expires_at: str | None, seat: int, amount: int, number: str) -> Voucher:
    """Move ``amount`` of the seat's credits to the voucher liability under ``number`` (in a transaction)."""
    if amount <= 0:
        raise VoucherError(f"seat {seat}: no credits to print a voucher for (amount {amount})")
    postings = {accounts.seat_credits(seat): -amount, accounts.VOUCHER_LIABILITY: amount}
    txn = journal.post(chain, Entry("voucher_out", time, seat, None, number), postings)
    chain.append("vouchers", [(number, seat, amount, time, expires_at, txn)])
    meters.bump(chain.db, {"vouchers_out": amount, "vouchers_out_count": 1})
    events.log(chain, time, EventCode.VOUCHER_ISSUE, seat=seat, detail={"number": number, "amount": amount})
    return Voucher(number, seat, amount, time, expires_at, "outstanding")


def redeem(chain: Chain, time: str, number: str, seat: int, extra: Mapping[str, Any] | None = None) -> int:
    """Credit ``seat`` with an outstanding voucher's amount and return it; refusals raise VoucherError.

    ``extra`` joins the event's detail (``{"floor": True}``: the floor's bucket already says redeemed)."""
    voucher = lookup(chain.db, number, time)
    if voucher.state != "outstanding":
        when = f" at {voucher.closed_at}" if voucher.closed_at else f" at {voucher.expires_at}"
        raise VoucherError(f"voucher {number} is {voucher.state}{when}; refused")
    postings = {accounts.VOUCHER_LIABILITY: -voucher.amount, accounts.seat_credits(seat): voucher.amount}
    txn = journal.post(chain, Entry("voucher_in", time, seat, None, number), postings)
    chain.append("voucher_actions", [(number, "redeem", seat, time, None, None, None, None, None, txn)])
    meters.bump(chain.db, {"vouchers_in": voucher.amount, "vouchers_in_count": 1})
    detail = {"number": number, "amount": voucher.amount, **(extra or {})}
    events.log(chain, time, EventCode.VOUCHER_REDEEM, seat=seat, detail=detail)
    return voucher.amount


def log_refusal(chain: Chain, time: str, number: str, seat: int | None, reason: str) -> None:
    """Record a refused redemption (its own transaction, so the refusal survives the raised error)."""
    chain.append("voucher_actions", [(number, "refused", seat, time, None, None, None, None, reason, None)])
    events.log(chain, time, EventCode.VOUCHER_REFUSED, seat=seat, detail={"number": number, "reason": reason})


def void(chain: Chain, time: str, number: str, first: Actor, second: Actor, reason: str) -> Voucher:
    """Void an outstanding (or expired) voucher: two distinct users and a reason are required."""
    if first.name == second.name:
        raise VoucherError(f"voucher {number}: a void needs two different users, not {first.name} twice")
    if not reason.strip():
        raise VoucherError(f"voucher {number}: a void needs a reason")
    voucher = lookup(chain.db, number, time)
    if voucher.state not in ("outstanding", "expired"):
        raise VoucherError(f"voucher {number} is {voucher.state} at {voucher.closed_at}; cannot void")
    postings = {accounts.VOUCHER_LIABILITY: -voucher.amount, accounts.VOIDED: voucher.amount}
    txn = journal.post(
        chain, Entry("voucher_void", time, voucher.seat, None, number, first, reason), postings
    )
    row = (number, "void", voucher.seat, time, first.name, first.role, second.name, second.role, reason, txn)
    chain.append("voucher_actions", [row])
    meters.bump(chain.db, {"vouchers_voided": voucher.amount, "vouchers_voided_count": 1})
    detail = {"number": number, "amount": voucher.amount, "reason": reason, "second_user": second.name,
              "second_role": second.role}  # fmt: skip
    events.log(chain, time, EventCode.VOUCHER_VOID, seat=voucher.seat, actor=first, detail=detail)
    return Voucher(
        voucher.number, voucher.seat, voucher.amount, voucher.issued_at, voucher.expires_at, "voided", time
    )


def recent(db: sqlite_utils.Database, limit: int, time: str) -> tuple[list[Voucher], list[Voucher]]:
    """The last ``limit`` vouchers issued here and the last ``limit`` redeemed here, newest first; a
    redeemed one's ``closed_at`` is when, its amount what the seat was credited (another table's too)."""
    issued = [
        lookup(db, number, time)
        for (number,) in db.execute("SELECT number FROM vouchers ORDER BY id DESC LIMIT ?", [limit])
    ]
    query = (
        "SELECT a.number, a.seat, a.time, (SELECT max(p.amount) FROM postings p WHERE p.txn_id = a.txn_id) "
        "FROM voucher_actions a WHERE a.action = 'redeem' ORDER BY a.id DESC LIMIT ?"
    )
    redeemed = [
        Voucher(number, int(seat or 0), int(amount or 0), when, None, "redeemed", when)
        for number, seat, when, amount in db.execute(query, [limit])
    ]
    return issued, redeemed


def end_of_day(db: sqlite_utils.Database, start: str, end: str) -> dict[str, int]:
    """Voucher counts and values for ``[start, end)``, and what is outstanding (and expired) at ``end``."""
    counts: dict[str, int] = {}
    issued = db.execute(
        "SELECT count(*), coalesce(sum(amount), 0) FROM vouchers WHERE issued_at >= ? AND issued_at < ?",
        [start, end],
    ).fetchone()
    counts["issued_count"], counts["issued_value"] = issued
    for action in ("redeem", "void", "refused"):
        row = db.execute(
            "SELECT count(*), coalesce(sum(v.amount), 0) FROM voucher_actions a LEFT JOIN vouchers v "
            "ON v.number = a.number WHERE a.action = ? AND a.time >= ? AND a.time < ?",
            [action, start, end],
        ).fetchone()
        counts[f"{action}_count"], counts[f"{action}_value"] = row
    open_ = db.execute(
        "SELECT count(*), coalesce(sum(amount), 0), "
        "coalesce(sum(expires_at IS NOT NULL AND expires_at <= ?), 0) "
        "FROM vouchers v WHERE issued_at < ? AND NOT EXISTS (SELECT 1 FROM voucher_actions a WHERE "
        "a.number = v.number AND a.action IN ('redeem', 'void') AND a.time < ?)",
        [end, end, end],
    ).fetchone()
    counts["outstanding_count"], counts["outstanding_value"], counts["expired_count"] = open_
    return counts
