"""Money the casino system moves between a player's account and a seat (SAS AFT, long poll 72).

A transfer *in* takes credits from the player accounts the casino system keeps (the ``aft`` account) to
the seat's credits; a transfer *out* puts the seat's credits back. Each is one journal transaction with
its meters (``aft_in``/``aft_out`` and their counts) and its event (``AFT_TRANSFER``), as a bill or a
hand-pay is. A transfer the table refuses (a round in play, a tilt, not enough credits, over the credit
limit) moves nothing and is logged once (``AFT_REFUSED``, with its SAS status code).

**The transaction id is the idempotency key.** A seat's transfer is known by (seat, transaction id): the
first word on it, applied or refused, is the only one; a repeat of it (the host sent it again, the SAS
process re-sent it after the controller restarted) finds :func:`record` and moves nothing. The check and
the posting are in the same ledger transaction, so a kill at any instant leaves the transfer applied
once or not at all.

>>> Record(3, "T1", "in", 500, 0, "", 0).applied
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import sqlite_utils

from terminal.ledger import accounts, events, journal, meters
from terminal.ledger.chain import Chain
from terminal.ledger.errors import InsufficientCreditsError
from terminal.ledger.events import EventCode
from terminal.ledger.journal import Entry
from terminal.money import check_amount

DIRECTIONS = ("in", "out")
#: SAS transfer status codes the table gives (the SAS process adds its own before asking the table).
COMPLETE = 0x00
UNABLE = 0x87  # the gaming machine is unable to perform transfers at this time (round in play, tilt)
BAD_AMOUNT = 0x83  # not a valid transfer amount (more than the seat holds)
OVER_LIMIT = 0x84  # the transfer amount exceeds the gaming machine's transfer limit (the credit limit)
UNEXPECTED = 0x9F  # the SAS process lost the request before the table heard it (a restart)


@dataclass(frozen=True, slots=True)
class Record:
    """The ledger's word on one transfer: ``status`` 0 applied, else the SAS status it was refused with."""

    seat: int
    transaction: str
    direction: str
    amount: int
    status: int
    time: str
    event: int  # the event's id: its order among the seat's transfers

    @property
    def applied(self) -> bool:
        return self.status == COMPLETE


def record(db: sqlite_utils.Database, seat: int, transaction: str) -> Record | None:
    """The ledger's word on ``transaction`` at ``seat``, or ``None`` if it has none."""
    rows = db.execute(
        "SELECT id, time, code, seat, detail FROM events WHERE code IN (?, ?) AND seat = ? "
        "AND json_extract(detail, '$.transaction') = ? ORDER BY id LIMIT 1",
        [int(EventCode.AFT_TRANSFER), int(EventCode.AFT_REFUSED), seat, transaction],
    ).fetchall()
    return _record(rows[0]) if rows else None


def history(db: sqlite_utils.Database, seat: int, after: int = 0) -> list[Record]:
    """The seat's transfers (applied and refused) after event ``after``, oldest first."""
    rows = db.execute(
        "SELECT id, time, code, seat, detail FROM events WHERE code IN (?, ?) AND seat = ? AND id > ? "
        "ORDER BY id",
        [int(EventCode.AFT_TRANSFER), int(EventCode.AFT_REFUSED), seat, after],
    ).fetchall()
    return [_record(row) for row in rows]


def _record(row: tuple[int, str, int, int, str]) -> Record:
    event, time, code, seat, text = row
    detail = json.loads(text)
    status = COMPLETE if code == EventCode.AFT_TRANSFER else int(detail["status"])
    return Record(seat, str(detail["transaction"]), str(detail["direction"]), int(detail["amount"]), status,
                  time, event)  # fmt: skip


def transfer(chain: Chain, time: str, seat: int, transaction: str, direction: str, amount: int) -> Record:
    """Apply ``transaction`` once (inside ``chain.transaction``): the ledger's record of it, new or old."""
    known = record(chain.db, seat, transaction)
    if known is not None:
        return known
    if direction not in DIRECTIONS:
        raise ValueError(f"an AFT transfer is in or out, not {direction!r}")
    if check_amount(amount) == 0:
        raise InsufficientCreditsError(f"seat {seat}: an AFT transfer of 0")
    credits = accounts.seat_credits(seat)
    postings = {accounts.AFT: -amount, credits: amount}
    if direction == "out":
        postings = {credits: -amount, accounts.AFT: amount}
    txn = journal.post(chain, Entry(f"aft_{direction}", time, seat, None, transaction), postings)
    meters.bump(chain.db, {f"aft_{direction}": amount, f"aft_{direction}_count": 1})
    detail = {"transaction": transaction, "direction": direction, "amount": amount, "txn": txn}
    event = events.log(chain, time, EventCode.AFT_TRANSFER, seat=seat, detail=detail)
    return Record(seat, transaction, direction, amount, COMPLETE, time, event)


def refuse(chain: Chain, time: str, seat: int, transaction: str, direction: str, amount: int, status: int,
           reason: str) -> Record:  # fmt: skip
    """Log ``transaction`` refused with SAS ``status`` (inside ``chain.transaction``); nothing moves. A
    transaction the ledger already has a word on keeps it."""
    known = record(chain.db, seat, transaction)
    if known is not None:
        return known
    detail = {"transaction": transaction, "direction": direction, "amount": amount, "status": status,
              "reason": reason}  # fmt: skip
    event = events.log(chain, time, EventCode.AFT_REFUSED, seat=seat, detail=detail)
    return Record(seat, transaction, direction, amount, status, time, event)
