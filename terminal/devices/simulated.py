"""Software devices for the headless table and the tests, scriptable like the real thing.

The ``insert_*``, ``open``/``close``, ``turn_*``, ``jam_*`` and ``fault`` methods are the *player's* and
the *technician's* hands; the methods of the interfaces are the *controller's* commands.

>>> from datetime import datetime
>>> events = []
>>> acceptor = SimBillAcceptor(events.append, lambda: datetime(2026, 1, 1), bills=(500, 2000))
>>> acceptor.insert_bill(2000); acceptor.stack()
>>> [type(e).__name__ for e in events]
['BillEscrowed', 'BillStacked']
>>> acceptor.insert_bill(300)
>>> events[-1].reason
'denomination not accepted'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial

from terminal.devices.events import (
    BillEscrowed,
    BillReturned,
    BillStacked,
    Clock,
    Device,
    DeviceEvent,
    DeviceFault,
    DeviceStateError,
    Door,
    DoorClosed,
    DoorOpened,
    EventSink,
    FaultCleared,
    ServiceKeyTurned,
    VoucherInserted,
    VoucherKind,
    VoucherPrinted,
    VoucherReturned,
    VoucherStacked,
)
from terminal.devices.tower import SimTower
from terminal.devices.voucher import Ticket, ValidationNumberError, Voucher, check_validation, render_ticket


class _Faultable:
    """Fault bookkeeping shared by the simulated devices."""

    device: Device

    def __init__(self, emit: EventSink, now: Clock) -> None:
        self._emit, self._now = emit, now
        self._fault: str | None = None
        self._jam_next = False

    @property
    def fault(self) -> str | None:
        """The active fault, if any."""
        return self._fault

    def raise_fault(self, fault: str) -> None:
        """Script: the device reports ``fault`` (stacker full, door of the device open...)."""
        self._fault = fault
        self._emit(DeviceFault(self._now(), self.device, fault))

    def jam_next(self) -> None:
        """Script: the next stack/print jams."""
        self._jam_next = True

    def clear_fault(self) -> None:
        """Script: an attendant fixed the device."""
        if self._fault is not None:
            fault, self._fault = self._fault, None
            self._emit(FaultCleared(self._now(), self.device, fault))

    def _check_ready(self, what: str) -> None:
        if self._fault is not None:
            raise DeviceStateError(self.device, f"cannot {what}: fault {self._fault!r}")

    def _jams(self) -> bool:
        if self._jam_next:
            self._jam_next = False
            self.raise_fault("jam")
            return True
        return False


class SimBillAcceptor(_Faultable):
    """A bill acceptor with one escrow position."""

    device = Device.BILL_ACCEPTOR

    def __init__(self, emit: EventSink, now: Clock, bills: Iterable[int]) -> None:
        super().__init__(emit, now)
        self._bills = frozenset(bills)
        self._escrow: int | None = None
        self._enabled = True

    @property
    def escrow(self) -> int | None:
        """The value of the bill in escrow, if any."""
        return self._escrow

    def enable(self) -> None:
        """Accept bills."""
        self._enabled = True

    def disable(self) -> None:
        """Refuse bills."""
        self._enabled = False

    def insert_bill(self, value: int) -> None:
        """Script: a player feeds a bill of ``value`` minor units."""
        if self._escrow is not None:
            raise DeviceStateError(self.device, "a bill is already in escrow")
        refusal = self._refusal(value)
        if refusal is not None:
            self._emit(BillReturned(self._now(), value, refusal))
            return
        self._escrow = value
        self._emit(BillEscrowed(self._now(), value))

    def _refusal(self, value: int) -> str | None:
        if self._fault is not None:
            return f"acceptor fault {self._fault}"
        if not self._enabled:
            return "acceptor disabled"
        if value not in self._bills:
            return "denomination not accepted"
        return None

    def stack(self) -> None:
        """Move the bill to the cash box; a jam leaves it unstacked (no money) and faults the device."""
        value = self._take("stack")
        if self._jams():
            return
        self._emit(BillStacked(self._now(), value))

    def return_bill(self, reason: str) -> None:
        """Give the bill back."""
        value = self._take("return")
        self._emit(BillReturned(self._now(), value, reason))

    def _take(self, what: str) -> int:
        self._check_ready(what)
        if self._escrow is None:
            raise DeviceStateError(self.device, f"cannot {what}: no bill in escrow")
        value, self._escrow = self._escrow, None
        return value


class SimTicketReader(_Faultable):
    """A ticket reader that refuses noncashable and promotional vouchers itself."""

    device = Device.TICKET_READER

    def __init__(self, emit: EventSink, now: Clock) -> None:
        super().__init__(emit, now)
        self._inserted: str | None = None
        self._enabled = True

    @property
    def inserted(self) -> str | None:
        """The validation number waiting in the reader, if any."""
        return self._inserted

    def enable(self) -> None:
        """Accept vouchers."""
        self._enabled = True

    def disable(self) -> None:
        """Refuse vouchers."""
        self._enabled = False

    def insert_voucher(self, validation: str, kind: VoucherKind = VoucherKind.CASHABLE) -> None:
        """Script: a player inserts a voucher."""
        if self._inserted is not None:
            raise DeviceStateError(self.device, "a voucher is already in the reader")
        refusal = self._refusal(validation, kind)
        if refusal is not None:
            self._emit(VoucherReturned(self._now(), validation, refusal))
            return
        self._inserted = validation
        self._emit(VoucherInserted(self._now(), validation))

    def _refusal(self, validation: str, kind: VoucherKind) -> str | None:
        if self._fault is not None:
            return f"reader fault {self._fault}"
        if not self._enabled:
            return "reader disabled"
        try:
            check_validation(validation)
        except ValidationNumberError:
            return "unreadable validation number"
        if kind is not VoucherKind.CASHABLE:
            return f"{kind.value} vouchers are not accepted"
        return None

    def accept(self) -> None:
        """Stack the voucher; a jam leaves it unredeemed and faults the reader."""
        validation = self._take("accept")
        if self._jams():
            return
        self._emit(VoucherStacked(self._now(), validation))

    def reject(self, reason: str) -> None:
        """Return the voucher."""
        validation = self._take("reject")
        self._emit(VoucherReturned(self._now(), validation, reason))

    def _take(self, what: str) -> str:
        self._check_ready(what)
        if self._inserted is None:
            raise DeviceStateError(self.device, f"cannot {what}: no voucher in the reader")
        validation, self._inserted = self._inserted, None
        return validation


class SimTicketPrinter(_Faultable):
    """A printer with a finite stack of paper; keeps every ticket it printed for tests and screenshots."""

    device = Device.TICKET_PRINTER

    def __init__(self, emit: EventSink, now: Clock, paper: int = 500) -> None:
        super().__init__(emit, now)
        self._paper = paper
        self.printed: list[Ticket] = []

    @property
    def paper(self) -> int:
        """Tickets left."""
        return self._paper

    def load_paper(self, tickets: int) -> None:
        """Script: an attendant loads paper (clears a paper-out fault)."""
        self._paper += tickets
        if self._fault == "paper_out":
            self.clear_fault()

    def print_voucher(self, voucher: Voucher) -> Ticket:
        """Print ``voucher``, or raise :class:`DeviceStateError` (and report the fault) if it cannot."""
        self._check_ready("print")
        if self._paper <= 0:
            self.raise_fault("paper_out")
            raise DeviceStateError(self.device, "paper out")
        ticket = render_ticket(voucher)
        if self._jams():
            raise DeviceStateError(self.device, "jam while printing")
        self._paper -= 1
        self.printed.append(ticket)
        self._emit(VoucherPrinted(self._now(), voucher.validation, voucher.amount))
        return ticket


class SimDoors:
    """Door switches, all closed at start."""

    def __init__(self, emit: EventSink, now: Clock) -> None:
        self._emit, self._now = emit, now
        self._open: set[Door] = set()

    def open_doors(self) -> frozenset[Door]:
        """The doors open right now."""
        return frozenset(self._open)

    def open(self, door: Door) -> None:
        """Script: a door opens (no event if it already was)."""
        if door not in self._open:
            self._open.add(door)
            self._emit(DoorOpened(self._now(), door))

    def close(self, door: Door) -> None:
        """Script: a door closes (no event if it already was)."""
        if door in self._open:
            self._open.discard(door)
            self._emit(DoorClosed(self._now(), door))


class SimServiceKey:
    """The service key switch, off at start."""

    def __init__(self, emit: EventSink, now: Clock) -> None:
        self._emit, self._now = emit, now
        self._on = False

    def is_on(self) -> bool:
        """Whether the key is turned to service."""
        return self._on

    def turn(self, on: bool) -> None:
        """Script: turn the key (no event if it is already there)."""
        if on != self._on:
            self._on = on
            self._emit(ServiceKeyTurned(self._now(), on))


@dataclass(frozen=True, slots=True)
class SimDevices:
    """Every simulated device of a table; acceptor, reader and printer per seat (index 0 = seat 1)."""

    acceptors: tuple[SimBillAcceptor, ...]
    readers: tuple[SimTicketReader, ...]
    printers: tuple[SimTicketPrinter, ...]
    doors: SimDoors
    key: SimServiceKey
    tower: SimTower = field(default_factory=SimTower)  # the tower light and alarm (shown on the panel)


TableSink = Callable[[int | None, DeviceEvent], None]
"""Where devices report: the seat number (``None`` for the cabinet doors and key) and the event."""


def simulated_table(seats: int, bills: Iterable[int], emit: TableSink, now: Clock) -> SimDevices:
    """The devices of a table: an acceptor, a reader and a printer per seat, the cabinet's doors and key."""
    if seats < 1:
        raise ValueError(f"a table has at least one seat, got {seats}")
    bills = tuple(bills)
    sinks = [partial(emit, seat) for seat in range(1, seats + 1)]
    cabinet = partial(emit, None)
    return SimDevices(
        tuple(SimBillAcceptor(sink, now, bills) for sink in sinks),
        tuple(SimTicketReader(sink, now) for sink in sinks),
        tuple(SimTicketPrinter(sink, now) for sink in sinks),
        SimDoors(cabinet, now),
        SimServiceKey(cabinet, now),
    )
