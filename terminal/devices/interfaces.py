"""What the controller may ask of each device. A simulated device and a real driver both implement these.

Every device reports through the :data:`~terminal.devices.events.EventSink` it was built with; the
controller's commands (stack, return, accept, print) answer with events too, so there is one path for
everything that happens. A command the device cannot carry out raises
:class:`~terminal.devices.events.DeviceStateError`.
"""

from __future__ import annotations

from typing import Protocol

from terminal.devices.events import Door
from terminal.devices.voucher import Ticket, Voucher


class BillAcceptor(Protocol):
    """Takes a bill into escrow; the controller then stacks it (money) or returns it (no money)."""

    @property
    def escrow(self) -> int | None:
        """The value of the bill in escrow, if any."""

    @property
    def fault(self) -> str | None:
        """The active fault, if any."""

    def enable(self) -> None:
        """Accept bills (the seat is playable)."""

    def disable(self) -> None:
        """Refuse bills (tilt, service, hand-pay lock); a bill in escrow stays until stacked or returned."""

    def stack(self) -> None:
        """Move the escrowed bill to the cash box: reports ``BillStacked``, or ``DeviceFault`` on a jam."""

    def return_bill(self, reason: str) -> None:
        """Give the escrowed bill back: reports ``BillReturned``."""


class TicketReader(Protocol):
    """Reads a voucher's validation number; the controller accepts (stacks) or rejects (returns) it."""

    @property
    def inserted(self) -> str | None:
        """The validation number of the voucher waiting in the reader, if any."""

    @property
    def fault(self) -> str | None:
        """The active fault, if any."""

    def enable(self) -> None:
        """Accept vouchers."""

    def disable(self) -> None:
        """Refuse vouchers."""

    def accept(self) -> None:
        """Stack the waiting voucher: reports ``VoucherStacked`` (only then is it redeemed)."""

    def reject(self, reason: str) -> None:
        """Return the waiting voucher: reports ``VoucherReturned``."""


class TicketPrinter(Protocol):
    """Prints cash-out vouchers."""

    @property
    def fault(self) -> str | None:
        """The active fault (``paper_out``, ``jam``), if any."""

    def print_voucher(self, voucher: Voucher) -> Ticket:
        """Print ``voucher``; reports ``VoucherPrinted``, or raises ``DeviceStateError`` on a fault."""


class DoorSensors(Protocol):
    """The door switches."""

    def open_doors(self) -> frozenset[Door]:
        """The doors open right now."""


class ServiceKey(Protocol):
    """The service key switch."""

    def is_on(self) -> bool:
        """Whether the key is turned to service."""
