"""TITO redemption, the machine side: a ticket not ours goes to the host for validation (70, 71).

The table holds a ticket this ledger does not know in the seat's reader and logs it; the exception feed
raises ``67`` (ticket inserted). The host asks for its validation data (70: status ``00``, the amount
``0``, which only the host knows, parsing code ``00`` and the 18 digits as 9 BCD bytes) and answers with
71: a cashable ticket and its amount, or a refusal code. The SAS process hands that word to the table
(:class:`SasTicket`) and answers ``40`` (redemption pending); the table stacks the ticket and credits the
seat once, or gives it back, and the ledger's event raises ``68`` (ticket transfer complete). A 71 asking
the status (``FF``), or the same 71 again, reads the ledger: ``00`` redeemed (and its amount), ``80``
refused by the host, ``84`` over the credit limit, ``87`` the seat could not take it.

Never paid twice: the SAS process tells the table of one ticket once (its store remembers the host's
word until the ledger has the outcome); the table stacks only the ticket its reader holds, at that
seat, and the ledger refuses a second redemption of any number.
"""

from __future__ import annotations

from dataclasses import replace

from terminal.ledger import sas_tickets
from terminal.net.messages import SasTicket
from terminal.sas import bcd
from terminal.sas.side import MachineSide

VALID_CASHABLE, STATUS = 0x00, 0xFF
REDEEMED, WAITING_71, PENDING, REJECTED = 0x00, 0x20, 0x40, 0x80
NO_MATCH, BAD_AMOUNT, NO_INFO = 0x81, 0x83, 0xFF


class Tickets:
    """One seat's TITO redemption (see the module docstring)."""

    def __init__(self, machine: MachineSide) -> None:
        self.machine = machine

    def _last(self) -> sas_tickets.Ticket | None:
        return sas_tickets.last(self.machine.view.db, self.machine.info.seat)

    def validation_data(self, _: bytes) -> bytes:
        """70: the ticket waiting in the reader, or status FF (none)."""
        ticket = self._last()
        if ticket is None or not ticket.waiting:
            return b"\x01\xff"
        body = bytes((0x00,)) + bcd.encode(0, 5) + b"\x00" + bytes.fromhex(ticket.number)
        return bytes((len(body),)) + body

    def redeem(self, data: bytes) -> bytes | None:
        """71: transfer code, amount (5 BCD), parsing code, validation data (9 BCD); FF asks the status."""
        if not data:
            return None
        code = data[0]
        if code == STATUS:
            return self._status(None)
        if len(data) < 16 or data[6] != 0x00:
            return None
        amount, number = bcd.decode(data[1:6]), bcd.decode(data[7:16])
        digits = f"{number:018d}"
        ticket = self._last()
        if ticket is None or ticket.number != digits:
            held = ticket is not None and ticket.waiting
            return self._answer(NO_MATCH if held else NO_INFO, amount, digits)
        if not ticket.waiting or digits in self.machine.state.tickets:
            return self._status(ticket)  # the same 71 again: what became of it, and nothing more
        if code == VALID_CASHABLE and amount == 0:
            return self._answer(BAD_AMOUNT, amount, digits)
        state = self.machine.state
        asked = {"amount": amount, "code": code}
        self.machine.save(replace(state, tickets={**state.tickets, digits: asked}))  # stored first
        paid = amount if code == VALID_CASHABLE else 0
        self.machine.tell(SasTicket(self.machine.info.seat, digits, paid, code))
        return self._answer(PENDING, amount, digits)

    def _status(self, ticket: sas_tickets.Ticket | None) -> bytes:
        ticket = ticket or self._last()
        if ticket is None:
            return self._answer(NO_INFO, 0, "0" * 18)
        state = self.machine.state
        asked = state.tickets.get(ticket.number)
        if not ticket.waiting and asked is not None:  # the ledger has the outcome: the store forgets it
            left = {k: v for k, v in state.tickets.items() if k != ticket.number}
            self.machine.save(replace(state, tickets=left))
        if ticket.state == "redeemed":
            return self._answer(REDEEMED, ticket.amount, ticket.number)
        if ticket.state == "refused":
            return self._answer(ticket.code or REJECTED, 0, ticket.number)
        if asked is not None:
            return self._answer(PENDING, int(asked["amount"]), ticket.number)
        return self._answer(WAITING_71, 0, ticket.number)

    def _answer(self, status: int, amount: int, number: str) -> bytes:
        body = bytes((status,)) + bcd.encode(amount, 5) + b"\x00" + bytes.fromhex(number)
        return bytes((len(body),)) + body
