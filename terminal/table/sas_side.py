"""What the casino system's SAS says to the table: a seat disabled or enabled, a host silent or back.

Only the ``sas`` client (``terminal sas run``, its own key and certificate) speaks these messages; the
controller hands each to :class:`SasSide`, which logs every change in the ledger and raises or clears the
seat's tilt. ``sas_disabled`` (long poll 01) stops that seat's wagers and money like any seat tilt and is
cleared by 02 alone; ``sas_link`` is raised only where ``[sas] required = true``: the host stopped polling
the seat, or the SAS process itself lost its link to the table, and clears when the host polls again.
A remote hand-pay reset (94) pays the locked seat's credits by hand in the ledger, as the attendant's
hand-pay at the service screen does, and unlocks the seat.
Both survive a restart of the controller (the tilt board restores them from the ledger).

The messages are states, not edges: the SAS process says them again after every reconnect, and a state
the table already holds changes nothing and logs nothing.
"""

from __future__ import annotations

from terminal.ledger import EventCode, accounts, aft, sas_tickets, sas_validation
from terminal.ledger.records import Actor
from terminal.net.messages import (
    Message,
    SasEnable,
    SasHandpayReset,
    SasLink,
    SasLock,
    SasRedemption,
    SasTicket,
    SasTransfer,
    SasValidation,
)
from terminal.table.refused import Refused
from terminal.table.table import Table
from terminal.table.tilts import Role, Tilt, TiltKind

CLIENT = "sas"
#: Every message the SAS process may send.
SAS_MESSAGES = (
    SasEnable, SasLink, SasHandpayReset, SasTransfer, SasTicket, SasValidation, SasLock, SasRedemption,
)  # fmt: skip
#: Who pays a hand-pay the host reset (94), in the ledger: the casino system, clearing as an attendant.
HOST = Actor("casino system (SAS 94)", "system")
LINK_STATES = ("lost", "restored")
#: The longest AFT lock SAS can ask: 9999 hundredths of a second (74's timeout is 2 BCD bytes).
MAX_LOCK_MS = 99_990


class SasSide:
    """The table's side of the SAS process's link (see the module docstring)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._link: dict[int, str] = {}  # seat → the host's link state last heard (not yet: unknown)

    def boot(self) -> None:
        """At start, where ``[sas] required``: every SAS seat waits (``sas_link``) until the SAS process
        links and says its host polls that seat; a seat whose tilt a restart restored keeps it."""
        for seat, _ in self.table.config.sas.ports if self.table.config.sas.enabled else ():
            self._tilt(seat, lost=True, detail="no word from the casino system since the table started")
        ledger = self.table.ledger
        for ticket in sas_tickets.waiting(ledger.db):  # held in a reader when the table stopped: given back
            reason = "the table restarted before the casino system's word; the ticket was given back"
            ledger.sas_ticket_refuse(ticket.seat, ticket.number, 0x87, reason, now=self.table.clock.wall())

    def apply(self, message: Message) -> None:
        """Act on one message of the ``sas`` client; ``ValueError`` (the protocol's refusal) if it is not
        one this table takes."""
        self.check(message)
        if isinstance(message, SasEnable):
            self._enable(message.seat, message.enabled, message.address)
        elif isinstance(message, SasHandpayReset):
            self._handpay_reset(message.seat)
        elif isinstance(message, SasTransfer):
            self.transfer(message)
        elif isinstance(message, SasLink):
            self._host_link(message.seat, message.state, message.detail)
        elif isinstance(message, SasValidation):
            self._validation(message)
        elif isinstance(message, SasLock):
            self.lock(message.seat, message.timeout_ms)
        elif isinstance(message, SasRedemption):
            self._redemption(message.seat, message.enabled)

    def _redemption(self, seat: int, enabled: bool) -> None:
        """7B bit 5: ticket redemption at ``seat`` off or on, logged on a change (``SAS_REDEMPTION``); the
        cabinet reads the ledger's last word at every ticket not ours, so a restart keeps it."""
        ledger = self.table.ledger
        if sas_tickets.redemption_on(ledger.db, seat) != enabled:
            detail = {"enabled": enabled, "poll": "7B"}
            with self.table.tilts.ledger_write():
                ledger.log_event(EventCode.SAS_REDEMPTION, now=self.table.clock.wall(), seat=seat,
                                 detail=detail)  # fmt: skip

    def lock(self, seat: int, timeout_ms: int) -> None:
        """74: the host holds ``seat`` for a transfer for ``timeout_ms`` (0: the host ended the lock); the
        seat takes no wager until then, the host's cancel or the transfer (``table/aft_locks.py``)."""
        if timeout_ms > MAX_LOCK_MS:
            raise ValueError(f"rules: an AFT lock lasts at most {MAX_LOCK_MS} ms, not {timeout_ms}")
        self.table.aft_locks.hold(seat, timeout_ms / 1000)

    def check(self, message: Message) -> None:
        """``ValueError`` unless ``message`` is one the SAS process may send this table, for a SAS seat."""
        sas = self.table.config.sas
        if not isinstance(message, SAS_MESSAGES):
            raise ValueError(f"rules: the SAS process may not send {message.TYPE}")
        if not sas.enabled:
            raise ValueError("rules: [sas] enabled = false at this table")
        if message.seat not in dict(sas.ports):
            raise ValueError(f"rules: seat {message.seat} has no SAS line in [sas] ports")

    def _enable(self, seat: int, enabled: bool, address: int) -> None:
        board = self.table.tilts
        held = board.find(TiltKind.SAS_DISABLED, seat)
        if not enabled and held is None:
            board.log_event(EventCode.SAS_SHUTDOWN, seat=seat, detail={"address": address, "poll": "01"})
            detail = f"SAS address {address}: shutdown (long poll 01)"
            board.raise_tilt(Tilt(TiltKind.SAS_DISABLED, seat, detail))
        elif enabled and held is not None:
            board.log_event(EventCode.SAS_STARTUP, seat=seat, detail={"address": address, "poll": "02"})
            board.clear_tilt(TiltKind.SAS_DISABLED, seat, None, condition_over=True)

    def _handpay_reset(self, seat: int) -> None:
        """94: the seat's credits paid by hand (the ledger's ``HANDPAY``, by the casino system) and its
        hand-pay lock cleared, as an attendant's hand-pay at the service screen does."""
        try:
            self.table.cashier.hand_pay(seat, HOST, Role.ATTENDANT)
        except Refused as refused:
            raise ValueError(f"{refused.code}: {refused}") from None

    def transfer(self, message: SasTransfer) -> aft.Record:
        """AFT (long poll 72): apply the host's transfer once, or refuse it once; the ledger's record of it.

        A transfer the ledger already has a word on (the host or the SAS process sent it again, the
        controller restarted in between) changes nothing. Refused, with the SAS status the host reads:
        ``87`` while the seat has wagers in play or a tilt stops it (the casino's shutdown, a hand-pay,
        a door...), ``83`` an out of more than the seat holds, ``84`` an in past ``[money] credit_limit``;
        ``9F`` a transfer the SAS process abandoned (it restarted before the table heard it)."""
        ledger, seat, now = self.table.ledger, message.seat, self.table.clock.wall()
        tid, direction, amount = message.transaction, message.direction, message.amount
        if direction not in aft.DIRECTIONS or not 0 < len(tid) <= 20 or amount <= 0:
            raise ValueError(f"rules: not an AFT transfer: {direction!r} of {amount} ({tid!r})")
        known = ledger.aft_record(seat, tid)
        if known is not None:
            return known
        status, why = self._refusal(seat, direction, amount)
        if message.abandon:
            status, why = aft.UNEXPECTED, "the SAS process restarted before the table heard of the transfer"
        self.table.aft_locks.release(seat)  # the transfer ends the lock, applied or refused
        with self.table.tilts.ledger_write():
            if status != aft.COMPLETE:
                return ledger.aft_refuse(seat, tid, direction, amount, status, why, now=now)
            return ledger.aft_transfer(seat, tid, direction, amount, now=now)

    def _validation(self, message: SasValidation) -> None:
        """4C: the seat's next vouchers are numbered from the host's ID and sequence (logged; the ledger
        then counts the vouchers printed since). The same values again change nothing."""
        if not (message.machine_id < 1 << 24 and message.sequence < 1 << 24):
            raise ValueError("rules: a validation ID and a sequence number are three bytes each")
        ledger = self.table.ledger
        now = sas_validation.next_for(ledger.db, message.seat)
        if now == (message.machine_id, message.sequence) or (now is None and message.machine_id == 0):
            return
        detail = {"machine_id": message.machine_id, "sequence": message.sequence}
        with self.table.tilts.ledger_write():
            ledger.log_event(EventCode.SAS_VALIDATION, now=self.table.clock.wall(), seat=message.seat,
                             detail=detail)  # fmt: skip

    def _refusal(self, seat: int, direction: str, amount: int) -> tuple[int, str]:
        """Why the table cannot take a transfer now (its SAS status and words), or ``(0, "")``."""
        table = self.table
        reasons = table.tilts.state.reasons(seat)
        if reasons:
            return aft.UNABLE, "the seat is stopped: " + ", ".join(reasons)
        if accounts.balances(table.ledger.db, [accounts.in_play(seat)])[accounts.in_play(seat)] > 0:
            return aft.UNABLE, "the seat has wagers in play"
        credits = table.ledger.credits(seat)
        if direction == "out" and amount > credits:
            return aft.BAD_AMOUNT, f"the seat holds {credits}, not {amount}"
        if direction == "in" and credits + amount > table.config.money.credit_limit:
            return aft.OVER_LIMIT, f"{amount} more would take the seat above the credit limit"
        return aft.COMPLETE, ""

    def _host_link(self, seat: int, state: str, detail: str) -> None:
        if state not in LINK_STATES:
            raise ValueError(f"rules: a SAS link state is lost or restored, not {state!r}")
        before = self._link.get(seat)
        self._link[seat] = state
        if state != before and not (before is None and state == "restored"):
            said = {"state": state, "detail": detail}
            self.table.tilts.log_event(EventCode.SAS_LINK, seat=seat, detail=said)
        self._tilt(seat, lost=state == "lost", detail=f"SAS host silent: {detail}")

    def _tilt(self, seat: int, *, lost: bool, detail: str) -> None:
        board = self.table.tilts
        if not self.table.config.sas.required:
            return
        held = board.find(TiltKind.SAS_LINK, seat)
        if lost and held is None:
            board.raise_tilt(Tilt(TiltKind.SAS_LINK, seat, detail))
        elif not lost and held is not None:
            board.clear_tilt(TiltKind.SAS_LINK, seat, None, condition_over=True)

    def process_lost(self) -> None:
        """The SAS process's own link to the table is gone: logged, and where ``[sas] required`` every SAS
        seat tilts until the process is back and says its host polls that seat."""
        sas = self.table.config.sas
        if not sas.enabled:
            return
        self.table.tilts.log_event(EventCode.SAS_LINK, detail={"state": "lost", "detail": "the SAS process"})
        self._link.clear()
        for seat, _ in sas.ports:
            self._tilt(seat, lost=True, detail="the SAS process has no link to the table")

    def process_up(self) -> None:
        """The SAS process linked up (logged where it had been lost; its seats' states follow)."""
        if self.table.config.sas.enabled:
            said = {"state": "restored", "detail": "the SAS process"}
            self.table.tilts.log_event(EventCode.SAS_LINK, detail=said)
