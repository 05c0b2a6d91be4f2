"""What devices report: frozen events, each stamped with the injected clock's time.

Money moves only on *stacked* events: :class:`BillStacked` (the note is in the cash box) and
:class:`VoucherStacked` (the ticket is in the reader's box). Escrow, insertion and faults never move money.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeAlias


class Device(enum.Enum):
    """The devices of a table, as named in faults and the event log."""

    BILL_ACCEPTOR = "bill_acceptor"
    TICKET_READER = "ticket_reader"
    TICKET_PRINTER = "ticket_printer"


class Door(enum.Enum):
    """The doors with sensors."""

    MAIN = "main"
    LOGIC = "logic"
    CASH_BOX = "cash_box"


class VoucherKind(enum.Enum):
    """What a voucher is worth to the table: only cashable vouchers buy in."""

    CASHABLE = "cashable"
    NONCASHABLE = "noncashable"
    PROMOTIONAL = "promotional"


@dataclass(frozen=True, slots=True)
class BillEscrowed:
    """A bill of ``value`` minor units waits in escrow for the controller to stack or return it."""

    at: datetime
    value: int


@dataclass(frozen=True, slots=True)
class BillStacked:
    """The bill is in the cash box: only now may the ledger credit the seat."""

    at: datetime
    value: int


@dataclass(frozen=True, slots=True)
class BillReturned:
    """The bill went back to the player (refused denomination, acceptor disabled, controller refused)."""

    at: datetime
    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class VoucherInserted:
    """A cashable voucher waits in the reader; the controller validates it and accepts or rejects it."""

    at: datetime
    validation: str


@dataclass(frozen=True, slots=True)
class VoucherStacked:
    """The voucher is in the reader's box: only now may the ledger redeem it."""

    at: datetime
    validation: str


@dataclass(frozen=True, slots=True)
class VoucherReturned:
    """The voucher went back to the player, with why (unknown, redeemed, expired, noncashable...)."""

    at: datetime
    validation: str
    reason: str


@dataclass(frozen=True, slots=True)
class VoucherPrinted:
    """A cash-out voucher came out of the printer."""

    at: datetime
    validation: str
    amount: int


@dataclass(frozen=True, slots=True)
class DeviceFault:
    """A device stopped working (``jam``, ``paper_out``, ``stacker_full``...): a tilt for the controller."""

    at: datetime
    device: Device
    fault: str


@dataclass(frozen=True, slots=True)
class FaultCleared:
    """An attendant cleared the device's fault."""

    at: datetime
    device: Device
    fault: str


@dataclass(frozen=True, slots=True)
class DoorOpened:
    """A door sensor opened."""

    at: datetime
    door: Door


@dataclass(frozen=True, slots=True)
class DoorClosed:
    """A door sensor closed."""

    at: datetime
    door: Door


@dataclass(frozen=True, slots=True)
class ServiceKeyTurned:
    """The service key switch moved: ``on`` asks for service mode (a PIN follows on the service screen)."""

    at: datetime
    on: bool


DeviceEvent: TypeAlias = (
    BillEscrowed
    | BillStacked
    | BillReturned
    | VoucherInserted
    | VoucherStacked
    | VoucherReturned
    | VoucherPrinted
    | DeviceFault
    | FaultCleared
    | DoorOpened
    | DoorClosed
    | ServiceKeyTurned
)
EventSink = Callable[[DeviceEvent], None]
"""Where devices report: ``list.append`` in tests, ``asyncio.Queue.put_nowait`` in the controller."""
Clock = Callable[[], datetime]
"""The injected wall clock that stamps events and vouchers."""


class DeviceStateError(RuntimeError):
    """A command the device cannot carry out now (stack with nothing in escrow, print while jammed)."""

    def __init__(self, device: Device, message: str) -> None:
        super().__init__(f"{device.value}: {message}")
        self.device = device
