"""AFT, the machine side: the host locks the seat (74), registers it (73) and transfers credits (72).

The SAS process never writes the ledger, so a transfer goes to the controller (:class:`SasTransfer`),
which applies or refuses it once in the ledger (``terminal.ledger.aft``); the answer to 72 is *pending*
(``40``) until the ledger has its word, and every later 72 about it (an interrogation, or the same
request sent again) reads that word: ``00`` applied, or the status the table refused it with. The
ledger's event raises exception ``69`` (AFT transfer complete) through the exception feed.

**Never applied twice.** The transaction id is the key: a 72 whose id the ledger (or this seat's store,
while the table has not answered) already knows moves nothing and answers what is known. The request is
in the seat's store (written and flushed) before the table hears it; the table's link holds it until the
controller answers, across a restart of the controller. A request the store holds from before *this*
process started (the SAS process was killed with it in flight) is said to the table as abandoned: the
table records it refused (``9F``) unless it was applied, so the host's interrogation always ends.

Only in-house cashable transfers are taken: type ``00`` (to the seat) and ``80`` (to the host);
restricted and non-restricted amounts are ``83``, other types ``82``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime
from typing import Any

from terminal.ledger import aft as ledger_aft
from terminal.net.messages import SasLock, SasTransfer
from terminal.sas import bcd
from terminal.sas.side import MachineSide

TO_MACHINE, TO_HOST = 0x00, 0x80
PENDING, NOT_VALID_FUNCTION, NOT_VALID_AMOUNT = 0x40, 0x82, 0x83
UNABLE, NOT_REGISTERED_KEY, ASSET_MISMATCH, NOT_LOCKED = 0x87, 0x89, 0x93, 0x94
INVALID_ID, IN_PROGRESS, UNSUPPORTED_CODE, NO_INFO = 0x95, 0xC0, 0xC1, 0xFF
LOCKED, NOT_LOCKED_STATUS = 0x00, 0xFF
REGISTERED, READY, UNREGISTERED = 0x01, 0x00, 0x80
BUFFER = 127  # transaction buffer positions 1 to 127
FLAG_LOCK_REQUIRED = 0x40


def position(index: int) -> int:
    """The buffer position of the seat's ``index``-th transfer (0 the first)."""
    return index % BUFFER + 1


class Aft:
    """One seat's AFT (see the module docstring); ``machine`` gives the store, the view and the clock."""

    def __init__(self, machine: MachineSide, monotonic: Callable[[], float]) -> None:
        self.machine, self.monotonic = machine, monotonic
        self.locked_until = 0.0
        #: requests the store held when this process started: said to the table as abandoned
        self.inherited = frozenset(machine.state.aft_pending)

    # -- conditions -----------------------------------------------------------------------------------
    def refusal(self) -> str:
        """Why the seat can take no transfer and no lock now ("" when it can)."""
        view = self.machine.view
        if self.machine.state.disabled:
            return "disabled by the casino system"
        stopped = view.stopped()
        if stopped:
            return "stopped: " + ", ".join(stopped)
        if view.in_play() > 0:
            return "a round is in play at the seat"
        return ""

    def locked(self) -> bool:
        return self.monotonic() < self.locked_until

    # -- 74: lock and status --------------------------------------------------------------------------
    def lock(self, data: bytes) -> bytes | None:
        """74: asset (4, LSB first), lock code (00 lock, 80 cancel, FF interrogate), transfer condition,
        lock timeout (2 BCD, hundredths of a second)."""
        if len(data) != 8:
            return None
        asset, code, timeout = int.from_bytes(data[:4], "little"), data[4], bcd.decode(data[6:8])
        seat = self.machine.info.seat
        if code == 0x00 and asset == self.machine.info.asset and not self.refusal():
            self.locked_until = self.monotonic() + max(timeout, 1) / 100
            self.machine.tell(SasLock(seat, max(timeout, 1) * 10))  # the table holds the seat's wagers
        elif code == 0x80:
            if self.locked_until:
                self.machine.tell(SasLock(seat, 0))
            self.locked_until = 0.0
        elif code not in (0x00, 0xFF):
            return None
        return self._status()

    def _status(self) -> bytes:
        info, credits = self.machine.info, self.machine.meters()[0x0C]
        free = not self.refusal()
        lock = LOCKED if self.locked() and free else NOT_LOCKED_STATUS
        available = 0x03 if free else 0x00  # bit 0 to the machine, bit 1 from the machine
        status = 0x90 | (0x08 if self.registered() else 0)  # any AFT, in-house; registered
        limit = self.machine.info.credit_limit
        body = (
            info.asset.to_bytes(4, "little") + bytes((lock, available, 0x00, status, BUFFER))
            + bcd.encode(credits, 5) + bcd.encode(0, 5) + bcd.encode(0, 5) + bcd.encode(limit, 5)
            + bcd.encode(0, 4) + b"\x00\x00"
        )  # fmt: skip
        return bytes((len(body),)) + body

    # -- 73: registration -----------------------------------------------------------------------------
    def registered(self) -> bool:
        return self.machine.state.registration.get("status") == REGISTERED

    def register(self, data: bytes) -> bytes | None:
        """73: code (00 initialise, 01 register, 40 acknowledge, 80 unregister, FF read), asset (4), key
        (20), POS id (4). Registration is refused (the status unchanged) while the seat cannot transfer."""
        if not data:
            return None
        code, state = data[0], self.machine.state
        if code in (0x00, 0x01, 0x40) and len(data) >= 29 and not self.refusal():
            asset = int.from_bytes(data[1:5], "little")
            if asset == self.machine.info.asset:
                status = READY if code == 0x00 else REGISTERED
                registration = {"status": status, "key": data[5:25].hex(),
                                "pos": int.from_bytes(data[25:29], "little")}  # fmt: skip
                self.machine.save(replace(state, registration=registration))
        elif code == 0x80:
            self.machine.save(replace(state, registration={"status": UNREGISTERED}))
        elif code not in (0x00, 0x01, 0x40, 0xFF):
            return None
        held = self.machine.state.registration
        body = (
            bytes((int(held.get("status", UNREGISTERED)),)) + self.machine.info.asset.to_bytes(4, "little")
            + bytes.fromhex(str(held.get("key", "00" * 20))) + int(held.get("pos", 0)).to_bytes(4, "little")
        )  # fmt: skip
        return bytes((len(body),)) + body

    # -- 72: transfers --------------------------------------------------------------------------------
    def transfer(self, data: bytes) -> bytes | None:
        """72: a transfer request (code 00 full, 01 partial taken as full), an interrogation (FF) or a
        cancel (80: answered as an interrogation: a request the table has heard cannot be called back)."""
        if len(data) < 2:
            return None
        code, index = data[0], data[1]
        if code in (0xFF, 0x80):
            return self._interrogate(index)
        if code not in (0x00, 0x01):
            return self._answer(self._bare(UNSUPPORTED_CODE))
        request = _parse(data)
        if request is None:
            return None
        tid = request["transaction"]
        known = self._known(tid)
        if known is not None:  # the idempotency key: the same id moves nothing again
            return self._answer(known)
        status = self._check(request)
        if status != PENDING:
            return self._answer({**request, "status": status, "position": 0})
        pending = {**request, "status": PENDING, "position": position(self._count())}
        state = self.machine.state
        self.machine.save(replace(state, aft_pending={**state.aft_pending, tid: pending}))  # stored first
        direction = "in" if request["type"] == TO_MACHINE else "out"
        self.machine.tell(SasTransfer(self.machine.info.seat, tid, direction, request["cashable"], False))
        return self._answer(pending)

    def _check(self, request: dict[str, Any]) -> int:
        if request["type"] not in (TO_MACHINE, TO_HOST):
            return NOT_VALID_FUNCTION
        if not request["transaction"]:
            return INVALID_ID
        if request["restricted"] or request["nonrestricted"] or not request["cashable"]:
            return NOT_VALID_AMOUNT
        if request["asset"] != self.machine.info.asset or not request["asset"]:
            return ASSET_MISMATCH
        key = request["key"]
        if key != "00" * 20 and key != self.machine.state.registration.get("key"):
            return NOT_REGISTERED_KEY
        if request["flags"] & FLAG_LOCK_REQUIRED and not self.locked():
            return NOT_LOCKED
        self.settle()  # a transfer the ledger has finished is no longer in progress
        if self.machine.state.aft_pending:
            return IN_PROGRESS
        if self.refusal():
            return UNABLE
        return PENDING

    def _count(self) -> int:
        return len(ledger_aft.history(self.machine.view.db, self.machine.info.seat))

    def _known(self, tid: str) -> dict[str, Any] | None:
        """What is known of ``tid``: the ledger's word (the pending entry dropped), or the store's."""
        record = ledger_aft.record(self.machine.view.db, self.machine.info.seat, tid)
        pending = self.machine.state.aft_pending.get(tid)
        if record is None:
            return pending
        if pending is not None:
            self.locked_until = 0.0  # the transfer is complete: the lock ends with it (the table's too)
            state = self.machine.state
            left = {k: v for k, v in state.aft_pending.items() if k != tid}
            self.machine.save(replace(state, aft_pending=left))
        return self._from_record(record, pending)

    def _from_record(self, record: ledger_aft.Record, asked: dict[str, Any] | None) -> dict[str, Any]:
        seats = ledger_aft.history(self.machine.view.db, self.machine.info.seat)
        index = next((i for i, r in enumerate(seats) if r.event == record.event), 0)
        base = asked or {"flags": 0, "asset": self.machine.info.asset}
        return {
            **base, "transaction": record.transaction, "status": record.status, "position": position(index),
            "type": TO_MACHINE if record.direction == "in" else TO_HOST, "cashable": record.amount,
            "restricted": 0, "nonrestricted": 0, "time": record.time, "asset": self.machine.info.asset,
        }  # fmt: skip

    def _interrogate(self, index: int) -> bytes:
        state = self.machine.state
        if index == 0 and state.aft_pending:
            tid = next(iter(state.aft_pending))
            known = self._known(tid)
            assert known is not None
            return self._answer(known)
        seats = ledger_aft.history(self.machine.view.db, self.machine.info.seat)
        chosen = [r for i, r in enumerate(seats) if index == 0 or position(i) == index]
        if not chosen:
            return self._answer(self._bare(NO_INFO))
        return self._answer(self._from_record(chosen[-1], None))

    def resync(self) -> list[SasTransfer]:
        """Requests the store held when this process started (from the table link's thread: the store's
        copy only, never the ledger, whose connection is the seat's thread's): said to the table as
        abandoned, which records them refused unless it applied them already (then it changes nothing).
        Those of this process's life are in the table link's queue already."""
        held = dict(self.machine.state.aft_pending)
        said = []
        for tid in sorted(self.inherited & set(held)):
            direction = "in" if held[tid].get("type") == TO_MACHINE else "out"
            said.append(SasTransfer(self.machine.info.seat, tid, direction, int(held[tid]["cashable"]), True))
        return said

    def settle(self) -> None:
        """Drop from the store every pending request the ledger now has a word on (the seat's thread)."""
        for tid in list(self.machine.state.aft_pending):
            self._known(tid)

    def _bare(self, status: int) -> dict[str, Any]:
        return {"status": status, "position": 0, "bare": True}

    def _answer(self, entry: dict[str, Any]) -> bytes:
        """The 72 answer: position, status, receipt status (FF: none), type, amounts, flags, asset, the
        transaction id, date and time, expiration, pool id, and the cumulative meter of the type."""
        status = int(entry["status"])
        if entry.get("bare"):
            body = bytes((0, status))
            return bytes((len(body),)) + body
        tid = str(entry["transaction"]).encode("ascii")
        kind = int(entry["type"])
        when = _stamp(str(entry.get("time", "")))
        meters = self.machine.meters()
        cumulative = meters.get(0xA0 if kind == TO_MACHINE else 0xB8, 0)
        body = (
            bytes((int(entry["position"]), status, 0xFF, kind)) + bcd.encode(int(entry["cashable"]), 5)
            + bcd.encode(int(entry["restricted"]), 5) + bcd.encode(int(entry["nonrestricted"]), 5)
            + bytes((int(entry["flags"]),)) + int(entry["asset"]).to_bytes(4, "little")
            + bytes((len(tid),)) + tid + when + bcd.encode(0, 4) + b"\x00\x00"
            + b"\x05" + bcd.encode(cumulative, 5) + b"\x05" + bcd.encode(0, 5) + b"\x05" + bcd.encode(0, 5)
        )  # fmt: skip
        return bytes((len(body),)) + body


def _stamp(text: str) -> bytes:
    """The transaction's date (MMDDYYYY) and time (HHMMSS) in BCD; zeros while it is pending."""
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return bytes(7)
    return bcd.encode(int(when.strftime("%m%d%Y")), 4) + bcd.encode(int(when.strftime("%H%M%S")), 3)


def _parse(data: bytes) -> dict[str, Any] | None:
    """A 72 transfer request's fields after the transfer code (``None``: too short to be one)."""
    if len(data) < 44:
        return None
    length = data[43]
    if len(data) < 44 + length or length > 20:
        return None
    tid = data[44 : 44 + length]
    if not all(0x20 <= b < 0x7F for b in tid):
        return None
    return {
        "index": data[1], "type": data[2], "cashable": bcd.decode(data[3:8]),
        "restricted": bcd.decode(data[8:13]), "nonrestricted": bcd.decode(data[13:18]), "flags": data[18],
        "asset": int.from_bytes(data[19:23], "little"), "key": data[23:43].hex(),
        "transaction": tid.decode("ascii"), "time": "",
    }  # fmt: skip
