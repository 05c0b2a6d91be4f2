"""A bill validator with a ticket reader speaking JCM's ID-003 on a serial line: the seat's real money device.

One unit takes bills and TITO tickets; :class:`Id003Unit` drives it and shows it to the cabinet as a
:class:`~terminal.devices.interfaces.BillAcceptor` and a :class:`~terminal.devices.interfaces.TicketReader`,
reporting through the same events as the simulated devices, so money still moves only on the unit's own
word: a bill or ticket in escrow is stacked (``STACK-1``) or returned (``RETURN``) as the cabinet decides,
and only ``VEND VALID`` (acknowledged) is ``BillStacked`` / ``VoucherStacked``.

**Frames.** ``SYNC 0xFC``, ``LNG`` (the whole frame's length), ``CMD``, data, then CRC-16/KERMIT of
everything before it, low byte first. The host polls with ``STATUS REQUEST``; the unit answers with its
state (idling, accepting, escrow with the denomination or the ticket's digits, stacking, vend valid,
stacked, rejecting, returning, inhibit) or a fault (stacker full or open, jams, failure, cheated).

**Never blocking the table.** :meth:`Id003Unit.poll` reads what the line holds without waiting, handles
every complete frame, and sends the next status request once the last one is answered; commands are
written at once. The controller calls it every ``[devices] poll_ms`` on its own thread, so the table stays
single-threaded.
"""

from __future__ import annotations

import contextlib
import os
import termios
from dataclasses import dataclass, field

from terminal.devices.events import (
    BillEscrowed,
    BillReturned,
    BillStacked,
    Clock,
    Device,
    DeviceEvent,
    DeviceFault,
    DeviceStateError,
    EventSink,
    FaultCleared,
    VoucherInserted,
    VoucherReturned,
    VoucherStacked,
)

SYNC = 0xFC
STATUS_REQUEST, ACK, STACK_1, RETURN, INHIBIT = 0x11, 0x50, 0x41, 0x43, 0xC3
IDLING, ACCEPTING, ESCROW, STACKING, VEND_VALID, STACKED = 0x11, 0x12, 0x13, 0x14, 0x15, 0x16
REJECTING, RETURNING, DISABLED = 0x17, 0x18, 0x1A
FAULTS = {0x43: "stacker full", 0x44: "stacker open", 0x45: "acceptor jam", 0x46: "stacker jam",
          0x48: "cheated", 0x49: "failure"}  # fmt: skip
TICKET = 0x6F  # the escrow data of a barcode ticket: this byte, then its digits
#: Escrow denomination codes of the US dollar set, in minor units.
DENOMINATIONS = {0x61: 100, 0x62: 200, 0x63: 500, 0x64: 1_000, 0x65: 2_000, 0x66: 5_000, 0x67: 10_000}


class Id003Error(ValueError):
    """A frame that is not ID-003: bad length or CRC."""


def crc16(data: bytes) -> int:
    """CRC-16/KERMIT (poly 0x1021 reflected, initial 0), as ID-003 seals a frame.

    >>> hex(crc16(b"123456789"))
    '0x2189'
    """
    value = 0
    for byte in data:
        value ^= byte
        for _ in range(8):
            value = (value >> 1) ^ 0x8408 if value & 1 else value >> 1
    return value


def frame(command: int, data: bytes = b"") -> bytes:
    """One frame: SYNC, LNG, CMD, data, CRC (low byte first)."""
    body = bytes((SYNC, 5 + len(data), command)) + data
    return body + crc16(body).to_bytes(2, "little")


def take_frames(buffer: bytearray) -> list[tuple[int, bytes]]:
    """Every complete frame at the front of ``buffer`` as (command, data), removed from it; bytes before a
    SYNC are dropped, a frame whose CRC fails raises :class:`Id003Error` (it is dropped too)."""
    found: list[tuple[int, bytes]] = []
    while buffer:
        if buffer[0] != SYNC:
            del buffer[0]
            continue
        if len(buffer) < 2 or len(buffer) < buffer[1]:
            break
        length = buffer[1]
        raw = bytes(buffer[:length])
        del buffer[:length]
        if length < 5 or crc16(raw[:-2]) != int.from_bytes(raw[-2:], "little"):
            raise Id003Error(f"a frame with a bad length or CRC: {raw.hex()}")
        found.append((raw[2], raw[3:-2]))
    return found


def open_line(path: str) -> int:
    """The serial line at ``path``, raw, 9600 baud, 8 data bits, even parity, never blocking."""
    descriptor = os.open(path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    attrs = termios.tcgetattr(descriptor)
    attrs[0] = termios.IGNPAR  # input flags: no translation
    attrs[1] = 0  # output flags: raw
    attrs[2] = termios.CS8 | termios.PARENB | termios.CREAD | termios.CLOCAL
    attrs[3] = 0  # no echo, no canonical mode, no signals
    attrs[4] = attrs[5] = termios.B9600
    termios.tcsetattr(descriptor, termios.TCSANOW, attrs)
    return descriptor


@dataclass
class Id003Unit:
    """One seat's bill validator and ticket reader on the line ``descriptor``; see the module docstring."""

    descriptor: int
    emit: EventSink
    now: Clock
    _buffer: bytearray = field(default_factory=bytearray)
    _asked: bool = False
    _escrow: int | None = None
    _ticket: str | None = None
    _returning: str = ""
    _fault: str | None = None
    _state: int = 0

    # -- what the cabinet asks (BillAcceptor and TicketReader) -------------------------------------------
    @property
    def escrow(self) -> int | None:
        """The value of the bill in escrow, if any."""
        return self._escrow

    @property
    def inserted(self) -> str | None:
        """The validation number of the ticket in escrow, if any."""
        return self._ticket

    @property
    def fault(self) -> str | None:
        """The unit's fault, if any."""
        return self._fault

    def enable(self) -> None:
        """Take bills and tickets."""
        self._send(INHIBIT, b"\x00")

    def disable(self) -> None:
        """Refuse them (what is in escrow stays until stacked or returned)."""
        self._send(INHIBIT, b"\x01")

    def stack(self) -> None:
        """Stack the bill in escrow (``BillStacked`` follows the unit's VEND VALID)."""
        self._need(self._escrow is not None, "no bill in escrow")
        self._send(STACK_1)

    def accept(self) -> None:
        """Stack the ticket in escrow (``VoucherStacked`` follows the unit's VEND VALID)."""
        self._need(self._ticket is not None, "no ticket in escrow")
        self._send(STACK_1)

    def return_bill(self, reason: str) -> None:
        """Give the bill back."""
        self._need(self._escrow is not None, "no bill in escrow")
        self._returning = reason
        self._send(RETURN)

    def reject(self, reason: str) -> None:
        """Give the ticket back."""
        self._need(self._ticket is not None, "no ticket in escrow")
        self._returning = reason
        self._send(RETURN)

    # -- the line ----------------------------------------------------------------------------------------
    def poll(self) -> None:
        """Read what the line holds, handle every complete frame, and ask for the status again."""
        with contextlib.suppress(BlockingIOError):
            while chunk := os.read(self.descriptor, 256):
                self._buffer += chunk
        try:
            frames = take_frames(self._buffer)
        except Id003Error:
            frames = []  # a corrupted frame: the next status request asks again
            self._asked = False
        for command, data in frames:
            self._handle(command, data)
        if not self._asked:
            self._send(STATUS_REQUEST)
            self._asked = True

    def _handle(self, command: int, data: bytes) -> None:
        if command == ACK:
            return  # a command was taken; the state follows in the next status
        self._asked = False
        if command in FAULTS:
            if self._fault != FAULTS[command]:
                self._fault = FAULTS[command]
                self.emit(DeviceFault(self.now(), Device.BILL_ACCEPTOR, FAULTS[command]))
            return
        if self._fault is not None:
            fault, self._fault = self._fault, None
            self.emit(FaultCleared(self.now(), Device.BILL_ACCEPTOR, fault))
        if command == ESCROW and self._state != ESCROW:
            self._escrowed(data)
        elif command == VEND_VALID:
            self._send(ACK)  # the unit waits for it before it reports the note stacked
            if self._state != VEND_VALID:
                self._vend()
        elif command in (REJECTING, RETURNING, IDLING, DISABLED) and self._returning:
            self._returned()
        self._state = command

    def _escrowed(self, data: bytes) -> None:
        if data[:1] == bytes((TICKET,)):
            self._ticket = data[1:].decode("ascii", "replace")
            self.emit(VoucherInserted(self.now(), self._ticket))
            return
        value = DENOMINATIONS.get(data[0]) if data else None
        if value is None:  # a note of no known denomination: never money
            self._returning = "denomination not accepted"
            self._send(RETURN)
            return
        self._escrow = value
        self.emit(BillEscrowed(self.now(), value))

    def _vend(self) -> None:
        event: DeviceEvent
        if self._ticket is not None:
            event, self._ticket = VoucherStacked(self.now(), self._ticket), None
        elif self._escrow is not None:
            event, self._escrow = BillStacked(self.now(), self._escrow), None
        else:
            return
        self.emit(event)

    def _returned(self) -> None:
        reason, self._returning = self._returning, ""
        if self._ticket is not None:
            self.emit(VoucherReturned(self.now(), self._ticket, reason))
            self._ticket = None
        elif self._escrow is not None:
            self.emit(BillReturned(self.now(), self._escrow, reason))
            self._escrow = None

    def _need(self, condition: bool, why: str) -> None:
        if not condition:
            raise DeviceStateError(Device.BILL_ACCEPTOR, why)

    def _send(self, command: int, data: bytes = b"") -> None:
        os.write(self.descriptor, frame(command, data))
