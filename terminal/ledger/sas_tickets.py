"""Tickets the casino system validates (SAS TITO, long polls 70 and 71): a ticket not ours, paid once.

A ticket inserted at a seat on SAS that this ledger does not know is held in the reader and logged
(``SAS_TICKET_INSERTED``); the seat's SAS machine offers it to the host (exception 67, 70), and the host
answers (71). Approved, the ticket is stacked and the seat credited from the ``sas_tickets`` account (the
casino system owes the table what it validated), counted on ``vouchers_in`` like any ticket in, and closed
in ``voucher_actions`` (``SAS_TICKET_REDEEM``): the ledger's ``voucher_once`` index refuses a second
redemption of the same number, whatever the host says. Refused, it goes back to the player
(``SAS_TICKET_REFUSED``, with the host's code). Each ticket inserted ends in exactly one of the two.

>>> Ticket(1, "123", 0, "inserted", 0, 7).waiting
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import sqlite_utils

from terminal.ledger import accounts, events, journal, meters
from terminal.ledger.chain import Chain
from terminal.ledger.errors import VoucherError
from terminal.ledger.events import EventCode
from terminal.ledger.journal import Entry

CODES = (EventCode.SAS_TICKET_INSERTED, EventCode.SAS_TICKET_REDEEM, EventCode.SAS_TICKET_REFUSED)
STATES = {
    int(EventCode.SAS_TICKET_INSERTED): "inserted",
    int(EventCode.SAS_TICKET_REDEEM): "redeemed",
    int(EventCode.SAS_TICKET_REFUSED): "refused",
}


@dataclass(frozen=True, slots=True)
class Ticket:
    """A seat's last SAS ticket as the ledger has it: ``state`` inserted, redeemed or refused."""

    seat: int
    number: str
    amount: int
    state: str
    code: int  # refused: the status 71 reports (80 the host refused it, 84 over the credit limit...)
    event: int

    @property
    def waiting(self) -> bool:
        return self.state == "inserted"


def check(number: str) -> str:
    """``number`` if it is a ticket's 18 digits; :class:`VoucherError` otherwise."""
    if re.fullmatch(r"[0-9]{18}", number) is None:
        raise VoucherError(f"ticket {number!r}: a validation number is 18 digits")
    return number


def last(db: sqlite_utils.Database, seat: int) -> Ticket | None:
    """The seat's last SAS ticket (the newest of its inserted, redeemed and refused events)."""
    row = db.execute(
        "SELECT id, code, detail FROM events WHERE code IN (?, ?, ?) AND seat = ? ORDER BY id DESC LIMIT 1",
        [*map(int, CODES), seat],
    ).fetchone()
    if row is None:
        return None
    detail = json.loads(row[2])
    return Ticket(seat, str(detail["number"]), int(detail.get("amount", 0)), STATES[row[1]],
                  int(detail.get("code", 0)), row[0])  # fmt: skip


def waiting(db: sqlite_utils.Database) -> list[Ticket]:
    """Every seat's ticket still inserted (no word yet): what a restarted controller must give back."""
    seats = [seat for (seat,) in db.execute(
        "SELECT DISTINCT seat FROM events WHERE code = ?", [int(EventCode.SAS_TICKET_INSERTED)])]  # fmt: skip
    found = [last(db, seat) for seat in seats]
    return [t for t in found if t is not None and t.waiting]


def inserted(chain: Chain, time: str, seat: int, number: str) -> int:
    """Log a ticket not ours held in ``seat``'s reader for the casino system's word (inside a transaction)."""
    return events.log(chain, time, EventCode.SAS_TICKET_INSERTED, seat=seat, detail={"number": check(number)})


def paid(db: sqlite_utils.Database, number: str) -> str | None:
    """When ``number`` was redeemed or voided in this ledger (ours or the casino system's), or ``None``."""
    row = db.execute(
        "SELECT action, time FROM voucher_actions WHERE number = ? AND action IN ('redeem', 'void')", [number]
    ).fetchone()
    return None if row is None else f"{row[0]}ed at {row[1]}"


def redeem(chain: Chain, time: str, seat: int, number: str, amount: int) -> int:
    """Credit ``seat`` with ``amount`` for ticket ``number`` the casino system validated; returns the
    journal txn id. A number already redeemed here is refused (:class:`VoucherError`), nothing posted."""
    check(number)
    if amount <= 0:
        raise VoucherError(f"ticket {number}: amount {amount} is not a positive amount")
    before = paid(chain.db, number)
    if before is not None:
        raise VoucherError(f"ticket {number} was {before} already; refused")
    postings = {accounts.SAS_TICKETS: -amount, accounts.seat_credits(seat): amount}
    entry = Entry("voucher_in", time, seat, None, number, memo="casino system (SAS 71)")
    txn = journal.post(chain, entry, postings)
    why = "validated by the casino system (SAS 71)"
    row = (number, "redeem", seat, time, None, None, None, None, why, txn)
    chain.append("voucher_actions", [row])
    meters.bump(chain.db, {"vouchers_in": amount, "vouchers_in_count": 1})
    detail = {"number": number, "amount": amount}
    events.log(chain, time, EventCode.SAS_TICKET_REDEEM, seat=seat, detail=detail)
    return txn


def refuse(chain: Chain, time: str, seat: int, number: str, code: int, reason: str) -> int:
    """Log the ticket given back: the host refused it (its 71 ``code``) or the table could not take it."""
    detail = {"number": number, "code": code, "reason": reason}
    return events.log(chain, time, EventCode.SAS_TICKET_REFUSED, seat=seat, detail=detail)


def redemption_on(db: sqlite_utils.Database, seat: int) -> bool:
    """Whether the casino system lets ``seat`` redeem tickets not ours (the last ``SAS_REDEMPTION`` of the
    seat, 7B control bit 5; on until the host turns it off)."""
    row = db.execute(
        "SELECT detail FROM events WHERE code = ? AND seat = ? ORDER BY id DESC LIMIT 1",
        [int(EventCode.SAS_REDEMPTION), seat],
    ).fetchone()
    return row is None or bool(json.loads(row[0]).get("enabled", True))
