"""The exceptions a seat reports to the general poll, from the ledger's record, in order, none lost.

**Why a cursor, not a queue table.** A queue written in the ledger's own transactions would change how
every event is written (each writer would have to know the seats on SAS); a cursor over what the ledger
already records changes nothing there. The record is the queue: chained, durable, in order. The seat's
SAS store keeps how far the host has taken it (``state.SeatState.cursor``), advanced only when the host
acknowledges an exception, and written to disk before the next one is offered. So an exception offered
and not acknowledged (the host went away, the table restarted) is offered again, and none is skipped.

**Acknowledgement.** SAS acknowledges implicitly: the host's next poll to this machine acknowledges the
previous answer. A general poll answered with an exception leaves it *offered*; the next valid poll to
this machine, whatever it is, takes it (the cursor moves and is saved). A host that missed the answer and
polls again loses that one exception to SAS (never to the ledger): docs/sas.md says so.

**Overflow.** A machine holds ``[sas] exception_queue`` exceptions for an absent host; when more are
waiting, the oldest beyond that are passed over (they stay in the ledger's event log) and the host hears
70, *exception buffer overflow*, first.

>>> code_of(Happening("events", 1, "", 200, {"door": "cash_box"}))
25
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from terminal.ledger.events import EventCode
from terminal.ledger.seat_view import GAME_ENDED, GAME_STARTED, Happening, SeatView

NONE = 0x00
OVERFLOW = 0x70
DOOR_OPENED = {"main": 0x11, "logic": 0x15, "cash_box": 0x19}
DOOR_CLOSED = {"main": 0x12, "logic": 0x16, "cash_box": 0x1A}
FIXED = {
    int(EventCode.POWER_UP): 0x17,  # AC power was applied
    int(EventCode.POWER_DOWN): 0x18,  # AC power was lost
    int(EventCode.VOUCHER_ISSUE): 0x3D,  # a cash-out ticket was printed
    int(EventCode.VOUCHER_REDEEM): 0x67,  # a ticket was inserted (and taken)
    int(EventCode.BILL_STACKED): 0x4F,  # a bill was accepted
    int(EventCode.RAM_CLEAR): 0x7A,  # soft meters reset to zero: a new epoch
    int(EventCode.AFT_TRANSFER): 0x69,  # AFT transfer complete (the host interrogates 72 for its status)
    int(EventCode.AFT_REFUSED): 0x69,  # complete too: refused, the status says why
    int(EventCode.SAS_TICKET_INSERTED): 0x67,  # a ticket not ours was inserted: the host asks 70
    int(EventCode.SAS_TICKET_REDEEM): 0x68,  # ticket transfer complete (redeemed)
    int(EventCode.SAS_TICKET_REFUSED): 0x68,  # ticket transfer complete (given back: 71 FF says why)
}
HANDPAY_PENDING, HANDPAY_RESET = 0x51, 0x52
STARTED, ENDED = 0x7E, 0x7F


def code_of(happening: Happening) -> int | None:
    """The SAS exception code of a ledger happening, or ``None`` for one the host does not hear of."""
    if happening.source == "wagers" and happening.code == GAME_STARTED:
        return STARTED
    if happening.source == "round_seats" and happening.code == GAME_ENDED:
        return ENDED
    code, detail = happening.code, happening.detail
    if code == EventCode.DOOR_OPEN:
        return DOOR_OPENED.get(str(detail.get("door")), 0x11)
    if code == EventCode.DOOR_CLOSE:
        return DOOR_CLOSED.get(str(detail.get("door")), 0x12)
    if code == EventCode.TILT and detail.get("tilt") == "handpay":
        return HANDPAY_PENDING
    if code == EventCode.TILT_CLEARED and detail.get("tilt") == "handpay":
        return HANDPAY_RESET
    return FIXED.get(code)


@dataclass(frozen=True, slots=True)
class Pending:
    """An exception waiting for the host, and where the cursor goes once the host takes it."""

    code: int
    cursor: dict[str, int]


class ExceptionFeed:
    """The seat's waiting exceptions, read from the ledger after ``cursor`` (see the module docstring)."""

    def __init__(self, view: SeatView, cursor: dict[str, int], depth: int) -> None:
        self.view, self.depth = view, depth
        self.cursor = dict(cursor)  # what the host has taken
        self._read = dict(cursor)  # how far the ledger has been read into ``_waiting``
        self._waiting: deque[Pending] = deque()
        self.offered: Pending | None = None

    def refresh(self) -> None:
        """Read what the ledger recorded since the last read (only when it changed)."""
        if not self.view.changed():
            return
        while True:
            batch = self.view.happenings(self._read, self.depth + 1)
            for happening in batch:
                self._read[happening.source] = happening.row
                code = code_of(happening)
                if code is not None:
                    self._waiting.append(Pending(code, dict(self._read)))
            if len(batch) <= self.depth:
                break
            self._trim()
        self._trim()

    def _trim(self) -> None:
        if len(self._waiting) <= self.depth:
            return
        while len(self._waiting) > self.depth - 1:
            passed = self._waiting.popleft()
        self._waiting.appendleft(Pending(OVERFLOW, passed.cursor))

    def waiting(self) -> int:
        return len(self._waiting)

    def offer(self) -> int:
        """The oldest waiting exception's code (``00`` when none), offered until :meth:`acknowledge`."""
        self.offered = self._waiting[0] if self._waiting else None
        return self.offered.code if self.offered is not None else NONE

    def acknowledge(self) -> dict[str, int] | None:
        """The host took the offered exception: drop it; the new cursor to save, or ``None``."""
        taken, self.offered = self.offered, None
        if taken is None or not self._waiting or self._waiting[0] is not taken:
            return None
        self._waiting.popleft()
        self.cursor = dict(taken.cursor)
        return self.cursor
