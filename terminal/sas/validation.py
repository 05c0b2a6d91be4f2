"""Secure-enhanced validation, the machine side: 4C (the host numbers the seat's tickets), 4D (what the
seat printed, for the host's records) and 7B (extended validation status).

4C carries the machine validation ID and the next sequence number (three bytes each, low byte first); an
ID of 0 only asks for the present values. The SAS process answers with the values in force and tells the
table (:class:`SasValidation`), which logs them; every voucher the seat prints after that carries the
number SAS derives from the ID and its sequence (:mod:`terminal.ledger.sas_validation`), the sequence
advancing a ticket at a time, as the ledger counts. 4D reads those vouchers back from the ledger: function
``00`` the oldest the host has not read (and marks it read), ``FF`` the same without marking, ``01``-``1F``
the one at that buffer index. 7B reports the validation status bits (the printer is the cash-out device;
tickets are redeemed) and the tickets' expiration in days from ``[money] voucher_expiry_days``; the host
cannot change either here, and is told what holds.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime

from terminal.ledger import sas_validation
from terminal.ledger.events import EventCode
from terminal.net.messages import SasRedemption, SasValidation
from terminal.sas import bcd
from terminal.sas.side import MachineSide

BUFFER = 31  # 4D buffer indexes 01 to 1F
CASHABLE_FROM_CASHOUT = 0x00
STATUS_BITS = 0x0021  # bit 0 the printer is the cash-out device, bit 5 ticket redemption is enabled
REDEMPTION = 0x0020  # 7B control bit 5: the one control bit the host may change here


class Validation:
    """One seat's secure-enhanced validation (see the module docstring)."""

    def __init__(self, machine: MachineSide, expiry_days: int = 0) -> None:
        self.machine, self.expiry_days = machine, expiry_days

    def set_id(self, data: bytes) -> bytes | None:
        """4C: machine ID (3), sequence (3); the answer is the ID and sequence in force."""
        if len(data) != 6:
            return None
        machine_id, sequence = int.from_bytes(data[:3], "little"), int.from_bytes(data[3:], "little")
        if machine_id != 0:
            state = self.machine.state
            self.machine.save(replace(state, validation={"machine_id": machine_id, "sequence": sequence}))
            self.machine.tell(SasValidation(self.machine.info.seat, machine_id, sequence))
            return data
        now = sas_validation.next_for(self.machine.view.db, self.machine.info.seat)
        if now is None:  # the table has not logged it yet: what this process was told
            held = self.machine.state.validation
            now = (int(held.get("machine_id", 0)), int(held.get("sequence", 0)))
        return now[0].to_bytes(3, "little") + now[1].to_bytes(3, "little")

    def _printed(self) -> list[tuple[int, str, dict[str, object]]]:
        rows = self.machine.view.db.execute(
            "SELECT e.id, e.time, e.detail FROM events e WHERE e.code = ? AND e.seat = ? ORDER BY e.id",
            [int(EventCode.VOUCHER_ISSUE), self.machine.info.seat],
        ).fetchall()
        return [(row[0], row[1], json.loads(row[2])) for row in rows]

    def info(self, data: bytes) -> bytes | None:
        """4D: validation type, index, date, time, validation number (8 BCD), amount (5 BCD), ticket number
        (2 BCD), validation system ID (1 BCD), expiration (4 BCD), pool ID (2); all zero when none."""
        if len(data) != 1:
            return None
        code, printed = data[0], self._printed()
        read = int(self.machine.state.validation.get("read", 0))
        if code in (0x00, 0xFF):
            found = [(i, p) for i, p in enumerate(printed) if p[0] > read]
        elif code <= BUFFER:
            found = [(i, p) for i, p in enumerate(printed) if i % BUFFER + 1 == code][-1:]
        else:
            return None
        if not found:
            return bytes(31)
        index, (event, time, detail) = found[0]
        if code == 0x00:
            state = self.machine.state
            self.machine.save(replace(state, validation={**state.validation, "read": event}))
        number = str(detail["number"])
        when = datetime.fromisoformat(time)
        return (
            bytes((CASHABLE_FROM_CASHOUT, index % BUFFER + 1))
            + bcd.encode(int(when.strftime("%m%d%Y")), 4) + bcd.encode(int(when.strftime("%H%M%S")), 3)
            + bytes.fromhex(number[2:]) + bcd.encode(int(str(detail["amount"])), 5)
            + bcd.encode((index + 1) % 10_000, 2) + bytes.fromhex(number[:2])
            + bcd.encode(self.expiry_days, 4) + b"\x00\x00"
        )  # fmt: skip

    def extended_status(self, data: bytes) -> bytes | None:
        """7B: asset (4), control mask (2), control states (2), cashable and restricted expirations (2 BCD
        each) in; the asset, the status bits and the expirations in force out. Of the host's control bits
        only bit 5 (ticket redemption) is applied, for this seat's asset: told to the table
        (``SasRedemption``) on a change and kept in the store; the others and the expirations are the
        table's configuration's, and the answer says what holds."""
        if len(data) != 12:
            return None
        asset, mask = int.from_bytes(data[:4], "little"), int.from_bytes(data[4:6], "little")
        states, state = int.from_bytes(data[6:8], "little"), self.machine.state
        if asset == self.machine.info.asset and mask & REDEMPTION:
            off = not states & REDEMPTION
            if off != state.redemption_off:
                self.machine.save(replace(state, redemption_off=off))
                self.machine.tell(SasRedemption(self.machine.info.seat, not off))
        bits = STATUS_BITS & ~REDEMPTION if self.machine.state.redemption_off else STATUS_BITS
        body = (
            self.machine.info.asset.to_bytes(4, "little") + bits.to_bytes(2, "little")
            + bcd.encode(min(self.expiry_days, 9999), 2) + bcd.encode(0, 2)
        )  # fmt: skip
        return bytes((len(body),)) + body
